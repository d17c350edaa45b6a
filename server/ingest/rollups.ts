import { sql } from 'kysely';
import type { AggregateRecord } from '../dmarc/types';
import { cleanText } from './clean';

// Per-day rollups: one row per (organization, policy domain, day, source IP, results), message counts summed.
// The dashboards read only these. The policy_evaluated verdicts are the aligned results (RFC 7489 section
// 3.1 and appendix C); dkim_auth / spf_auth say whether any raw DKIM / SPF auth result passed, aligned or not.

export type RollupRow = {
  day: string;
  organization_id: number;
  domain: string;
  source_ip: string;
  sender_service: string | null;
  dkim_auth: boolean;
  spf_auth: boolean;
  dkim_aligned: boolean;
  spf_aligned: boolean;
  dmarc_pass: boolean;
  disposition: string;
  messages: number;
  records: number;
};

export const rollupKeyColumns = [
  'organization_id',
  'domain',
  'day',
  'source_ip',
  'dkim_auth',
  'spf_auth',
  'dkim_aligned',
  'spf_aligned',
  'disposition',
] as const;

/** Rollup rows by key: a batch merges the rows of its reports through the same keys. */
export type RollupRows = Map<string, RollupRow>;

/** The key columns of a row as one string (the NUL byte is removed from every text at ingest: clean.ts). */
export const rollupKey = (r: RollupRow): string =>
  `${r.organization_id}\u0000${r.domain}\u0000${r.day}\u0000${r.source_ip}\u0000${r.dkim_auth ? 1 : 0}` +
  `${r.spf_auth ? 1 : 0}${r.dkim_aligned ? 1 : 0}${r.spf_aligned ? 1 : 0}\u0000${r.disposition}`;

// rollupKey's text after the source IP, for each combination of the four results (bit 3: dkim_auth, 2:
// spf_auth, 1: dkim_aligned, 0: spf_aligned) and each disposition: written once, not once per record.
const tails = new Map<string, string[]>();
const tailOf = (bits: number, disposition: string): string => {
  let list = tails.get(disposition);
  if (list === undefined) {
    list = [];
    for (let b = 0; b < 16; b++)
      list.push(`\u0000${b >> 3}${(b >> 2) & 1}${(b >> 1) & 1}${b & 1}\u0000${disposition}`);
    // Dispositions are the three of RFC 7489 (normalise.ts); never more than a few kept whatever comes.
    if (tails.size < 8) tails.set(disposition, list);
  }
  return list[bits];
};

const anyPass = (list: readonly { result: string }[]): boolean => {
  for (let i = 0; i < list.length; i++) if (list[i].result === 'pass') return true;
  return false;
};

/**
 * Folds a report's records into rollup rows, one per key. Unsorted: the statement that writes them sorts
 * (flush.ts). The sender service is joined from ip_enrichment there too. Keys are rollupKey's, built from
 * a per-report prefix and a per-results tail.
 */
export function rollupRows(
  records: AggregateRecord[],
  base: { day: string; organizationId: number; domain: string },
): RollupRows {
  const byKey: RollupRows = new Map();
  const prefix = `${base.organizationId}\u0000${base.domain}\u0000${base.day}\u0000`;
  for (let i = 0; i < records.length; i++) {
    const rec = records[i];
    const evaluated = rec.policyEvaluated;
    const sourceIp = cleanText(rec.sourceIp);
    const dkimAuth = anyPass(rec.authResults.dkim);
    const spfAuth = anyPass(rec.authResults.spf);
    const dkimAligned = evaluated.dkim === 'pass';
    const spfAligned = evaluated.spf === 'pass';
    const bits = (dkimAuth ? 8 : 0) | (spfAuth ? 4 : 0) | (dkimAligned ? 2 : 0) | (spfAligned ? 1 : 0);
    const key = prefix + sourceIp + tailOf(bits, evaluated.disposition);
    const seen = byKey.get(key);
    if (seen) {
      seen.messages += rec.count;
      seen.records += 1;
    } else
      byKey.set(key, {
        day: base.day,
        organization_id: base.organizationId,
        domain: base.domain,
        source_ip: sourceIp,
        sender_service: null,
        dkim_auth: dkimAuth,
        spf_auth: spfAuth,
        dkim_aligned: dkimAligned,
        spf_aligned: spfAligned,
        dmarc_pass: dkimAligned || spfAligned,
        disposition: evaluated.disposition,
        messages: rec.count,
        records: 1,
      });
  }
  return byKey;
}

export const rollupOnConflict = sql`on conflict (${sql.join(rollupKeyColumns.map((c) => sql.ref(c)))}) do update set
  messages = dmarc_rollups.messages + excluded.messages,
  records = dmarc_rollups.records + excluded.records,
  sender_service = coalesce(excluded.sender_service, dmarc_rollups.sender_service)`;
