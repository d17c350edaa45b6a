// The three optional web-analytics trackers of spec section 9, chosen for privacy: Plausible, Matomo and
// Umami, each self-hostable and usable without cookies. All are off unless configured (docs/OPERATIONS.md,
// "Web analytics"); the interface then loads each script only from the configured address, never a CDN.

export type TrackerSettings = {
  /** Plausible: the script's address and the site's domain as registered in Plausible. */
  plausible?: { scriptUrl: string; domain: string };
  /** Matomo: the installation's base address (matomo.js and matomo.php live under it) and the site id. */
  matomo?: { url: string; siteId: string };
  /** Umami: the script's address and the website id. */
  umami?: { scriptUrl: string; websiteId: string };
};

type Csp = { useDefaults: boolean; directives: Record<string, string[]> };

const origins = (trackers: TrackerSettings): string[] =>
  [
    ...new Set(
      [trackers.plausible?.scriptUrl, trackers.matomo?.url, trackers.umami?.scriptUrl]
        .filter((u): u is string => u !== undefined)
        .map((u) => new URL(u).origin),
    ),
  ].sort();

/**
 * Allows the configured trackers' origins in the Content-Security-Policy: their script, and where they
 * send page views (fetch/beacon, or Matomo's image fallback). Nothing is added when none is configured.
 */
export function withTrackerSources<T extends Csp>(csp: T, trackers: TrackerSettings): T {
  const allowed = origins(trackers);
  if (allowed.length === 0) return csp;
  const d = csp.directives;
  const plus = (name: string) => [...(d[name] ?? ["'self'"]), ...allowed];
  return {
    ...csp,
    directives: {
      ...d,
      scriptSrc: plus('scriptSrc'),
      connectSrc: plus('connectSrc'),
      imgSrc: plus('imgSrc'),
    },
  };
}

/** What the public config call tells the interface (snake_case on the wire); null: that tracker is off. */
export function publicTrackers(trackers: TrackerSettings) {
  const { plausible, matomo, umami } = trackers;
  return {
    plausible: plausible ? { script_url: plausible.scriptUrl, domain: plausible.domain } : null,
    matomo: matomo ? { url: matomo.url, site_id: matomo.siteId } : null,
    umami: umami ? { script_url: umami.scriptUrl, website_id: umami.websiteId } : null,
  };
}
