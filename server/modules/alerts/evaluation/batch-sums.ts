import { sql } from 'kysely';
import type { Db } from '../../../db/database';
import type { Planned } from './batch-load';
import { type DaySums, daySumsOf } from './evaluators';
import { emptyData, type RuleData, rollupSums } from './judge';
import type { AlertRuleRow } from '../repo';

// The message sums per day of a batch's rate and volume rules (./batch-load.ts), each (organization, domain)
// read once over the widest window the batch's rules ask of it (each item then keeps its own days), in one
// statement per source:
// - from analytics_domain_days (migration 0033: one row per organization, day and domain, where the
//   rollups hold one per source and result), for domain scopes. It has the DMARC pass and the aligned SPF
//   and DKIM pass, not SPF or DKIM passing unaligned, so the SPF and DKIM rate rules that count only
//   messages with no pass at all (count_unaligned_pass: false) read the rollups, as IP scopes do. The batch
//   folds the summaries' queued deltas first (./batch.ts), so they hold every committed report.
// - from dmarc_rollups otherwise, a lateral index range per key (the rollups' key leads with organization,
//   domain, day; an IP has its own index).

export type SumsSource = 'summary' | 'rollups' | 'ip';

export function sumsSource(rule: Pick<AlertRuleRow, 'scope_type' | 'condition' | 'params'>): SumsSource {
  if (rule.scope_type === 'ip') return 'ip';
  const authOnly = rule.condition.startsWith('spf_') || rule.condition.startsWith('dkim_');
  return authOnly && rule.params.count_unaligned_pass === false ? 'rollups' : 'summary';
}

type Window = { o: number; k: string; f: string; t: string };
type Row = Record<string, string | number>;

// One index range per organization (the summary's key leads with organization and day; the rows of an
// organization's day lie together), keeping each domain asked from the first day asked of it: fewer index
// descents and pages than one range per domain, measured.
async function fromSummary(db: Db, windows: Window[]): Promise<Row[]> {
  if (windows.length === 0) return [];
  const byOrg = new Map<number, { o: number; ks: Record<string, string>; f: string; t: string }>();
  for (const w of windows) {
    const org = byOrg.get(w.o) ?? { o: w.o, ks: {}, f: w.f, t: w.t };
    byOrg.set(w.o, org);
    org.ks[w.k] = w.f;
    if (w.f < org.f) org.f = w.f;
    if (w.t > org.t) org.t = w.t;
  }
  // spf_fail and dkim_fail are not in the summary: no rule reading it asks for them (sumsSource). The rows
  // come back as one JSON array: parsing tens of thousands of rows field by field cost the client more
  // than the query (measured).
  const { rows } = await sql<{ r: [number, string, string, ...(string | number)[]][] }>`
    select coalesce(json_agg(json_build_array(w.o, s.domain, s.day, s.messages, s.messages - s.dmarc_passed,
             s.messages - s.spf_passed, s.messages - s.dkim_passed)), '[]') as r
      from jsonb_to_recordset(${JSON.stringify([...byOrg.values()])}::jsonb) as w(o int, ks jsonb, f date, t date)
      join analytics_domain_days s on s.organization_id = w.o and s.day between w.f and w.t
     where s.records > 0 and s.day >= (w.ks ->> s.domain)::date`.execute(db);
  return rows[0]!.r.map(([o, k, day, messages, dmarc_fail, spf_unaligned, dkim_unaligned]) => ({
    o,
    k,
    day,
    messages: messages!,
    dmarc_fail: dmarc_fail!,
    spf_unaligned: spf_unaligned!,
    dkim_unaligned: dkim_unaligned!,
  }));
}

async function fromRollups(db: Db, windows: Window[], byIp: boolean): Promise<Row[]> {
  if (windows.length === 0) return [];
  const match = byIp ? sql`x.source_ip = w.k` : sql`x.domain = w.k`;
  const { rows } = await sql<Row>`
    select w.o, w.k, s.*
      from jsonb_to_recordset(${JSON.stringify(windows)}::jsonb) as w(o int, k text, f date, t date)
      cross join lateral (
        select x.day::text as day, ${rollupSums}
          from dmarc_rollups x
         where x.organization_id = w.o and ${match} and x.day between w.f and w.t
         group by x.day) s`.execute(db);
  return rows;
}

/** The keys (IP, or the scope's domains) an item's sums are read by. */
const keysOf = (p: Planned) => (p.rule.scope_type === 'ip' ? [p.rule.target_selection] : p.domains);
const keyOf = (source: SumsSource, o: number | string, k: string) => `${source}\u0000${o}\u0000${k}`;

export async function loadSums(db: Db, items: Planned[], out: Map<number, RuleData>): Promise<void> {
  const windows = new Map<string, Window & { source: SumsSource }>();
  for (const p of items) {
    const source = p.sums!;
    for (const k of keysOf(p)) {
      const key = keyOf(source, p.rule.organization_id, k);
      const w = windows.get(key);
      if (!w) windows.set(key, { o: p.rule.organization_id, k, f: p.from, t: p.day, source });
      else {
        if (p.from < w.f) w.f = p.from;
        if (p.day > w.t) w.t = p.day;
      }
    }
  }
  const of = (source: SumsSource) =>
    [...windows.values()].filter((w) => w.source === source).map(({ o, k, f, t }) => ({ o, k, f, t }));
  const read: [SumsSource, Row[]][] = [
    ['summary', await fromSummary(db, of('summary'))],
    ['rollups', await fromRollups(db, of('rollups'), false)],
    ['ip', await fromRollups(db, of('ip'), true)],
  ];
  const byKey = new Map<string, DaySums[]>();
  for (const [source, rows] of read)
    for (const r of rows) {
      const key = keyOf(source, r.o!, String(r.k));
      const list = byKey.get(key) ?? [];
      byKey.set(key, list);
      list.push(daySumsOf(String(r.k), String(r.day), r));
    }
  for (const p of items) {
    const sums = keysOf(p).flatMap((k) =>
      (byKey.get(keyOf(p.sums!, p.rule.organization_id, k)) ?? []).filter(
        (s) => s.day >= p.from && s.day <= p.day,
      ),
    );
    out.set(p.seq, { ...emptyData(p.domains), sums });
  }
}
