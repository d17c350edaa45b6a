import { recheckPlanJob } from '../checks/history/job';
import { enrichmentJob, reportPurgeJob } from '../ingest/jobs';
import { heldSummaryJob } from '../mail/held-summary';
import { relayWatchJob, sendMailJob } from '../mail/send-job';
import { recheckDomainJob } from '../modules/analysis/recheck-job';
import { summaryFoldJob } from '../modules/analytics/summaries/summaries-fold';
import { purgeAttempts, purgeRefreshTokens } from '../modules/auth/repo';
import { verifyDomainsJob } from '../modules/domains/verify-job';
import { longestWindowSeconds } from '../modules/auth/rate-limit';
import { mailboxPollJob } from '../mail/inbound/poll-job';
import { alertEvaluateJob, alertHeldMailJob, alertSweepJob, alertWebhookJob } from '../modules/alerts/jobs';
import { planDigestsJob, sendDigestJob } from '../modules/digests';
import { reconcileBillingJob } from '../modules/billing';
import { senderNetworksRefreshJob } from '../modules/email-senders';
import { reportDomainRecordsJob } from '../modules/dns';
import { auditFailuresJob } from './dead-letters';
import { embeddedVacuumJob } from './embedded-vacuum';
import type { Job } from './job';

// Every background job of the product, one queue each (the shape: server/jobs/job.ts): `msas worker` and
// `msas serve` without --no-jobs run them. Give a periodic entry `cron` or `intervalMs`; an entry with
// neither runs what code enqueues on its name (server/jobs/queue.ts).
export const registeredJobs: Job[] = [
  reportPurgeJob(),
  enrichmentJob(),
  // Analytics summaries (migration 0033): fold the rollups' queued deltas.
  summaryFoldJob(),
  // Stored domain checks and DNS history (docs/CHECKS.md): every CHECK_INTERVAL_HOURS, one job per domain.
  recheckPlanJob(),
  recheckDomainJob(),
  // Domain ownership (docs/PERMISSIONS.md "Domain ownership", migration 0039): re-check the DMARC rua / TXT
  // proof of every domain.
  verifyDomainsJob(),
  // PGlite has no autovacuum: reclaim the space of deleted rows and keep the planner's statistics.
  embeddedVacuumJob(),
  // Mail leaves the request path: each message's job retries what the background delivery could not send,
  // and mail that waited for the relay goes out once it answers again.
  sendMailJob(),
  relayWatchJob(),
  // Mail held over an organization's hourly budget: one summary per recipient once the hour is over.
  heldSummaryJob(),
  // The rua mailboxes (IMAP_URL and organizations' own), every IMAP_POLL_INTERVAL.
  mailboxPollJob(),
  // Alerts (docs/ALERTS.md, migration 0045): evaluation after ingest, the hourly sweep, the webhooks.
  alertEvaluateJob(),
  alertSweepJob(),
  alertWebhookJob(),
  // Mail an alert's cool-down held, at the cool-down's end.
  alertHeldMailJob(),
  // Scheduled and digest reports (docs/DIGESTS.md, migration 0047): one job per (schedule, period).
  planDigestsJob(),
  sendDigestJob(),
  // Billing (docs/BILLING.md, migration 0050): re-read live Stripe subscriptions nightly, repair drift.
  reconcileBillingJob(),
  // The report domain's MX and RFC 7489 section 7.1 authorisation, when its zone is hosted here
  // (docs/INGESTION.md "Reports from the internet").
  reportDomainRecordsJob(),
  // The email-sender catalogue's networks, read again from the senders' SPF records once a day.
  senderNetworksRefreshJob(),
  // Jobs that failed for good (dead letters) get an audit row.
  auditFailuresJob(),
  {
    name: 'purge-refresh-tokens',
    cron: '5 * * * *',
    run: async ({ db, now, logger }) => {
      const removed = await purgeRefreshTokens(db, now());
      logger.info({ removed }, 'purged spent and expired refresh tokens');
    },
  },
  {
    name: 'purge-login-attempts',
    cron: '10 * * * *',
    run: async ({ db, now }) => {
      // Kept as long as the longest window counts them (the mail limits' 24 hours).
      await purgeAttempts(db, new Date(now().getTime() - longestWindowSeconds * 1000));
    },
  },
];
