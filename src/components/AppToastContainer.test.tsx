import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { carrierTheme } from '../theme/themes';
import { renderWithTheme } from './testing/renderWithTheme';
import { AppToastContainer } from './AppToastContainer';
import { burstWindowMs, showMessage } from './showMessage';

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
    [1280, 'top-right'],
  ])('at %i px comes up at the %s, clear of the header on a phone', async (width, position) => {
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
});
