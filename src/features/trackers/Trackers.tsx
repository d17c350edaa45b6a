import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';
import { call } from '../../api/call';
import { reputationOps } from '../../../contract/operations/reputation';
import { optedOut, startTrackers, trackPageView } from './trackers';

/**
 * Starts the configured web-analytics trackers once per page load, from the public config call, and tells
 * Matomo of each route change. Renders nothing; a visitor who opted out does not even ask.
 */
export function Trackers() {
  const { pathname } = useLocation();
  const started = useRef(false);

  useEffect(() => {
    if (optedOut()) return;
    const controller = new AbortController();
    call(reputationOps.publicConfig, {}, { signal: controller.signal })
      .then((data) => {
        if (started.current) return;
        started.current = true;
        startTrackers(data.trackers);
      })
      // Analytics are optional: a failed config call leaves the page as it is.
      .catch(() => undefined);
    return () => controller.abort();
  }, []);

  useEffect(() => {
    if (started.current) trackPageView();
  }, [pathname]);

  return null;
}
