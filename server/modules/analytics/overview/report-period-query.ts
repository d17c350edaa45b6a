import { sql } from 'kysely';
import type { Db } from '../../../db/database';
import type { Selection } from '../selection/filter';
import { domainCondition } from '../selection/where';

export type ReportPeriod = { first_day: string | null; last_day: string | null };

/**
 * The UTC days of the earliest and latest report begin of the selection's organization and domains, its
 * dates ignored: min and max walk the (organization_id, begin_date) index from either end.
 */
export async function reportPeriod(db: Db, s: Selection): Promise<ReportPeriod> {
  const org =
    s.organizationId === 'all'
      ? sql`r.organization_id is not null`
      : sql`r.organization_id = ${s.organizationId}`;
  const { rows } = await sql<{ first: Date | string | null; last: Date | string | null; n: number }>`
    select min(r.begin_date) as first, max(r.begin_date) as last
    from dmarc_reports r where ${org} and ${domainCondition('r.domain', s)}`.execute(db);
  const day = (v: Date | string | null) => (v === null ? null : new Date(v).toISOString().slice(0, 10));
  return { first_day: day(rows[0].first), last_day: day(rows[0].last) };
}
