import { sql } from 'kysely';
import pLimit from 'p-limit';
import type { Resolver } from '../../checks/dnsTypes';
import { createDnsResolver } from '../../checks/resolver';
import type { Db } from '../../db/database';
import type { Job } from '../../jobs/job';
import type { ReportAddressing } from '../../mail/report-address';
import { findProof, type ProofOutcome } from './verification';
import { applyVerification } from './verification-store';
import type { DueDomain } from './repo';

// The periodic ownership re-check (docs/PERMISSIONS.md): a domain never checked first, then pending domains
// hourly during their first week and daily after it, verified ones daily (a lost proof revokes after
// verification-store.ts's revokeAfterDays). Like the other network jobs, a run never waits on DNS: it applies
// the checks finished since the last run and starts the next batch in the background.

const hour = 3_600_000;

export async function dueForVerification(db: Db, now: Date, limit: number): Promise<DueDomain[]> {
  const hourAgo = new Date(now.getTime() - hour);
  const dayAgo = new Date(now.getTime() - 24 * hour);
  const weekAgo = new Date(now.getTime() - 7 * 24 * hour);
  return db
    .selectFrom('domains as d')
    .innerJoin('organizations as o', 'o.id', 'd.organization_id')
    .select(['d.id', 'd.name', 'd.verification_token as token', 'o.report_slug as slug'])
    .where(
      sql<boolean>`d.verification_checked_at is null
        or (d.verified_at is null and d.created_at > ${weekAgo} and d.verification_checked_at < ${hourAgo})
        or d.verification_checked_at < ${dayAgo}`,
    )
    .orderBy(sql`d.verification_checked_at nulls first`)
    .orderBy('d.id')
    .limit(limit)
    .execute();
}

export type VerifyJob = Job & {
  /** Resolves when the batch started by the last run has finished (tests). */
  settled(): Promise<void>;
};

export function verifyDomainsJob(
  options: { resolver?: Resolver; addressing?: ReportAddressing; batch?: number; concurrency?: number } = {},
): VerifyJob {
  let resolver = options.resolver;
  const done: { id: number; outcome: ProofOutcome; at: Date }[] = [];
  let batch: Promise<unknown> = Promise.resolve();
  let inFlight = false;
  return {
    name: 'verify-domains',
    intervalMs: 5 * 60_000,
    settled: () => batch.then(() => undefined),
    run: async ({ db, now, logger, config }) => {
      const finished = done.splice(0);
      for (const f of finished) await applyVerification(db, f.id, f.outcome, f.at);
      if (finished.length) logger.info({ domains: finished.length }, 'applied ownership checks');
      if (inFlight) return;
      const due = await dueForVerification(db, now(), options.batch ?? 100);
      if (due.length === 0) return;
      const r = (resolver ??= createDnsResolver());
      const a = options.addressing ?? config.reportAddress;
      inFlight = true;
      batch = pLimit(options.concurrency ?? 8)
        .map(due, async (domain) => {
          try {
            done.push({ id: domain.id, outcome: await findProof(r, domain, a), at: now() });
          } catch (err) {
            logger.warn({ err, domain: domain.name }, 'ownership check failed');
          }
        })
        .finally(() => {
          inFlight = false;
        });
    },
  };
}
