import { screen } from '@testing-library/react';
import { PercentageBar } from './PercentageBar';
import { renderWithTheme } from './testing/renderWithTheme';

describe('PercentageBar', () => {
  it('shows the value with 2 decimals and fills that share', () => {
    renderWithTheme(<PercentageBar value={42.5} label="DMARC pass" />);
    expect(screen.getByText('42.50%')).toBeInTheDocument();
    const bar = screen.getByRole('progressbar', { name: 'DMARC pass' });
    expect(bar).toHaveAttribute('aria-valuenow', '42.5');
    expect(bar).toHaveAttribute('aria-valuetext', '42.50%');
    expect(bar.firstElementChild).toHaveStyle({ width: '42.5%' });
  });

  it('rounds to 2 decimals and keeps the fill inside 0..100', () => {
    renderWithTheme(<PercentageBar value={120} />);
    expect(screen.getByText('120.00%')).toBeInTheDocument();
    expect(screen.getByRole('progressbar').firstElementChild).toHaveStyle({ width: '100%' });
  });
});
