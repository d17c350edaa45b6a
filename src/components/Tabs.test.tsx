import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Tabs } from './Tabs';
import { renderWithTheme } from './testing/renderWithTheme';

const tabs = [
  { id: 'dmarc', label: 'DMARC', content: 'dmarc body' },
  { id: 'spf', label: 'SPF', content: 'spf body' },
  { id: 'dkim', label: 'DKIM', content: 'dkim body' },
];

describe('Tabs', () => {
  it('shows the first tab by default', () => {
    renderWithTheme(<Tabs tabs={tabs} />);
    expect(screen.getByRole('tab', { name: 'DMARC' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel', { name: 'DMARC' })).toHaveTextContent('dmarc body');
    expect(screen.queryByText('spf body')).toBeNull();
  });

  it('shows the given initial tab, and the first when the id is unknown', () => {
    const { unmount } = renderWithTheme(<Tabs tabs={tabs} initialTab="spf" />);
    expect(screen.getByRole('tabpanel')).toHaveTextContent('spf body');
    unmount();
    renderWithTheme(<Tabs tabs={tabs} initialTab="nope" />);
    expect(screen.getByRole('tabpanel')).toHaveTextContent('dmarc body');
  });

  it('switches on click', async () => {
    renderWithTheme(<Tabs tabs={tabs} />);
    await userEvent.click(screen.getByRole('tab', { name: 'DKIM' }));
    expect(screen.getByRole('tabpanel', { name: 'DKIM' })).toHaveTextContent('dkim body');
    expect(screen.getByRole('tab', { name: 'DMARC' })).toHaveAttribute('aria-selected', 'false');
  });

  it('moves with arrow keys, wrapping, and Home/End', async () => {
    renderWithTheme(<Tabs tabs={tabs} />);
    await userEvent.tab();
    expect(screen.getByRole('tab', { name: 'DMARC' })).toHaveFocus();
    await userEvent.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'SPF' })).toHaveFocus();
    expect(screen.getByRole('tabpanel')).toHaveTextContent('spf body');
    await userEvent.keyboard('{ArrowLeft}{ArrowLeft}');
    expect(screen.getByRole('tab', { name: 'DKIM' })).toHaveFocus();
    await userEvent.keyboard('{Home}');
    expect(screen.getByRole('tabpanel')).toHaveTextContent('dmarc body');
    await userEvent.keyboard('{End}');
    expect(screen.getByRole('tabpanel')).toHaveTextContent('dkim body');
  });
});
