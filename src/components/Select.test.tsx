import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { Select, selectClassPrefix, type SelectOption } from './Select';
import { renderWithTheme } from './testing/renderWithTheme';

const options: SelectOption<number>[] = [
  'zulu.example',
  'Alpha.example',
  'echo.example',
  'bravo.example',
  'Delta.example',
  'charlie.example',
  'foxtrot.example',
  'golf.example',
].map((label, index) => ({ label, value: index }));

function Single({ onChange }: { onChange?: (o: SelectOption<number> | null) => void }) {
  const [value, setValue] = useState<SelectOption<number> | null>(null);
  return (
    <Select
      inputId="domain"
      ariaLabel="Domain"
      options={options}
      value={value}
      onChange={(next) => {
        onChange?.(next);
        setValue(next);
      }}
    />
  );
}

function openMenu() {
  fireEvent.keyDown(screen.getByRole('combobox', { name: 'Domain' }), { key: 'ArrowDown' });
}

const focusedOption = () => document.querySelector(`.${selectClassPrefix}__option--is-focused`)?.textContent;

describe('Select', () => {
  it('lists options sorted alphabetically, case-insensitive', () => {
    renderWithTheme(<Single />);
    openMenu();
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual([
      'Alpha.example',
      'bravo.example',
      'charlie.example',
      'Delta.example',
      'echo.example',
      'foxtrot.example',
      'golf.example',
      'zulu.example',
    ]);
  });

  it('shows the translated placeholder and menu max height 300', () => {
    renderWithTheme(<Single />);
    expect(screen.getByText('Select...')).toBeInTheDocument();
    openMenu();
    const list = document.querySelector(`.${selectClassPrefix}__menu-list`);
    expect(list).toHaveStyle({ maxHeight: '300px' });
  });

  it('pages through options 5 at a time', () => {
    renderWithTheme(<Single />);
    openMenu();
    expect(focusedOption()).toBe('Alpha.example');
    fireEvent.keyDown(screen.getByRole('combobox'), { key: 'PageDown' });
    expect(focusedOption()).toBe('foxtrot.example');
  });

  it('selects a single option', async () => {
    const onChange = vi.fn();
    renderWithTheme(<Single onChange={onChange} />);
    openMenu();
    await userEvent.click(screen.getByRole('option', { name: 'charlie.example' }));
    expect(onChange).toHaveBeenCalledWith({ label: 'charlie.example', value: 5 });
    expect(screen.getByText('charlie.example')).toBeInTheDocument();
  });

  it('selects several options when isMulti', async () => {
    const onChange = vi.fn();
    renderWithTheme(
      <Select
        isMulti
        inputId="groups"
        ariaLabel="Domain"
        options={options}
        value={[options[0]]}
        onChange={onChange}
      />,
    );
    openMenu();
    await userEvent.click(screen.getByRole('option', { name: 'Alpha.example' }));
    expect(onChange).toHaveBeenCalledWith([options[0], options[1]]);
  });

  it('says when there are no options', () => {
    renderWithTheme(<Select inputId="x" ariaLabel="Domain" options={[]} value={null} onChange={() => {}} />);
    openMenu();
    expect(screen.getByText('No options')).toBeInTheDocument();
  });
});
