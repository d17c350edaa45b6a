import { useEffect, useRef, type RefObject } from 'react';

/**
 * Focus for a panel once a change it asked for has finished; call the returned function when asking. The
 * button that asked may be gone by then (a fix applied, signing turned on), and the dialog gives focus back
 * to it; a removed element leaves focus at the start of the page, so a keyboard user would start over.
 */
export function useFocusAfter(panel: RefObject<HTMLElement | null>, busy: boolean): () => void {
  const asked = useRef(false);
  const wasBusy = useRef(false);
  useEffect(() => {
    if (wasBusy.current && !busy && asked.current) {
      asked.current = false;
      // The panel is where its button was, on screen: no scrolling it under the sticky header.
      panel.current?.focus({ preventScroll: true });
    }
    wasBusy.current = busy;
  }, [busy, panel]);
  return () => {
    asked.current = true;
  };
}
