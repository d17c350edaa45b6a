import pLimit from 'p-limit';
import { createDnsResolver } from '../checks/resolver';
import type { Resolver } from '../checks/dnsTypes';
import type { Job } from '../jobs/job';
import { lookupPtr, pendingIps, saveResolved, type Resolved } from './enrichment';
import { purgeExpiredReports } from './retention';

// Background jobs of report ingestion. A worker runs each job inside a transaction (and on PGlite that
// transaction holds the only connection), so the enrichment job never waits on DNS there: each run saves
// the lookups finished since the last run and starts the next batch in the background, bounded in
// concurrency and by a per-lookup timeout. Ingestion never waits on a resolver.

export function reportPurgeJob(): Job {
  return {
    name: 'purge-expired-reports',
    intervalMs: 3_600_000,
    // Outside one long transaction: dropping a month's partitions locks both parent tables (ingestion and
    // the dashboards wait), so it commits on its own at once (retention-months.ts). Every step deletes by
    // cutoff, so a run cut short is completed by the next.
    inTransaction: false,
    run: async ({ db, now, logger }) => {
      const removed = await purgeExpiredReports(db, now());
      logger.info(removed, 'purged reports past their retention');
    },
  };
}

export function enrichmentJob(
  options: { resolver?: Resolver; batch?: number; concurrency?: number; timeoutMs?: number } = {},
): Job {
  let resolver = options.resolver;
  const done: Resolved[] = [];
  const inFlight = new Set<string>();
  return {
    name: 'enrich-report-sources',
    intervalMs: 15_000,
    run: async ({ db, logger }) => {
      const finished = done.splice(0);
      await saveResolved(db, finished);
      if (inFlight.size > 0) return;
      const ips = await pendingIps(db, options.batch ?? 200);
      if (ips.length === 0) return;
      resolver ??= createDnsResolver();
      const r = resolver;
      for (const ip of ips) inFlight.add(ip);
      void pLimit(options.concurrency ?? 16).map(ips, async (ip) => {
        try {
          done.push(await lookupPtr(r, ip, options.timeoutMs ?? 2000));
        } catch (err) {
          logger.warn({ err, ip }, 'reverse DNS lookup failed');
          done.push({ ip, ptr: null, failed: true });
        } finally {
          inFlight.delete(ip);
        }
      });
      if (finished.length) logger.info({ saved: finished.length, started: ips.length }, 'enrichment');
    },
  };
}
