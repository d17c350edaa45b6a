import { sql } from 'kysely';
import type { Db } from '../../../db/database';
import { writerFor } from '../../../db/replica';
import type { Job } from '../../../jobs/job';
import { backfillSummaries, foldSql, summaries } from '../../../db/migrations/0033_analytics_summaries';
import { backfillSenderDomainBlocks, blockFoldPart } from '../../../db/migrations/0035_sender_domain_blocks';

// The analytics summaries (migration 0033) are brought up to date lazily: the rollup triggers append
// deltas, and whoever needs exact summaries folds them first. The sender-domain blocks of migration 0035
// are folded in the same statement. Most reads find nothing to fold: they look first, because planning the
// fold (a delete and four upserts) costs about 20 times a look (measured: 3.6 ms against 0.18 ms), and a
// digest or a dashboard makes several reads in a row.

const fold = sql.raw(foldSql([blockFoldPart()]));

const retryable = (e: unknown) => ['40P01', '40001'].includes((e as { code?: string } | null)?.code ?? '');

export async function foldSummaries(db: Db): Promise<void> {
  // Two concurrent folds may deadlock on summary rows; the loser's deltas stay queued, so a retry is safe.
  // A read replica cannot fold: its primary does, and the replica shows the result once it has replayed it.
  const writer = writerFor(db);
  // Never slower than the fold's own scan of analytics_pending, which the look replaces when it is empty.
  const { rows } = await sql<{ any: boolean }>`select exists (select from analytics_pending) as any`.execute(
    writer,
  );
  if (!rows[0].any) return;
  for (let attempt = 1; ; attempt++) {
    try {
      await sql`${fold}`.execute(writer);
      return;
    } catch (e) {
      if (!retryable(e) || attempt >= 3) throw e;
    }
  }
}

/** Removes summary rows whose sums fell to zero (sender moves, purged days). */
export async function pruneSummaries(db: Db): Promise<number> {
  await foldSummaries(db);
  let n = 0;
  for (const s of summaries) {
    const r = await sql`delete from ${sql.table(s.table)} where records <= 0`.execute(db);
    n += Number(r.numAffectedRows ?? 0);
  }
  const blocks = await sql`delete from analytics_sender_domain_blocks where mask = 0`.execute(db);
  return n + Number(blocks.numAffectedRows ?? 0);
}

/** Rebuilds every summary from dmarc_rollups (repairs, tests). */
export async function rebuildSummaries(db: Db): Promise<void> {
  await backfillSummaries(db);
  await backfillSenderDomainBlocks(db);
}

/** Folds the queued deltas every 15 s, so the first dashboard read after a large import stays fast. */
export function summaryFoldJob(): Job {
  return {
    name: 'fold-analytics-summaries',
    intervalMs: 15_000,
    run: async ({ db }) => foldSummaries(db),
  };
}
