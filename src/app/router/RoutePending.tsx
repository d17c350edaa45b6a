import { useEffect } from 'react';
import { LoadingOverlay } from '../../components/LoadingOverlay';
import { useAppDispatch } from '../hooks';
import { menuActions } from '../menu/menuSlice';

/**
 * Suspense fallback of the lazy routes: the full-screen overlay (logo + spinner) from route-change
 * start until the page has loaded, mirrored in the menu state's navigation-pending flag.
 */
export function RoutePending() {
  const dispatch = useAppDispatch();
  useEffect(() => {
    dispatch(menuActions.navigationStarted());
    return () => {
      dispatch(menuActions.navigationFinished());
    };
  }, [dispatch]);
  return <LoadingOverlay visible />;
}
