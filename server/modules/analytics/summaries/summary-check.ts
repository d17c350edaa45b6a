import { sql } from 'kysely';
import type { Db } from '../../../db/database';
import { summaries, summarySelect } from '../../../db/migrations/0033_analytics_summaries';
import { blockSelect } from '../../../db/migrations/0035_sender_domain_blocks';
import { foldSummaries } from './summaries-fold';

// Consistency check of the analytics summaries (migrations 0033, 0035) against dmarc_rollups, for the tests:
// every summary row with records > 0 (a block with a day > 0), after folding the pending deltas, must equal
// the sums recomputed from the rollups, and none may be missing.

export async function summaryDrift(db: Db): Promise<string[]> {
  await foldSummaries(db);
  const out: string[] = [];
  for (const s of summaries) {
    const cols = [...s.keys, ...Object.keys(s.sums)];
    const { rows } = await sql<Record<string, unknown>>`with expected as (
        ${sql.raw(summarySelect(s, 'select *, 1 as sign from dmarc_rollups'))}
      ), stored as (select ${sql.raw(cols.join(', '))} from ${sql.table(s.table)} where records > 0)
      select 'missing' as problem, * from (select * from expected except select * from stored) a
      union all
      select 'unexpected' as problem, * from (select * from stored except select * from expected) b`.execute(
      db,
    );
    for (const r of rows) out.push(`${s.table} ${JSON.stringify(r)}`);
  }
  const { rows } = await sql<Record<string, unknown>>`with expected as (
      ${sql.raw(blockSelect('select *, 1 as sign from dmarc_rollups'))}
    ), stored as (select organization_id, sender_service, start, domain, days
      from analytics_sender_domain_blocks where mask <> 0)
    select 'missing' as problem, * from (select * from expected except select * from stored) a
    union all
    select 'unexpected' as problem, * from (select * from stored except select * from expected) b`.execute(
    db,
  );
  for (const r of rows) out.push(`analytics_sender_domain_blocks ${JSON.stringify(r)}`);
  return out;
}
