import type { Updateable } from 'kysely';
import type { Db } from '../../db/database';
import type { DomainRow, DomainsTable } from '../../db/schema';
import { onDomainVerified } from '../../ingest/attach';
import { noteZonesHandedOver } from '../dns';
import { domainCandidates } from '../../ingest/ownership';
import type { ProofOutcome } from './verification';
import { forgetVerifiedName, recordVerifiedName } from './verified-names';

// Applying a verification check to a domain row, in the caller's transaction:
// - proof found, domain pending: verified, and the reports held for it are released to the organization in
//   the same commit; unless another organization verified the name or a parent of it ("unavailable");
// - proof found, domain verified: the proof's time is noted (a grandfathered domain becomes proven);
// - no proof: a domain verified by a proof whose last proof is older than revokeAfterDays goes back to
//   pending; a grandfathered one (verified by the upgrade, never proven) is not revoked: that would stop
//   its reports;
// - lookups failed: nothing changes but the problem shown.

export const revokeAfterDays = 7;

export type VerificationProblem = 'not_found' | 'dns' | 'unavailable';

/** Another organization verified this name or one of its parents: the name cannot be added or verified. */
export async function claimedElsewhere(db: Db, organizationId: number, name: string): Promise<boolean> {
  const row = await db
    .selectFrom('domains')
    .select('id')
    .where('name', 'in', domainCandidates(name))
    .where('verified_at', 'is not', null)
    .where('organization_id', '<>', organizationId)
    .executeTakeFirst();
  return row !== undefined;
}

// Two organizations proving one name (or a name and its parent) at the same moment: each first locks the
// rows of the name and its parents, in id order (no deadlock), so the second waits for the first to commit
// and then sees its verified row, instead of failing on the primary key of verified_names.
async function lockCandidates(db: Db, name: string): Promise<void> {
  await db
    .selectFrom('domains')
    .select('id')
    .where('name', 'in', domainCandidates(name))
    .orderBy('id')
    .forUpdate()
    .execute();
}

export async function applyVerification(
  db: Db,
  domainId: number,
  outcome: ProofOutcome,
  now: Date,
): Promise<DomainRow | undefined> {
  const before = await db
    .selectFrom('domains')
    .select(['name', 'verified_at'])
    .where('id', '=', domainId)
    .executeTakeFirst();
  if (!before) return undefined; // deleted while its DNS was being asked
  if (outcome.proof && before.verified_at === null) await lockCandidates(db, before.name);
  const row = await db
    .selectFrom('domains')
    .selectAll()
    .where('id', '=', domainId)
    .forUpdate()
    .executeTakeFirst();
  if (!row) return undefined;
  const set: Updateable<DomainsTable> = { verification_checked_at: now };
  let release = false;
  if (outcome.proof) {
    set.verification_proved_at = now;
    set.verification_problem = null;
    if (row.verified_at !== null) set.verification_method = outcome.proof;
    else if (await claimedElsewhere(db, row.organization_id, row.name))
      set.verification_problem = 'unavailable' satisfies VerificationProblem;
    else {
      set.verified_at = now;
      set.verification_method = outcome.proof;
      release = true;
    }
  } else {
    set.verification_problem = (outcome.dnsFailed ? 'dns' : 'not_found') satisfies VerificationProblem;
    const cutoff = now.getTime() - revokeAfterDays * 86_400_000;
    const lastProof = row.verification_proved_at ? new Date(row.verification_proved_at).getTime() : 0;
    // Only a domain verified by a proof loses it; a grandfathered one (or one an operator marked verified in
    // the database, method null) has none to lose.
    const proven = row.verification_method === 'dmarc' || row.verification_method === 'txt';
    if (!outcome.dnsFailed && row.verified_at !== null && proven && lastProof < cutoff) {
      set.verified_at = null;
      set.verification_method = null;
      await forgetVerifiedName(db, row);
    }
  }
  const updated = await db
    .updateTable('domains')
    .set(set)
    .where('id', '=', row.id)
    .returningAll()
    .executeTakeFirstOrThrow();
  if (release) {
    await recordVerifiedName(db, row);
    await onDomainVerified(db, { name: row.name, organization_id: row.organization_id });
    await noteZonesHandedOver(db, row);
  }
  return updated;
}
