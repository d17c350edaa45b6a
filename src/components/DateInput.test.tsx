import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import i18n from '../i18n';
import { DateInput } from './DateInput';
import { renderWithTheme } from './testing/renderWithTheme';

const changes: string[] = [];

function Harness({ initial, optional }: { initial: string; optional?: boolean }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <label htmlFor="day">Day</label>
      <DateInput
        id="day"
        value={value}
        optional={optional}
        onChange={(iso) => {
          changes.push(iso);
          setValue(iso);
        }}
      />
    </>
  );
}

describe('DateInput', () => {
  beforeEach(() => {
    changes.length = 0;
  });
  afterEach(async () => {
    await act(() => i18n.changeLanguage('en'));
  });

  it('shows and reads the day in Portuguese order (dd/mm/aaaa)', async () => {
    await act(() => i18n.changeLanguage('pt'));
    renderWithTheme(<Harness initial="2026-11-03" />);
    const input = screen.getByLabelText('Day');
    expect(input).toHaveValue('03/11/2026');
    expect(input).toHaveAttribute('placeholder', 'dd/mm/aaaa');
    await userEvent.clear(input);
    await userEvent.type(input, '25/12/2026');
    expect(changes.at(-1)).toBe('2026-12-25');
    expect(input).toHaveAttribute('aria-invalid', 'false');
  });

  it('shows the day month first in English and follows a language change', async () => {
    renderWithTheme(<Harness initial="2026-11-03" />);
    const input = screen.getByLabelText('Day');
    expect(input).toHaveValue('11/03/2026');
    await act(() => i18n.changeLanguage('pt'));
    expect(input).toHaveValue('03/11/2026');
  });

  it('marks a day that is not real, passes nothing on, and restores the last day on leaving', async () => {
    renderWithTheme(<Harness initial="2024-02-01" />);
    const input = screen.getByLabelText('Day');
    await userEvent.clear(input);
    await userEvent.type(input, '02/31/2024');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(changes).toEqual([]);
    await userEvent.tab();
    expect(input).toHaveValue('02/01/2024');
    expect(input).toHaveAttribute('aria-invalid', 'false');
  });

  it('steps a day with the arrow keys', async () => {
    renderWithTheme(<Harness initial="2024-02-28" />);
    const input = screen.getByLabelText('Day');
    input.focus();
    await userEvent.keyboard('{ArrowUp}{ArrowUp}{ArrowDown}');
    expect(changes).toEqual(['2024-02-29', '2024-03-01', '2024-02-29']);
    expect(input).toHaveValue('02/29/2024');
  });

  it('may be emptied when optional', async () => {
    renderWithTheme(<Harness initial="2024-02-28" optional />);
    const input = screen.getByLabelText('Day');
    await userEvent.clear(input);
    expect(changes).toEqual(['']);
    expect(input).toHaveAttribute('aria-invalid', 'false');
  });
});
