import { sql } from 'kysely';
import type { Db } from '../../db/database';
import { addDays, type DaySums, type SeenDay, type TlsDay } from './evaluators';
import { lookbackDays, loadRuleData, type RuleData, usesSums } from './judge';
import type { AlertRuleRow } from './repo';

// What a batch of evaluations reads, one statement per kind of condition for the whole batch instead of a
// few per rule (./batch.ts). Each answers, per item (a rule and the day it judges), the same data the
// one-rule reads of ./judge.ts would, or a smaller set the pure evaluators judge alike:
// - message sums (the rate conditions, volume_change): per (organization, domain or IP) and day, each
//   domain read once over the widest window the batch's rules ask of it;
// - new_source: per item, the sources seen on the judged day, each with its last earlier day in the lookback
//   (newSources only asks "seen before?"), and the scope's first day;
// - no_reports: per item, each domain's and reporter's last day in the window (noReports only asks that);
// - tls_failures: per item, the TLS-RPT session totals per domain and day.
// The conditions on re-check results and DNS history read one rule at a time (loadRuleData).

/**
 * One item of a batch, planned: the rule and the day it judges, the scope's domains, the first day its
 * condition reads, and what its params ask of the reads (taken from them once, where a bad rule throws).
 */
export type Planned = {
  seq: number;
  rule: AlertRuleRow;
  day: string;
  domains: string[];
  from: string;
  bySender: boolean;
  reporters: boolean;
};

export function plan(seq: number, rule: AlertRuleRow, day: string, domains: string[]): Planned {
  const from = addDays(day, -lookbackDays(rule));
  const params = rule.params;
  return {
    seq,
    rule,
    day,
    domains,
    from,
    bySender: params.source === 'sender',
    reporters: params.per_reporter !== false,
  };
}

const n = (v: unknown) => Number(v ?? 0);
const empty = (domains: string[]): RuleData => ({
  domains,
  sums: [],
  seen: [],
  scopeFirstDay: null,
  history: [],
  tls: [],
  checks: [],
});
const windowOf = (p: Planned) => ({ from: p.from, to: p.day });

type SumWindow = { o: number; k: string; f: string; t: string };

// Per (organization, key) and day; the lateral subquery keeps it one index range per key, whatever the
// number of keys (the rollups' key leads with organization, domain, day; an IP has its own index).
async function sumsByKey(db: Db, windows: SumWindow[], byIp: boolean) {
  if (windows.length === 0) return [];
  const match = byIp ? sql`x.source_ip = w.k` : sql`x.domain = w.k`;
  const { rows } = await sql<Record<string, string | number>>`
    select w.o, w.k, s.*
      from jsonb_to_recordset(${JSON.stringify(windows)}::jsonb) as w(o int, k text, f date, t date)
      cross join lateral (
        select x.day::text as day, sum(x.messages) as messages,
               coalesce(sum(x.messages) filter (where not x.dmarc_pass), 0) as dmarc_fail,
               coalesce(sum(x.messages) filter (where not x.spf_aligned), 0) as spf_unaligned,
               coalesce(sum(x.messages) filter (where not x.spf_auth), 0) as spf_fail,
               coalesce(sum(x.messages) filter (where not x.dkim_aligned), 0) as dkim_unaligned,
               coalesce(sum(x.messages) filter (where not x.dkim_auth), 0) as dkim_fail
          from dmarc_rollups x
         where x.organization_id = w.o and ${match} and x.day between w.f and w.t
         group by x.day) s`.execute(db);
  return rows.map((r) => ({
    key: `${r.o}\u0000${r.k}`,
    sums: {
      subject: String(r.k),
      day: String(r.day),
      messages: n(r.messages),
      dmarc_fail: n(r.dmarc_fail),
      spf_unaligned: n(r.spf_unaligned),
      spf_fail: n(r.spf_fail),
      dkim_unaligned: n(r.dkim_unaligned),
      dkim_fail: n(r.dkim_fail),
    } satisfies DaySums,
  }));
}

