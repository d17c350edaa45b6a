import { sql } from 'kysely';
import type { Db } from '../../../db/database';
import { loadSums, type SumsSource, sumsSource } from './batch-sums';
import { addDays, type SeenDay, type TlsDay, type Unreported } from './evaluators';
import { emptyData, lookbackDays, loadRuleData, type RuleData, usesSums } from './judge';
import type { AlertRuleRow } from '../repo';

// What a batch of evaluations reads, one statement per kind of condition for the whole batch instead of a
// few per rule (./batch.ts). Each answers, per item (a rule and the day it judges), the same data the
// one-rule reads of ./judge.ts would, or a smaller set the pure evaluators judge alike:
// - message sums (the rate conditions, volume_change): ./batch-sums.ts;
// - new_source: per item, the sources seen on the judged day, each with its last earlier day in the lookback
//   (newSources only asks "seen before?"), and the scope's first day;
// - no_reports: per item, each domain's and reporter's last day in the window (noReports only asks that),
//   and the domains that never received a report;
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
  sums: SumsSource | null;
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
    sums: usesSums(rule.condition) ? sumsSource(rule) : null,
  };
}

const n = (v: unknown) => Number(v ?? 0);
const windowOf = (p: Planned) => ({ from: p.from, to: p.day });

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

// Per item: the sources of the judged day with their messages, and for each a day before it in the lookback
// it was seen on any domain of the scope: the day before when it sent then too (most do, read with the
// judged day), else the last such day, found by a backward probe per domain that stops at the first hit
// (an index-only scan of the rollups' key for an IP); and the scope's first day, from the
// per-day domain summary (its key leads with organization and day: the first row of the scope ends the
// scan; the batch folded it first, ./batch.ts).
async function loadNewSources(db: Db, items: Planned[], out: Map<number, RuleData>) {
  for (const p of items) out.set(p.seq, emptyData(p.domains));
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
    with n as (
      select i.*, array(select jsonb_array_elements_text(i.domains)) as names
        from jsonb_to_recordset(${json}::jsonb)
          as i(seq int, o int, "from" date, "to" date, domains jsonb, sender boolean)),
    i as materialized (
      select n.*, (select min(f.day) from unnest(n.names) as dn(name)
                    cross join lateral (
                      select d.day from analytics_domain_days d
                       where d.organization_id = n.o and d.domain = dn.name and d.records > 0
                       order by d.day limit 1) f) as first
        from n)
    select i.seq, s.subject, s.messages, coalesce(s.prev, b.before)::text as before, i.first::text as first
      from i
      left join lateral (
        select case when i.sender then coalesce(x.sender_service, '') else x.source_ip end as subject,
               sum(x.messages) filter (where x.day = i."to") as messages,
               max(x.day) filter (where x.day < i."to") as prev
          from dmarc_rollups x
         where x.organization_id = i.o and x.domain = any(i.names)
           and x.day between greatest(i."to" - 1, i."from") and i."to"
         group by 1
        having bool_or(x.day = i."to")) s on true
      left join lateral (
        select max(m.day) as before from unnest(i.names) as dn(name)
         cross join lateral (
           select max(y.day) as day from dmarc_rollups y
            where s.prev is null and not i.sender and y.organization_id = i.o and y.domain = dn.name
              and y.day >= i."from" and y.day < i."to" and y.source_ip = s.subject
           union all
           select max(y.day) from dmarc_rollups y
            where s.prev is null and i.sender and y.organization_id = i.o and y.domain = dn.name
              and y.day >= i."from" and y.day < i."to" and coalesce(y.sender_service, '') = s.subject) m) b
        on s.subject is not null`.execute(db);
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
  for (const p of items) out.set(p.seq, emptyData(p.domains));
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
  // The domains that never received a report, with the day each was added (one statement too).
  const never = await sql<{ seq: number } & Unreported>`
    with i as (
      select i.seq, i.o, array(select jsonb_array_elements_text(i.domains)) as names
        from jsonb_to_recordset(${json}::jsonb) as i(seq int, o int, domains jsonb))
    select i.seq, d.name as domain, (d.created_at at time zone 'UTC')::date::text as added
      from i join domains d on d.organization_id = i.o and d.name = any(i.names)
     where not exists (select 1 from dmarc_rollups x where x.organization_id = d.organization_id and x.domain = d.name)`.execute(
    db,
  );
  for (const r of never.rows) out.get(Number(r.seq))!.unreported.push({ domain: r.domain, added: r.added });
}

async function loadTls(db: Db, items: Planned[], out: Map<number, RuleData>) {
  for (const p of items) out.set(p.seq, emptyData(p.domains));
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
function readKind(condition: string): 'sums' | 'new_source' | 'no_reports' | 'tls' | 'one' {
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
