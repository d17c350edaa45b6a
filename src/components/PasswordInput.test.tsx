import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import i18n from '../i18n';
import { PasswordInput } from './PasswordInput';
import { renderWithTheme } from './testing/renderWithTheme';

function Harness({ error }: { error?: string }) {
  const [value, setValue] = useState('');
  return (
    <PasswordInput
      id="password"
      name="password"
      label="Password"
      value={value}
      onChange={(e) => setValue(e.target.value)}
      error={error}
    />
  );
}

describe('PasswordInput', () => {
  afterEach(async () => {
    await act(() => i18n.changeLanguage('en'));
  });

  it('is hidden by default and toggles visible/hidden', async () => {
    renderWithTheme(<Harness />);
    const input = screen.getByLabelText('Password');
    await userEvent.type(input, 's3cret');
    expect(input).toHaveAttribute('type', 'password');
    expect(input).toHaveValue('s3cret');
    await userEvent.click(screen.getByRole('button', { name: 'Show password' }));
    expect(input).toHaveAttribute('type', 'text');
    await userEvent.click(screen.getByRole('button', { name: 'Hide password' }));
    expect(input).toHaveAttribute('type', 'password');
  });

  it('shows the field error and marks the input invalid', () => {
    renderWithTheme(<Harness error="This field is required." />);
    const input = screen.getByLabelText('Password');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription('This field is required.');
  });

  it('labels the toggle in Portuguese', async () => {
    await act(() => i18n.changeLanguage('pt'));
    renderWithTheme(<Harness />);
    expect(screen.getByRole('button', { name: 'Mostrar senha' })).toBeInTheDocument();
  });
});
