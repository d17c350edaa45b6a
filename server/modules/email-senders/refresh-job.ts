import { createDnsResolver } from '../../checks/resolver';
import type { Resolver } from '../../checks/dnsTypes';
import type { Db } from '../../db/database';
import type { Job } from '../../jobs/job';
import { AppError } from '../../lib/errors';
import { attributeIps } from './attribution';
import { addNetworks } from './repo';
import { spfNetworks } from './spf-networks';

// The catalogue's networks refreshed online when DNS answers: once a day, each sender's SPF include domains
// are read again (as "Refresh networks" reads them) and new ranges are added, so the shipped snapshot
// (spf-snapshot.json) is only the starting point. Nothing is removed; a sender whose DNS fails keeps its
// networks and is tried again the next day.

/** Adds the networks found online; returns how many senders answered and how many ranges were new. */
export async function refreshSenderNetworks(
  db: Db,
  resolver: Resolver,
): Promise<{ answered: number; failed: number; added: number }> {
  const senders = await db.selectFrom('email_senders').select(['id', 'spf_includes']).orderBy('id').execute();
  let answered = 0;
  let failed = 0;
  let added = 0;
  for (const s of senders) {
    if (s.spf_includes.length === 0) continue;
    let ranges: string[];
    try {
      ranges = await spfNetworks(s.spf_includes, resolver);
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      failed += 1;
      continue;
    }
    answered += 1;
    added += await addNetworks(db, s.id, ranges);
  }
  // New ranges move the addresses they hold (and their rollups) to their sender.
  if (added > 0) await attributeIps(db, null);
  return { answered, failed, added };
}

export function senderNetworksRefreshJob(): Job {
  return {
    name: 'email-senders-refresh',
    cron: '40 3 * * *',
    // DNS answers outside any transaction; each sender's ranges are added on their own.
    inTransaction: false,
    run: async ({ db, logger }) => {
      const result = await refreshSenderNetworks(db, createDnsResolver({ timeoutMs: 3000 }));
      logger.info(result, 'email sender networks refreshed from SPF');
    },
  };
}
