import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { LoadingButton } from './LoadingButton';
import { renderWithTheme } from './testing/renderWithTheme';

const icon = <svg data-testid="save-icon" />;

describe('LoadingButton', () => {
  it('shows its icon and works when not loading', async () => {
    const onClick = vi.fn();
    renderWithTheme(
      <LoadingButton isLoading={false} icon={icon} onClick={onClick}>
        Save
      </LoadingButton>,
    );
    const button = screen.getByRole('button', { name: 'Save' });
    expect(screen.getByTestId('save-icon')).toBeInTheDocument();
    expect(screen.queryByRole('status')).toBeNull();
    expect(button).not.toHaveAttribute('aria-busy');
    await userEvent.click(button);
    expect(onClick).toHaveBeenCalledTimes(1);
  });

  it('shows a spinner in place of its icon, disabled and busy, while loading', async () => {
    const onClick = vi.fn();
    renderWithTheme(
      <LoadingButton isLoading icon={icon} onClick={onClick} type="submit">
        Save
      </LoadingButton>,
    );
    const button = screen.getByRole('button', { name: /Save/ });
    expect(screen.queryByTestId('save-icon')).toBeNull();
    expect(screen.getByRole('status', { name: 'Loading' })).toBeInTheDocument();
    expect(button).toBeDisabled();
    expect(button).toHaveAttribute('aria-busy', 'true');
    expect(button).toHaveAttribute('type', 'submit');
    await userEvent.click(button);
    expect(onClick).not.toHaveBeenCalled();
  });

  it('defaults to type button and honours disabled', () => {
    renderWithTheme(
      <LoadingButton isLoading={false} disabled>
        Go
      </LoadingButton>,
    );
    expect(screen.getByRole('button', { name: 'Go' })).toHaveAttribute('type', 'button');
    expect(screen.getByRole('button', { name: 'Go' })).toBeDisabled();
  });
});
