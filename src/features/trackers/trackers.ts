import type { Wire } from '../../../contract/casing';
import type { publicConfigSchema } from '../../../contract/reputation';

// The optional web-analytics trackers of spec section 9 (docs/OPERATIONS.md, "Web analytics"): Plausible,
// Matomo and Umami, each added only when the server's settings configure it, each script loaded from the
// configured address only. Privacy: nothing loads when the browser asks not to be tracked (Do Not Track,
// Global Privacy Control); page views carry the path without the query (it can name domains and
// searches); Matomo runs without cookies.

export type TrackersConfig = Wire<typeof publicConfigSchema>['trackers'];

type PrivacySignals = { doNotTrack?: string | null; globalPrivacyControl?: boolean };

/** Whether the visitor asked not to be tracked. */
export function optedOut(nav: PrivacySignals = navigator as PrivacySignals): boolean {
  return nav.doNotTrack === '1' || nav.globalPrivacyControl === true;
}

type MatomoQueue = unknown[][];
type WithMatomo = Window & { _paq?: MatomoQueue };

function addScript(doc: Document, src: string, data: Record<string, string>): HTMLScriptElement {
  const script = doc.createElement('script');
  script.defer = true;
  script.src = src;
  script.dataset.tracker = 'true';
  for (const [key, value] of Object.entries(data)) script.setAttribute(`data-${key}`, value);
  doc.head.appendChild(script);
  return script;
}

const pagePath = (win: Window) => win.location.pathname;

/**
 * Adds the configured trackers' scripts to the page; returns how many were added (0 when none is
 * configured or the visitor opted out). Plausible and Umami follow the router's history changes
 * themselves; Matomo is told by `trackPageView`.
 */
export function startTrackers(
  config: TrackersConfig | null | undefined,
  win: Window = window,
  nav: PrivacySignals = navigator as PrivacySignals,
): number {
  if (!config || optedOut(nav)) return 0;
  const doc = win.document;
  let added = 0;
  if (config.plausible) {
    // Plausible records the path and no query string unless told to; it sets no cookie.
    addScript(doc, config.plausible.scriptUrl, { domain: config.plausible.domain });
    added += 1;
  }
  if (config.umami) {
    addScript(doc, config.umami.scriptUrl, {
      'website-id': config.umami.websiteId,
      'exclude-search': 'true',
      'do-not-track': 'true',
    });
    added += 1;
  }
  if (config.matomo) {
    const queue: MatomoQueue = ((win as WithMatomo)._paq ??= []);
    queue.push(['disableCookies']);
    queue.push(['setDoNotTrack', true]);
    queue.push(['setTrackerUrl', `${config.matomo.url}matomo.php`]);
    queue.push(['setSiteId', config.matomo.siteId]);
    matomoStarted = true;
    trackPageView(win);
    addScript(doc, `${config.matomo.url}matomo.js`, {});
    added += 1;
  }
  return added;
}

let matomoStarted = false;

/** A route change: Matomo counts the new page (the others follow history changes on their own). */
export function trackPageView(win: Window = window): void {
  const queue = (win as WithMatomo)._paq;
  if (!matomoStarted || !queue) return;
  queue.push(['setCustomUrl', `${win.location.origin}${pagePath(win)}`]);
  queue.push(['setDocumentTitle', win.document.title]);
  queue.push(['trackPageView']);
}

/** For tests: forget that Matomo was started. */
export function resetTrackers(): void {
  matomoStarted = false;
}
