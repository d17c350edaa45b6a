import { useEffect } from 'react';
import { toast } from 'react-toastify';

/**
 * Escape closes the toast that has the focus (Alt+T, react-toastify's key, or Tab brings the focus there) and
 * not the dialog under it (the key is marked handled); the focus moves on to the next toast, if any, so that
 * a run of them is closed one key at a time.
 */
export function useEscapeClosesToast() {
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || !(event.target instanceof Element)) return;
      const box = event.target.closest<HTMLElement>('.Toastify__toast');
      if (!box?.id) return;
      const boxes = [...document.querySelectorAll<HTMLElement>('.Toastify__toast')];
      const next = boxes[boxes.indexOf(box) + 1] ?? boxes[boxes.indexOf(box) - 1];
      event.preventDefault();
      toast.dismiss(box.id);
      next?.focus();
    };
    // In the capture phase: before a dialog's own Escape listener, whenever that one was added.
    document.addEventListener('keydown', onKey, true);
    return () => document.removeEventListener('keydown', onKey, true);
  }, []);
}
