import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { carrierTheme } from '../theme/themes';
import { renderWithTheme } from './testing/renderWithTheme';
import { AppToastContainer } from './AppToastContainer';
import { burstWindowMs, showMessage } from './showMessage';
import { Modal } from './Modal';
import { maxToasts } from './toastCap';

/** The messages of the toasts showing, without their close button's ×. */
const shownMessages = () => screen.queryAllByRole('alert').map((a) => a.textContent?.replace('×', ''));

describe('AppToastContainer and showMessage', () => {
  it.each(['error', 'warning', 'success'] as const)('shows a %s message as an alert', async (messageType) => {
    renderWithTheme(<AppToastContainer />);
    act(() => {
      showMessage({ messageType, message: `A ${messageType} message` });
    });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(`A ${messageType} message`);
    expect(alert.closest('.Toastify__toast')).toHaveClass(`Toastify__toast--${messageType}`);
  });

  it('auto-closes after 5 seconds', async () => {
    renderWithTheme(<AppToastContainer />);
    act(() => {
      showMessage({ messageType: 'success', message: 'Alert created sucessfully.' });
    });
    await screen.findByRole('alert');
    const progress = document.querySelector('.Toastify__progress-bar') as HTMLElement;
    expect(progress.style.animationDuration).toBe('5000ms');
  });

  it('has a translated close button and follows the carrier theme', async () => {
    renderWithTheme(<AppToastContainer />, carrierTheme);
    act(() => {
      showMessage({ messageType: 'error', message: 'Unable to create Alert.' });
    });
    const toastBox = (await screen.findByRole('alert')).closest('.Toastify__toast') as HTMLElement;
    expect(toastBox).toHaveClass('Toastify__toast-theme--dark');
    await userEvent.click(within(toastBox).getByRole('button', { name: 'Close notification' }));
  });

  it('gathers a burst of messages of one type into one toast that counts them', async () => {
    renderWithTheme(<AppToastContainer />);
    const start = Date.now();
    act(() => {
      for (let i = 1; i <= 10; i += 1)
        showMessage({ messageType: 'warning', message: `Domain d${i}.example added.` }, start + i);
    });
    await screen.findByText('Domain d1.example added. (and 9 more)');
    expect(screen.getAllByRole('alert')).toHaveLength(1);
    act(() => {
      showMessage({ messageType: 'warning', message: 'Later.' }, start + 10 + burstWindowMs);
    });
    expect(await screen.findByText('Later.')).toBeInTheDocument();
    expect(screen.getAllByRole('alert')).toHaveLength(2);
  });

  it.each([
    [390, 'bottom-center'],
    [1440, 'bottom-right'],
  ])('at %i px comes up at the %s, clear of the header', async (width, position) => {
    const before = window.matchMedia;
    window.matchMedia = ((query: string) => ({
      matches: query === '(max-width: 480px)' && width <= 480,
      media: query,
      addEventListener: () => {},
      removeEventListener: () => {},
    })) as unknown as typeof window.matchMedia;
    try {
      renderWithTheme(<AppToastContainer />);
      act(() => {
        showMessage({ messageType: 'success', message: `Shown at ${width}` });
      });
      const alert = await screen.findByRole('alert');
      expect(alert.closest('.Toastify__toast-container')).toHaveClass(
        `Toastify__toast-container--${position}`,
      );
    } finally {
      window.matchMedia = before;
    }
  });

  it(`shows at most ${maxToasts} at once: the newest comes in, the oldest goes`, async () => {
    renderWithTheme(<AppToastContainer />);
    // Raised the way the resources raise theirs (toast.success / toast.error straight away), not only showMessage.
    const { toast } = await import('react-toastify');
    act(() => {
      toast.success('First saved.');
      toast.error('Second failed.');
      toast.success('Third saved.');
    });
    await screen.findByText('Third saved.');
    expect(screen.getAllByRole('alert')).toHaveLength(maxToasts);
    act(() => {
      toast.success('Fourth saved.');
    });
    await screen.findByText('Fourth saved.');
    // A toast on its way out is no alert any more (jsdom runs no exit animation to take it away).
    await waitFor(() => expect(shownMessages()).toEqual(['Fourth saved.', 'Third saved.', 'Second failed.']));
  });

  it('sits in a live region named in the page language, and each toast closes from the keyboard', async () => {
    const user = userEvent.setup();
    const closed: string[] = [];
    renderWithTheme(
      <>
        <Modal isOpen title="Import" onClose={() => closed.push('dialog')}>
          <button type="button">In the dialog</button>
        </Modal>
        <AppToastContainer />
      </>,
    );
    const region = screen.getByRole('region', { name: 'Notifications (Alt+T goes to them)' });
    expect(region).toHaveAttribute('aria-live', 'polite');
    act(() => {
      showMessage({ messageType: 'success', message: 'Zone imported.' });
      showMessage({ messageType: 'error', message: 'Unable to sign the zone.' });
    });
    await screen.findByText('Unable to sign the zone.');
    const working = screen.getByRole('button', { name: 'In the dialog' });
    working.focus();
    // Alt+T brings the focus to the newest; Escape closes it (not the dialog) and moves on to the next one.
    await user.keyboard('{Alt>}t{/Alt}');
    expect(screen.getByText('Unable to sign the zone.').closest('.Toastify__toast')).toHaveFocus();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(shownMessages()).toEqual(['Zone imported.']));
    const last = screen.getByText('Zone imported.').closest('.Toastify__toast') as HTMLElement;
    expect(last).toHaveFocus();
    // Its close button, from the keyboard too.
    await user.tab();
    expect(within(last).getByRole('button', { name: 'Close notification' })).toHaveFocus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(shownMessages()).toEqual([]));
    // The last one gone, the focus is back where the user was working.
    await waitFor(() => expect(working).toHaveFocus());
    expect(closed).toEqual([]);
    expect(screen.getByRole('dialog', { name: 'Import' })).toBeInTheDocument();
  });
});
