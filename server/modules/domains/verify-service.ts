import type { Resolver } from '../../checks/dnsTypes';
import type { Db } from '../../db/database';
import type { DomainRow } from '../../db/schema';
import type { ReportAddressing } from '../../mail/report-address';
import { dueDomain } from './repo';
import { findProof } from './verification';
import { applyVerification } from './verification-store';

// One ownership check: the DNS lookups outside any transaction (on PGlite a transaction holds the only
// connection), then the outcome applied in one.

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
