import i18n from '../../i18n';
import { formatObserved } from './format';
import './locale';

// The values that tripped a rule read in the page's language: names, numbers, days and times.
describe('formatObserved', () => {
  const observed = {
    rate: 36.36,
    failed: 4,
    from: '2026-11-24',
    checkedAt: '2026-11-24T10:05:00Z',
    direction: 'spike',
  };

  it('names and writes them in Portuguese', () => {
    const text = formatObserved(observed, 'pt', i18n.getFixedT('pt', 'alerts'));
    expect(text).toMatch(
      /^taxa \(%\) 36,36 · com falha 4 · de 24 de nov\. de 2026 · verificado 24 de nov\. de 2026.* · direção Pico$/,
    );
  });

  it('names and writes them in English, and shows a name without a text as the server sends it', () => {
    const text = formatObserved({ ...observed, someNewValue: 'x' }, 'en', i18n.getFixedT('en', 'alerts'));
    expect(text).toMatch(
      /^rate \(%\) 36\.36 · failed 4 · from Nov 24, 2026 · checked Nov 24, 2026.* · direction Spike · some_new_value x$/,
    );
  });
});
