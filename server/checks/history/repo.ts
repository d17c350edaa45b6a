import { sql } from 'kysely';
import type { Db } from '../../db/database';
import type { HistoryType } from '../../db/schema-checks';
import type { HistoryItem } from './records';
import type { SystemOutcome } from './systems';

// Reads and writes of the stored results (check_results) and DNS history (check_history).

/**
 * DKIM selectors of the domain's own signatures (d= the domain) in its organization's stored reports, with the
 * end of the last report each was seen in, most recent first (the check's selector source and Domain Info).
 */
export async function reportSelectorsSeen(db: Db, domain: { name: string; organization_id: number }) {
  // The record's DKIM results are a jsonb array (migration 0036_record_auth_results).
  const { rows } = await sql<{
    selector: string;
    last_seen: Date;
  }>`select k.selector, max(r.end_date) as last_seen
    from dmarc_reports r
    join dmarc_records rec on rec.report_id = r.id
    cross join lateral jsonb_to_recordset(rec.dkim_results) as k(domain text, selector text)
    where r.organization_id = ${domain.organization_id} and lower(k.domain) = ${domain.name.toLowerCase()}
      and k.selector is not null
    group by k.selector
    order by last_seen desc, k.selector`.execute(db);
  return rows;
}

/** The 50 most recently seen of them, for the DKIM check. */
export async function reportSelectors(db: Db, domain: { name: string; organization_id: number }) {
  return (await reportSelectorsSeen(db, domain)).slice(0, 50).map((r) => r.selector);
}

/** A domain as its check rows name it: by organization (their distribution key) and id. */
export type CheckedDomain = { id: number; organization_id: number };

export async function saveOutcomes(db: Db, domain: CheckedDomain, outcomes: SystemOutcome[], at: Date) {
  if (outcomes.length === 0) return;
  await db
    .insertInto('check_results')
    .values(
      outcomes.map((o) => ({
        organization_id: domain.organization_id,
        domain_id: domain.id,
        system: o.system,
        status: o.status,
        score: o.score,
        checked_at: at,
        warnings: JSON.stringify(o.warnings),
        result: JSON.stringify(o.result),
      })),
    )
    .onConflict((oc) =>
      oc.columns(['organization_id', 'domain_id', 'system']).doUpdateSet((eb) => ({
        status: eb.ref('excluded.status'),
        score: eb.ref('excluded.score'),
        checked_at: eb.ref('excluded.checked_at'),
        warnings: eb.ref('excluded.warnings'),
        result: eb.ref('excluded.result'),
      })),
    )
    .execute();
}

/** The items of the most recent change of one type (empty when there is none). */
export async function latestItems(db: Db, domain: CheckedDomain, type: HistoryType): Promise<HistoryItem[]> {
  const rows = await db
    .selectFrom('check_history')
    .select(['rr_type', 'ttl', 'content'])
    .where('organization_id', '=', domain.organization_id)
    .where('domain_id', '=', domain.id)
    .where('type', '=', type)
    .where('date', '=', (eb) =>
      eb
        .selectFrom('check_history')
        .select((e) => e.fn.max('date').as('d'))
        .where('organization_id', '=', domain.organization_id)
        .where('domain_id', '=', domain.id)
        .where('type', '=', type),
    )
    .execute();
  return rows.map((r) => ({ rrType: r.rr_type, ttl: r.ttl, content: r.content }));
}

export async function insertItems(
  db: Db,
  domain: CheckedDomain,
  type: HistoryType,
  items: HistoryItem[],
  at: Date,
) {
  if (items.length === 0) return;
  await db
    .insertInto('check_history')
    .values(
      items.map((i) => ({
        organization_id: domain.organization_id,
        domain_id: domain.id,
        type,
        date: at,
        rr_type: i.rrType,
        ttl: i.ttl,
        content: i.content,
      })),
    )
    .execute();
}

/** Registered domains not checked since `before` (never checked first), at most `limit`. */
export async function dueDomains(db: Db, before: Date, limit: number) {
  return db
    .selectFrom('domains as d')
    .leftJoin('check_results as c', 'c.domain_id', 'd.id')
    .select(['d.id', 'd.name', 'd.organization_id'])
    .select((eb) => eb.fn.max('c.checked_at').as('last'))
    .groupBy(['d.id', 'd.name', 'd.organization_id'])
    .having((eb) =>
      eb.or([eb(eb.fn.max('c.checked_at'), 'is', null), eb(eb.fn.max('c.checked_at'), '<', before)]),
    )
    .orderBy(sql`max(c.checked_at) nulls first`)
    .orderBy('d.id')
    .limit(limit)
    .execute();
}
