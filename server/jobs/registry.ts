import { recheckJob } from '../checks/history/job';
import { enrichmentJob, reportPurgeJob } from '../ingest/jobs';
import { outboxRetryJob } from '../mail/retry-job';
import { summaryFoldJob } from '../modules/analytics/summaries-fold';
import { purgeAttempts, purgeRefreshTokens } from '../modules/auth/repo';
import { verifyDomainsJob } from '../modules/domains/verify-job';
import { rateWindowSeconds } from '../modules/auth/rate-limit';
import { embeddedVacuumJob } from './embedded-vacuum';
import type { Job } from './scheduler';

const hour = 3_600_000;

// Every background job of the product; `msas worker` (or `msas serve` in-process) runs this list.
export const registeredJobs: Job[] = [
  reportPurgeJob(),
  enrichmentJob(),
  // Analytics summaries (issue 4, migration 0033): fold the rollups' queued deltas.
  summaryFoldJob(),
  // Stored domain checks and DNS history (issue 5): every CHECK_INTERVAL_HOURS.
  recheckJob(),
  // Domain ownership (issue 15, migration 0039): re-check the DMARC rua / TXT proof of every domain.
  verifyDomainsJob(),
  // PGlite has no autovacuum: reclaim the space of deleted rows and keep the planner's statistics.
  embeddedVacuumJob(),
  // Mail leaves the request path: what the background delivery could not send is retried from the outbox.
  outboxRetryJob(),
  {
    name: 'purge-refresh-tokens',
    intervalMs: hour,
    run: async ({ db, now, logger }) => {
      const removed = await purgeRefreshTokens(db, now());
      logger.info({ removed }, 'purged spent and expired refresh tokens');
    },
  },
  {
    name: 'purge-login-attempts',
    intervalMs: hour,
    run: async ({ db, now }) => {
      await purgeAttempts(db, new Date(now().getTime() - rateWindowSeconds * 1000));
    },
  },
];
