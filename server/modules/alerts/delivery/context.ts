import { sql } from 'kysely';
import type { Db } from '../../../db/database';
import type { AlertRuleRow } from '../repo';

// What the alert mail says beyond the firing's own values (./mail.ts): the days before it (the trend), the
// sources behind it (IP, reverse DNS, sender, authorised or not, new or not), and for a new source the
// domains it sent for. Read from dmarc_rollups and ip_enrichment of each rule's organization when the mails
// are written, a few statements for all the rules sent together.

export type TrendDay = { day: string; messages: number; failed: number };
export type SourceLine = {
  ip: string;
  reverse_dns: string | null;
  sender: string | null;
  messages: number;
  failed: number;
  /** Some of its mail passed DMARC in the 30 days to the judged day, or its sender is one the organization's passing mail uses. */
  authorised: boolean;
  /** Not seen for this domain in the 30 days before the judged days. */
  isNew: boolean;
};
export type SentFor = { domain: string; messages: number; passed: number };
export type MailContext = {
  trend: TrendDay[] | null;
  sources: SourceLine[] | null;
  sentFor: SentFor[] | null;
  /** The new source's reverse DNS and sender (new_source by IP). */
  source: { reverse_dns: string | null; sender: string | null } | null;
};
export type ContextItem = {
  subject: string;
  kind: 'firing' | 'recovery';
  day: string;
  observed: Record<string, unknown>;
};

export const TREND_DAYS = 7;
export const TOP_SOURCES = 5;
const KNOWN_DAYS = 30;
const empty: MailContext = { trend: null, sources: null, sentFor: null, source: null };

/** Which rollup messages count as failures for the condition (volume: every message); null: no sources. */
function failKind(rule: AlertRuleRow): string | null {
  const strict = rule.params.count_unaligned_pass === false;
  switch (rule.condition) {
    case 'dmarc_failure_rate':
      return 'dmarc';
    case 'spf_failure_rate':
      return strict ? 'spf_auth' : 'spf';
    case 'dkim_failure_rate':
      return strict ? 'dkim_auth' : 'dkim';
    case 'volume_change':
      return 'all';
    default:
      return null;
  }
}

const failed = sql<boolean>`case b.k when 'dmarc' then not r.dmarc_pass when 'spf' then not r.spf_aligned
  when 'spf_auth' then not r.spf_auth when 'dkim' then not r.dkim_aligned when 'dkim_auth' then not r.dkim_auth
  else true end`;

const frameOf = (item: ContextItem) => ({
  f: typeof item.observed.from === 'string' ? item.observed.from : item.day,
  t: typeof item.observed.to === 'string' ? item.observed.to : item.day,
});

/** One item asked about: i its index, o the organization, d the domain or source, f..t the judged days. */
type Asked = { i: number; o: number; d: string; f: string; t: string; k: string };
const asked = (list: Asked[]) =>
  sql`jsonb_to_recordset(${JSON.stringify(list)}::jsonb) as b(i int, o int, d text, f date, t date, k text)`;

async function trends(db: Db, list: Asked[], out: MailContext[]) {
  if (list.length === 0) return;
  const { rows } = await sql<{ i: number; day: string; messages: string; failed: string }>`
    select b.i, r.day::text as day, sum(r.messages) as messages,
           sum(case when ${failed} then r.messages else 0 end) as failed
      from ${asked(list)}
      join dmarc_rollups r on r.organization_id = b.o and r.domain = b.d
       and r.day between b.t - ${TREND_DAYS - 1}::int and b.t
     group by b.i, r.day order by b.i, r.day`.execute(db);
  for (const r of rows)
    (out[r.i]!.trend ??= []).push({ day: r.day, messages: Number(r.messages), failed: Number(r.failed) });
}

