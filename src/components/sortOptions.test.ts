import { sortOptions } from './sortOptions';

describe('sortOptions', () => {
  it('sorts by label alphabetically, ignoring case, without touching the input', () => {
    const options = [
      { label: 'beta.example', value: 1 },
      { label: 'Alpha.example', value: 2 },
      { label: 'alpha.example', value: 3 },
      { label: 'Charlie', value: 4 },
      { label: 'bravo', value: 5 },
    ];
    const sorted = sortOptions(options);
    expect(sorted.map((o) => o.label)).toEqual([
      'Alpha.example',
      'alpha.example',
      'beta.example',
      'bravo',
      'Charlie',
    ]);
    expect(options[0].label).toBe('beta.example');
  });

  it('orders numbers inside labels naturally', () => {
    expect(sortOptions([{ label: 'group 10' }, { label: 'Group 2' }]).map((o) => o.label)).toEqual([
      'Group 2',
      'group 10',
    ]);
  });
});
