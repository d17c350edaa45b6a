import { screen } from '@testing-library/react';
import { LoadingOverlay } from './LoadingOverlay';
import { renderWithTheme } from './testing/renderWithTheme';

describe('LoadingOverlay', () => {
  it('shows nothing when not visible', () => {
    renderWithTheme(<LoadingOverlay visible={false} />);
    expect(screen.queryByTestId('loading-overlay')).toBeNull();
  });

  it('covers the screen with the 300x37 product logo and a spinner', () => {
    renderWithTheme(<LoadingOverlay visible />);
    expect(screen.getByTestId('loading-overlay')).toHaveStyle({ position: 'fixed' });
    const logo = screen.getByRole('img', { name: 'msas' });
    expect(logo).toHaveAttribute('src', '/logo.svg');
    expect(logo).toHaveAttribute('width', '300');
    expect(logo).toHaveAttribute('height', '37');
    expect(screen.getByRole('status', { name: 'Loading page' })).toBeInTheDocument();
  });
});