async function sources(db: Db, list: Asked[], out: MailContext[]) {
  if (list.length === 0) return;
  const { rows } = await sql<{
    i: number;
    ip: string;
    reverse_dns: string | null;
    sender: string | null;
    messages: string;
    failed: string;
    authorised: boolean;
    seen: boolean;
  }>`
    with per_ip as (
      select b.i, b.o, b.d, b.f, b.t, r.source_ip, max(r.sender_service) as sender,
             sum(r.messages) as messages, sum(case when ${failed} then r.messages else 0 end) as failed
        from ${asked(list)}
        join dmarc_rollups r on r.organization_id = b.o and r.domain = b.d and r.day between b.f and b.t
       group by b.i, b.o, b.d, b.f, b.t, r.source_ip),
    top as (
      select * from (
        select p.*, row_number() over (partition by p.i order by p.failed desc, p.source_ip) as n
          from per_ip p where p.failed > 0) x
       where x.n <= ${TOP_SOURCES})
    select t.i, t.source_ip as ip, e.ptr as reverse_dns, coalesce(t.sender, e.sender_service) as sender,
           t.messages, t.failed,
           exists (select 1 from dmarc_rollups p
                    where p.organization_id = t.o and p.dmarc_pass
                      and p.day between t.f - ${KNOWN_DAYS}::int and t.t
                      and (p.source_ip = t.source_ip
                           or p.sender_service = coalesce(t.sender, e.sender_service))) as authorised,
           exists (select 1 from dmarc_rollups p
                    where p.organization_id = t.o and p.domain = t.d and p.source_ip = t.source_ip
                      and p.day >= t.f - ${KNOWN_DAYS}::int and p.day < t.f) as seen
      from top t left join ip_enrichment e on e.ip = t.source_ip
     order by t.i, t.failed desc, t.source_ip`.execute(db);
  for (const r of rows)
    (out[r.i]!.sources ??= []).push({
      ip: r.ip,
      reverse_dns: r.reverse_dns,
      sender: r.sender,
      messages: Number(r.messages),
      failed: Number(r.failed),
      authorised: r.authorised,
      isNew: !r.seen,
    });
}

/** New sources (an IP, or a sender service with k = 'sender'): the domains each sent for on its day. */
async function sentFor(db: Db, list: Asked[], out: MailContext[]) {
  if (list.length === 0) return;
  const { rows } = await sql<{ i: number; domain: string; messages: string; passed: string }>`
    select b.i, r.domain, sum(r.messages) as messages,
           sum(case when r.dmarc_pass then r.messages else 0 end) as passed
      from ${asked(list)}
      join dmarc_rollups r on r.organization_id = b.o and r.day = b.t
       and (case when b.k = 'sender' then coalesce(r.sender_service, '') else r.source_ip end) = b.d
     group by b.i, r.domain order by b.i, 3 desc, 2`.execute(db);
  for (const l of list) out[l.i]!.sentFor = [];
  for (const r of rows) {
    const list = out[r.i]!.sentFor!;
    if (list.length < TOP_SOURCES)
      list.push({ domain: r.domain, messages: Number(r.messages), passed: Number(r.passed) });
  }
  const ips = list.filter((l) => l.k === 'ip');
  if (ips.length === 0) return;
  const info = await db
    .selectFrom('ip_enrichment')
    .select(['ip', 'ptr', 'sender_service'])
    .where('ip', 'in', [...new Set(ips.map((l) => l.d))])
    .execute();
  const byIp = new Map(info.map((e) => [e.ip, e]));
  for (const l of ips) {
    const e = byIp.get(l.d);
    out[l.i]!.source = { reverse_dns: e?.ptr ?? null, sender: e?.sender_service ?? null };
  }
}

/**
 * The context of each firing item of these rules, in the order given (recoveries and conditions without
 * report data get none): one statement per kind of context, whatever the number of rules.
 */
export async function mailContexts(
  db: Db,
  items: { rule: AlertRuleRow; item: ContextItem }[],
): Promise<MailContext[]> {
  const out = items.map((): MailContext => ({ ...empty }));
  const rated: Asked[] = [];
  const fresh: Asked[] = [];
  items.forEach(({ rule, item }, i) => {
    if (item.kind !== 'firing') return;
    const o = rule.organization_id;
    if (rule.condition === 'new_source') {
      const k = rule.params.source === 'sender' ? 'sender' : 'ip';
      fresh.push({ i, o, d: item.subject, f: item.day, t: item.day, k });
      return;
    }
    const k = failKind(rule);
    if (k) rated.push({ i, o, d: item.subject, ...frameOf(item), k });
  });
  await trends(db, rated, out);
  await sources(db, rated, out);
  await sentFor(db, fresh, out);
  return out;
}