/** The keys (IP, or the scope's domains) an item's sums are read by. */
const sumKeys = (p: Planned) => (p.rule.scope_type === 'ip' ? [p.rule.target_selection] : p.domains);

async function loadSums(db: Db, items: Planned[], out: Map<number, RuleData>) {
  const windows = new Map<string, SumWindow & { ip: boolean }>();
  for (const p of items) {
    const { from, to } = windowOf(p);
    const ip = p.rule.scope_type === 'ip';
    for (const k of sumKeys(p)) {
      const key = `${p.rule.organization_id}\u0000${k}`;
      const w = windows.get(`${ip}${key}`);
      if (!w) windows.set(`${ip}${key}`, { o: p.rule.organization_id, k, f: from, t: to, ip });
      else {
        if (from < w.f) w.f = from;
        if (to > w.t) w.t = to;
      }
    }
  }
  const all = [...windows.values()];
  const rows = [
    ...(await sumsByKey(
      db,
      all.filter((w) => !w.ip),
      false,
    )),
    ...(await sumsByKey(
      db,
      all.filter((w) => w.ip),
      true,
    )),
  ];
  const byKey = new Map<string, DaySums[]>();
  for (const r of rows) byKey.set(r.key, [...(byKey.get(r.key) ?? []), r.sums]);
  for (const p of items) {
    const { from, to } = windowOf(p);
    const sums = sumKeys(p).flatMap((k) =>
      (byKey.get(`${p.rule.organization_id}\u0000${k}`) ?? []).filter((s) => s.day >= from && s.day <= to),
    );
    out.set(p.seq, { ...empty(p.domains), sums });
  }
}

/** The items of a per-item statement: its organization, window, domains and what its condition asks. */
const itemRows = (items: Planned[], extra: (p: Planned) => Record<string, unknown> = () => ({})) =>
  JSON.stringify(
    items.map((p) => ({
      seq: p.seq,
      o: p.rule.organization_id,
      ...windowOf(p),
      domains: p.domains,
      ...extra(p),
    })),
  );

async function loadNewSources(db: Db, items: Planned[], out: Map<number, RuleData>) {
  for (const p of items) out.set(p.seq, empty(p.domains));
  const wanted = items.filter((p) => p.domains.length > 0);
  if (wanted.length === 0) return;
  const json = itemRows(wanted, (p) => ({ sender: p.bySender }));
  const { rows } = await sql<{
    seq: number;
    subject: string | null;
    messages: string | null;
    before: string | null;
    first: string | null;
  }>`
    with i as (
      select i.*, array(select jsonb_array_elements_text(i.domains)) as names
        from jsonb_to_recordset(${json}::jsonb) as i(seq int, o int, "from" date, "to" date, domains jsonb, sender boolean))
    select i.seq, s.subject, s.messages, s.before, f.first
      from i
      cross join lateral (
        select min(m.day)::text as first
          from unnest(i.names) as dn(name)
          cross join lateral (select min(x.day) as day from dmarc_rollups x
                               where x.organization_id = i.o and x.domain = dn.name) m) f
      left join lateral (
        select case when i.sender then coalesce(x.sender_service, '') else x.source_ip end as subject,
               sum(x.messages) filter (where x.day = i."to") as messages,
               max(x.day) filter (where x.day < i."to")::text as before
          from dmarc_rollups x
         where x.organization_id = i.o and x.domain = any(i.names) and x.day between i."from" and i."to"
         group by 1
        having bool_or(x.day = i."to")) s on true`.execute(db);
  const byItem = new Map(wanted.map((p) => [p.seq, p]));
  for (const r of rows) {
    const p = byItem.get(Number(r.seq))!;
    const data = out.get(p.seq)!;
    data.scopeFirstDay = r.first;
    if (r.subject === null) continue;
    // The judged day's messages, and a day before it within the lookback when the source was seen there.
    data.seen.push({ subject: r.subject, day: p.day, messages: n(r.messages) });
    if (r.before) data.seen.push({ subject: r.subject, day: r.before, messages: 0 });
  }
}

