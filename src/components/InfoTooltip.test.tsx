import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { InfoTooltip } from './InfoTooltip';
import { renderWithTheme } from './testing/renderWithTheme';

describe('InfoTooltip', () => {
  const text = 'Percentage of messages subject to the policy.';

  it('toggles on click', async () => {
    renderWithTheme(<InfoTooltip text={text} />);
    const trigger = screen.getByRole('button', { name: 'More information' });
    expect(screen.queryByRole('tooltip')).toBeNull();
    await userEvent.click(trigger);
    expect(screen.getByRole('tooltip')).toHaveTextContent(text);
    expect(trigger).toHaveAccessibleDescription(text);
    await userEvent.click(trigger);
    expect(screen.queryByRole('tooltip')).toBeNull();
  });

  it('closes on an outside click but not on a click inside', async () => {
    renderWithTheme(
      <div>
        <p>elsewhere</p>
        <InfoTooltip text={text} label="About pct" />
      </div>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'About pct' }));
    await userEvent.click(screen.getByRole('tooltip'));
    expect(screen.getByRole('tooltip')).toBeInTheDocument();
    await userEvent.click(screen.getByText('elsewhere'));
    expect(screen.queryByRole('tooltip')).toBeNull();
  });

  it('closes on Escape', async () => {
    renderWithTheme(<InfoTooltip text={text} />);
    await userEvent.click(screen.getByRole('button'));
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('tooltip')).toBeNull();
  });
});
