import { useEffect, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { LoadingOverlay } from '../../components/LoadingOverlay';
import { useAppDispatch } from '../hooks';
import { menuActions } from '../menu/menuSlice';
import { watchRouteChange } from '../navigation/progress';

/** A change completing sooner never shows the overlay: a flash of logo would be worse than nothing. */
export const overlayDelayMs = 150;
/** Past this the page shows whatever it has: one hung request must not cover the screen for good. */
export const overlayCapMs = 10_000;

/**
 * Spec section 2: the full-screen loading overlay from route-change start to completion. A change (a new
 * path, the first page included) completes when the route's lazy chunks and session check are done and
 * the new page's first read requests have settled (navigation/progress.ts). The overlay appears only
 * once a change has taken longer than `overlayDelayMs`; the menu state's `navigationPending` follows the
 * whole change.
 */
export function RouteChangeOverlay() {
  const { pathname } = useLocation();
  const dispatch = useAppDispatch();
  const [visible, setVisible] = useState(false);

  useEffect(() => {
    dispatch(menuActions.navigationStarted());
    const show = setTimeout(() => setVisible(true), overlayDelayMs);
    const stop = watchRouteChange(() => {
      clearTimeout(show);
      setVisible(false);
      dispatch(menuActions.navigationFinished());
    }, overlayCapMs);
    // A newer change takes over; a visible overlay stays up until that one completes.
    return () => {
      clearTimeout(show);
      stop();
    };
  }, [pathname, dispatch]);

  return <LoadingOverlay visible={visible} />;
}