async function loadLastSeen(db: Db, items: Planned[], out: Map<number, RuleData>) {
  for (const p of items) out.set(p.seq, empty(p.domains));
  const wanted = items.filter((p) => p.domains.length > 0);
  if (wanted.length === 0) return;
  const json = itemRows(wanted, (p) => ({ reporters: p.reporters }));
  // Reports by the UTC day each report's period begins, as its rollups carry it.
  const { rows } = await sql<{ seq: number; subject: string; day: string }>`
    with i as (
      select i.*, array(select jsonb_array_elements_text(i.domains)) as names
        from jsonb_to_recordset(${json}::jsonb) as i(seq int, o int, "from" date, "to" date, domains jsonb, reporters boolean))
    select i.seq, s.subject, s.day from i cross join lateral (
        select x.domain as subject, max(x.day)::text as day from dmarc_rollups x
         where x.organization_id = i.o and x.domain = any(i.names) and x.day between i."from" and i."to"
         group by x.domain) s
    union all
    select i.seq, s.subject, s.day from i cross join lateral (
        select r.domain || ' · ' || r.org_name as subject,
               max((r.begin_date at time zone 'UTC')::date)::text as day
          from dmarc_reports r
         where i.reporters and r.organization_id = i.o and r.domain = any(i.names)
           and r.begin_date >= i."from" and r.begin_date < i."to" + 1
         group by 1) s`.execute(db);
  for (const r of rows)
    out.get(Number(r.seq))!.seen.push({ subject: r.subject, day: r.day, messages: 0 } satisfies SeenDay);
}

async function loadTls(db: Db, items: Planned[], out: Map<number, RuleData>) {
  for (const p of items) out.set(p.seq, empty(p.domains));
  const wanted = items.filter((p) => p.domains.length > 0);
  if (wanted.length === 0) return;
  // RFC 8460 section 4.4: the summary's session counts, per domain and the UTC day its period begins.
  const { rows } = await sql<Record<string, string | number>>`
    with i as (
      select i.*, array(select jsonb_array_elements_text(i.domains)) as names
        from jsonb_to_recordset(${itemRows(wanted)}::jsonb) as i(seq int, o int, "from" date, "to" date, domains jsonb))
    select i.seq, s.* from i cross join lateral (
        select t.domain as subject, (t.begin_date at time zone 'UTC')::date::text as day,
               sum((t.summary->>'failed_sessions')::bigint) as failed,
               sum((t.summary->>'failed_sessions')::bigint + (t.summary->>'successful_sessions')::bigint) as total
          from tls_reports t
         where t.organization_id = i.o and t.domain = any(i.names)
           and t.begin_date >= i."from" and t.begin_date < i."to" + 1
         group by 1, 2) s`.execute(db);
  for (const r of rows)
    out.get(Number(r.seq))!.tls.push({
      subject: String(r.subject),
      day: String(r.day),
      failed: n(r.failed),
      total: n(r.total),
    } satisfies TlsDay);
}

/** The kind of read a condition's data comes from in a batch. */
export function readKind(condition: string): 'sums' | 'new_source' | 'no_reports' | 'tls' | 'one' {
  if (usesSums(condition)) return 'sums';
  if (condition === 'new_source' || condition === 'no_reports') return condition;
  if (condition === 'tls_failures') return 'tls';
  return 'one';
}

/** The data of every item, by seq: a statement per kind present, and one rule at a time for the rest. */
export async function loadBatchData(db: Db, items: Planned[]): Promise<Map<number, RuleData>> {
  const out = new Map<number, RuleData>();
  const of = (kind: ReturnType<typeof readKind>) => items.filter((p) => readKind(p.rule.condition) === kind);
  await loadSums(db, of('sums'), out);
  await loadNewSources(db, of('new_source'), out);
  await loadLastSeen(db, of('no_reports'), out);
  await loadTls(db, of('tls'), out);
  for (const p of of('one')) out.set(p.seq, await loadRuleData(db, p.rule, p.day, p.day, p.domains));
  return out;
}
