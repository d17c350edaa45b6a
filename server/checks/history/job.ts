import { parseSettings } from '../../config';
import { mapLimit } from '../../ingest/enrichment';
import type { Job } from '../../jobs/job';
import { checkContextFrom, type ChecksSettings } from '../../modules/checks/service';
import type { CheckContext } from '../domain/context';
import { checkDomainNow, storeDomainCheck, type DomainCheckOutcome } from './recheck';
import { dueDomains, reportSelectors } from './repo';

// The scheduled re-check (docs/OPERATIONS.md): every registered domain not checked for CHECK_INTERVAL_HOURS
// is checked again, at most CONCURRENCY at once (the bench:checks figure). A worker runs a job inside a
// transaction (on PGlite the only connection), so like the enrichment job a run never waits
// on the network: it stores the checks finished since the last run and starts the next batch in background.

export const RECHECK_CONCURRENCY = 20;
const POLL_MS = 60_000;
const BATCH = 200;

export type RecheckSettings = ChecksSettings & { checkIntervalHours: number };

export type RecheckJob = Job & {
  /** Resolves when the batch started by the last run has finished (tests). */
  settled(): Promise<void>;
};

export function recheckJob(
  options: { settings?: RecheckSettings; ctx?: CheckContext; concurrency?: number; batch?: number } = {},
): RecheckJob {
  let settings = options.settings;
  let ctx = options.ctx;
  const done: DomainCheckOutcome[] = [];
  let batch: Promise<unknown> = Promise.resolve();
  let inFlight = false;
  return {
    name: 'recheck-domains',
    intervalMs: POLL_MS,
    settled: () => batch.then(() => undefined),
    run: async ({ db, now, logger }) => {
      const finished = done.splice(0);
      let items = 0;
      for (const outcome of finished) items += await storeDomainCheck(db, outcome);
      if (finished.length) logger.info({ domains: finished.length, historyItems: items }, 'stored re-checks');
      if (inFlight) return;
      // The worker loaded .env into process.env before starting the jobs.
      settings ??= parseSettings(process.env);
      if (settings.checkIntervalHours === 0) return;
      const before = new Date(now().getTime() - settings.checkIntervalHours * 3_600_000);
      const due = await dueDomains(db, before, options.batch ?? BATCH);
      if (due.length === 0) return;
      const work = await Promise.all(
        due.map(async (d) => ({ domain: d, selectors: await reportSelectors(db, d) })),
      );
      const checkCtx = (ctx ??= checkContextFrom(settings));
      inFlight = true;
      batch = mapLimit(work, options.concurrency ?? RECHECK_CONCURRENCY, async ({ domain, selectors }) => {
        try {
          done.push(
            await checkDomainNow(domain, selectors, checkCtx, now, (system, err) =>
              logger.warn({ err, system, domain: domain.name }, 'a checker failed'),
            ),
          );
        } catch (err) {
          logger.warn({ err, domain: domain.name }, 'domain re-check failed');
        }
      }).finally(() => {
        inFlight = false;
      });
      logger.info({ started: due.length }, 're-check batch started');
    },
  };
}
