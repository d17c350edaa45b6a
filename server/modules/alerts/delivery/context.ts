import { type RawBuilder, sql } from 'kysely';
import type { Db } from '../../../db/database';
import { addDays } from '../evaluation/evaluators';
import type { AlertRuleRow } from '../repo';

// What the alert mail says beyond the firing's own values (./mail.ts): the days before it (the trend), the
// sources behind it (IP, reverse DNS, sender, authorised or not, new or not), and for a new source the
// domains it sent for. Read from dmarc_rollups and ip_enrichment of the rule's organization, once per
// firing item when its mail is written.

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

/** The rollup rows that count as failures for the condition (volume: every message). */
function failed(rule: AlertRuleRow): RawBuilder<boolean> | null {
  const strict = rule.params.count_unaligned_pass === false;
  switch (rule.condition) {
    case 'dmarc_failure_rate':
      return sql<boolean>`not r.dmarc_pass`;
    case 'spf_failure_rate':
      return strict ? sql<boolean>`not r.spf_auth` : sql<boolean>`not r.spf_aligned`;
    case 'dkim_failure_rate':
      return strict ? sql<boolean>`not r.dkim_auth` : sql<boolean>`not r.dkim_aligned`;
    case 'volume_change':
      return sql<boolean>`true`;
    default:
      return null;
  }
}

const frameOf = (item: ContextItem) => {
  const from = typeof item.observed.from === 'string' ? item.observed.from : item.day;
  const to = typeof item.observed.to === 'string' ? item.observed.to : item.day;
  return { from, to };
};

async function trend(db: Db, o: number, domain: string, to: string, fail: RawBuilder<boolean>) {
  const { rows } = await sql<{ day: string; messages: string; failed: string }>`
    select r.day::text as day, sum(r.messages) as messages,
           sum(case when ${fail} then r.messages else 0 end) as failed
      from dmarc_rollups r
     where r.organization_id = ${o} and r.domain = ${domain}
       and r.day between ${addDays(to, -(TREND_DAYS - 1))} and ${to}
     group by r.day order by r.day`.execute(db);
  return rows.map((r) => ({ day: r.day, messages: Number(r.messages), failed: Number(r.failed) }));
}

async function sources(
  db: Db,
  o: number,
  domain: string,
  frame: { from: string; to: string },
  fail: RawBuilder<boolean>,
): Promise<SourceLine[]> {
  const known = addDays(frame.from, -KNOWN_DAYS);
  const { rows } = await sql<{
    ip: string;
    reverse_dns: string | null;
    sender: string | null;
    messages: string;
    failed: string;
    authorised: boolean;
    seen: boolean;
  }>`
    with top as (
      select r.source_ip, max(r.sender_service) as sender, sum(r.messages) as messages,
             sum(case when ${fail} then r.messages else 0 end) as failed
        from dmarc_rollups r
       where r.organization_id = ${o} and r.domain = ${domain} and r.day between ${frame.from} and ${frame.to}
       group by r.source_ip
      having sum(case when ${fail} then r.messages else 0 end) > 0
       order by 4 desc, 1 limit ${TOP_SOURCES})
    select t.source_ip as ip, e.ptr as reverse_dns, coalesce(t.sender, e.sender_service) as sender,
           t.messages, t.failed,
           exists (select 1 from dmarc_rollups p
                    where p.organization_id = ${o} and p.dmarc_pass and p.day between ${known} and ${frame.to}
                      and (p.source_ip = t.source_ip
                           or p.sender_service = coalesce(t.sender, e.sender_service))) as authorised,
           exists (select 1 from dmarc_rollups p
                    where p.organization_id = ${o} and p.domain = ${domain} and p.source_ip = t.source_ip
                      and p.day >= ${known} and p.day < ${frame.from}) as seen
      from top t left join ip_enrichment e on e.ip = t.source_ip
     order by t.failed desc, t.source_ip`.execute(db);
  return rows.map((r) => ({
    ip: r.ip,
    reverse_dns: r.reverse_dns,
    sender: r.sender,
    messages: Number(r.messages),
    failed: Number(r.failed),
    authorised: r.authorised,
    isNew: !r.seen,
  }));
}

/** A new source (an IP, or a sender service): the domains it sent for on the day, and what passed DMARC. */
async function sentFor(db: Db, rule: AlertRuleRow, item: ContextItem) {
  const o = rule.organization_id;
  const bySender = rule.params.source === 'sender';
  const who = bySender ? sql`coalesce(r.sender_service, '')` : sql`r.source_ip`;
  const { rows } = await sql<{ domain: string; messages: string; passed: string }>`
    select r.domain, sum(r.messages) as messages,
           sum(case when r.dmarc_pass then r.messages else 0 end) as passed
      from dmarc_rollups r
     where r.organization_id = ${o} and r.day = ${item.day} and ${who} = ${item.subject}
     group by r.domain order by 2 desc, 1 limit ${TOP_SOURCES}`.execute(db);
  const list = rows.map((r) => ({
    domain: r.domain,
    messages: Number(r.messages),
    passed: Number(r.passed),
  }));
  if (bySender) return { sentFor: list, source: null };
  const info = await db
    .selectFrom('ip_enrichment')
    .select(['ptr', 'sender_service'])
    .where('ip', '=', item.subject)
    .executeTakeFirst();
  return { sentFor: list, source: { reverse_dns: info?.ptr ?? null, sender: info?.sender_service ?? null } };
}

/** The context of one firing item of the rule; recoveries and conditions without report data get none. */
export async function mailContext(db: Db, rule: AlertRuleRow, item: ContextItem): Promise<MailContext> {
  if (item.kind !== 'firing') return empty;
  if (rule.condition === 'new_source') return { ...empty, ...(await sentFor(db, rule, item)) };
  const fail = failed(rule);
  if (!fail) return empty;
  const frame = frameOf(item);
  return {
    ...empty,
    trend: await trend(db, rule.organization_id, item.subject, frame.to, fail),
    sources: await sources(db, rule.organization_id, item.subject, frame, fail),
  };
}
