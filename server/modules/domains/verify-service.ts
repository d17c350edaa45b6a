import type { Resolver } from '../../checks/dnsTypes';
import type { Db } from '../../db/database';
import type { DomainRow } from '../../db/schema';
import type { ReportAddressing } from '../../mail/report-address';
import { findProof } from './verification';
import { applyVerification } from './verification-store';

// One ownership check: the DNS lookups outside any transaction (on PGlite a transaction holds the only
// connection), then the outcome applied in one.

export type DueDomain = { id: number; name: string; token: string; slug: string };

export async function dueDomain(db: Db, id: number): Promise<DueDomain | undefined> {
  return db
    .selectFrom('domains as d')
    .innerJoin('organizations as o', 'o.id', 'd.organization_id')
    .select(['d.id', 'd.name', 'd.verification_token as token', 'o.report_slug as slug'])
    .where('d.id', '=', id)
    .executeTakeFirst();
}

/** Checks one domain now (the "check now" button); undefined when the domain is gone. */
export async function verifyOwnership(
  db: Db,
  resolver: Resolver,
  id: number,
  addressing: ReportAddressing,
  now: () => Date,
): Promise<DomainRow | undefined> {
  const domain = await dueDomain(db, id);
  if (!domain) return undefined;
  const outcome = await findProof(resolver, domain, addressing);
  return db.transaction().execute((trx) => applyVerification(trx, id, outcome, now()));
}
