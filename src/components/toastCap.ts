import { useEffect } from 'react';
import { toast, type Id } from 'react-toastify';

// At most this many toasts at once: two actions in a row must not build a wall over the page. react-toastify's
// own `limit` queues the newest until an old one goes; here the newest shows at once and the oldest goes.
export const maxToasts = 3;

/** Dismisses the oldest toast whenever one more than `max` is showing, whoever raised it. */
export function useToastCap(max = maxToasts) {
  useEffect(() => {
    const shown: Id[] = [];
    return toast.onChange((item) => {
      if (item.status === 'added') {
        shown.push(item.id);
        while (shown.length > max) toast.dismiss(shown.shift());
      } else if (item.status === 'removed') {
        const at = shown.indexOf(item.id);
        if (at >= 0) shown.splice(at, 1);
      }
    });
  }, [max]);
}
