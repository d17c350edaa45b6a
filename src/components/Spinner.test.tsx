import { screen } from '@testing-library/react';
import { Spinner } from './Spinner';
import { renderWithTheme } from './testing/renderWithTheme';

describe('Spinner', () => {
  it('is a status with a default label and turns once every 2 seconds', () => {
    renderWithTheme(<Spinner />);
    const spinner = screen.getByRole('status', { name: 'Loading' });
    expect(getComputedStyle(spinner).animation).toMatch(/ 2s linear infinite$/);
    expect(spinner).toHaveStyle({ width: '24px', height: '24px' });
  });

  it('takes a size and a label', () => {
    renderWithTheme(<Spinner size={40} label="Saving" />);
    expect(screen.getByRole('status', { name: 'Saving' })).toHaveStyle({ width: '40px' });
  });
});
