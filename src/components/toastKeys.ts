import { useEffect } from 'react';
import { toast } from 'react-toastify';

const boxOf = (node: EventTarget | null) =>
  node instanceof Element ? node.closest<HTMLElement>('.Toastify__toast') : null;

/**
 * Escape closes the toast that has the focus (Alt+T, react-toastify's key, or Tab brings the focus there) and
 * not the dialog under it (the key is marked handled). Closed by Escape or by its close button, the toast
 * hands the focus on to the next toast, so that a run of them is closed one key at a time, and the last one
 * back to where the focus was before it entered the toasts, not to the page's body.
 */
export function useEscapeClosesToast() {
  useEffect(() => {
    let cameFrom: HTMLElement | null = null;
    const moveOn = (box: HTMLElement) => {
      // Still showing: a dismissed toast stays in the page while it animates out.
      const boxes = [...document.querySelectorAll<HTMLElement>('.Toastify__toast')].filter(
        (b) => b !== box && toast.isActive(b.id),
      );
      const next =
        boxes.find((b) => box.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING) ?? boxes.at(-1);
      if (next) next.focus();
      else if (cameFrom?.isConnected) cameFrom.focus();
    };
    const onKey = (event: KeyboardEvent) => {
      const box = event.key === 'Escape' ? boxOf(event.target) : null;
      if (!box?.id) return;
      event.preventDefault();
      toast.dismiss(box.id);
      moveOn(box);
    };
    const onClick = (event: MouseEvent) => {
      const box = boxOf(event.target);
      const close = event.target instanceof Element && event.target.closest('[data-toast-close]');
      if (box && close && box.contains(document.activeElement)) moveOn(box);
    };
    const onFocusIn = (event: FocusEvent) => {
      if (boxOf(event.target) && !boxOf(event.relatedTarget))
        cameFrom = event.relatedTarget instanceof HTMLElement ? event.relatedTarget : null;
    };
    // In the capture phase: before a dialog's own Escape listener, whenever that one was added.
    document.addEventListener('keydown', onKey, true);
    document.addEventListener('click', onClick, true);
    document.addEventListener('focusin', onFocusIn);
    return () => {
      document.removeEventListener('keydown', onKey, true);
      document.removeEventListener('click', onClick, true);
      document.removeEventListener('focusin', onFocusIn);
    };
  }, []);
}
