import type { AnalysisSystem } from './types';

// Each Analysis by system page: its route id (routes.ts), the system of the API, and the summary facts
// shown as columns, in order (camelCased keys of the contract's `summary`). Facts the server sends that
// are not listed here are shown after these, so a new fact needs no release of the console.

export type SystemPage = { pageId: string; system: AnalysisSystem; summary: string[] };

export const systemPages = {
  dmarc: { pageId: 'dmarc', system: 'dmarc', summary: ['policy', 'pct', 'rua'] },
  spf: { pageId: 'spf', system: 'spf', summary: ['lookups', 'all'] },
  smtp: { pageId: 'smtpServers', system: 'smtp', summary: ['mx', 'starttls'] },
  tls: { pageId: 'tls', system: 'tls', summary: ['rua', 'reports', 'sessionsSuccess', 'sessionsFailed'] },
  mtaSts: { pageId: 'mtaSts', system: 'mta-sts', summary: ['mode'] },
  dkim: { pageId: 'dkim', system: 'dkim', summary: ['selectors', 'weak'] },
  dnssec: { pageId: 'dnssec', system: 'dnssec', summary: ['status'] },
} as const satisfies Record<string, SystemPage>;

/** The summary columns of a page: the preferred ones, then any other key the rows carry. */
export function summaryColumns(preferred: readonly string[], rows: { summary: object }[]): string[] {
  const seen = new Set<string>();
  for (const row of rows) for (const key of Object.keys(row.summary ?? {})) seen.add(key);
  const extra = [...seen].filter((key) => !preferred.includes(key)).sort();
  return [...preferred.filter((key) => seen.has(key)), ...extra];
}
