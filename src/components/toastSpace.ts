import { useEffect } from 'react';
import { toast } from 'react-toastify';

// A toast is 320 px wide, 16 px from the screen's edge (react-toastify's defaults): the column it takes.
export const toastColumnPx = 336;

/** The height the toasts take at the bottom of the screen, as a CSS length (0px when none show). */
export const toastSpace = 'var(--toast-space, 0px)';

/**
 * Keeps --toast-space on the root up to date: the height from the top of the toast stack to the bottom of
 * the screen, so that a dialog (and the page's end) can keep its actions above the toasts.
 */
export function useToastSpace() {
  useEffect(() => {
    const root = document.documentElement;
    let frame = 0;
    const measure = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => {
        const shown = [...document.querySelectorAll('.Toastify__toast-container')].filter(
          (stack) => stack.childElementCount > 0,
        );
        const top = Math.min(window.innerHeight, ...shown.map((stack) => stack.getBoundingClientRect().top));
        root.style.setProperty('--toast-space', `${Math.round(window.innerHeight - top)}px`);
      });
    };
    const stop = toast.onChange(measure);
    window.addEventListener('resize', measure);
    return () => {
      stop();
      window.removeEventListener('resize', measure);
      cancelAnimationFrame(frame);
      root.style.removeProperty('--toast-space');
    };
  }, []);
}
