import { sql } from 'kysely';
import type { Db } from '../../../db/database';
import type { Selection } from '../selection/filter';
import { reportCondition } from '../selection/where';

/** Stored aggregate reports whose UTC begin day falls in the window (a report with no records counts too). */
export async function countReports(db: Db, s: Selection): Promise<number> {
  const { rows } = await sql<{ n: number }>`select count(*)::int as n from dmarc_reports r
    where ${reportCondition(s)}`.execute(db);
  return rows[0].n;
}
