import { useEffect } from 'react';
import { holdRoute } from '../navigation/progress';

/**
 * Suspense fallback of the lazy routes (and the session check): holds the route change open while it is
 * mounted. The overlay itself is RouteChangeOverlay's, which covers the whole change, data included.
 */
export function RoutePending() {
  useEffect(() => holdRoute(), []);
  return null;
}
