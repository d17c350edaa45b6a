import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Collapsible } from './Collapsible';
import { renderWithTheme } from './testing/renderWithTheme';

describe('Collapsible', () => {
  it('starts closed and toggles on click', async () => {
    renderWithTheme(<Collapsible title="DKIM signatures">body text</Collapsible>);
    const toggle = screen.getByRole('button', { name: 'DKIM signatures' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getByText('body text')).not.toBeVisible();
    await userEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByText('body text')).toBeVisible();
    await userEvent.click(toggle);
    expect(screen.getByText('body text')).not.toBeVisible();
  });

  it('can start open and is reachable by keyboard', async () => {
    renderWithTheme(
      <Collapsible title="History" defaultOpen>
        rows
      </Collapsible>,
    );
    expect(screen.getByText('rows')).toBeVisible();
    await userEvent.tab();
    expect(screen.getByRole('button', { name: 'History' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    expect(screen.getByText('rows')).not.toBeVisible();
  });
});
