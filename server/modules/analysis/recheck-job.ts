import { recheckQueue, RECHECK_CONCURRENCY } from '../../checks/history/job';
import type { Job } from '../../jobs/job';
import { checkAndStore } from './recheck-service';

// One domain's scheduled (or first) check: queued by `recheck-domains` and by domain registration. It runs
// outside a transaction, so no connection (on PGlite the only one) is held while DNS and SMTP answer; a
// retry checks again, which stores nothing new when nothing changed (history items are written only for
// record sets that changed).
export function recheckDomainJob(): Job {
  return {
    name: recheckQueue,
    inTransaction: false,
    batchSize: RECHECK_CONCURRENCY,
    retryLimit: 1,
    expireInSeconds: 300,
    run: async (ctx) => {
      const domainId = Number((ctx.data as { domainId?: unknown }).domainId);
      if (!Number.isSafeInteger(domainId))
        throw new Error(`bad re-check job data: ${JSON.stringify(ctx.data)}`);
      const domain = await ctx.db
        .selectFrom('domains')
        .select(['id', 'name', 'organization_id'])
        .where('id', '=', domainId)
        .executeTakeFirst();
      // Deleted since it was queued.
      if (domain) await checkAndStore(ctx, domain);
    },
  };
}
