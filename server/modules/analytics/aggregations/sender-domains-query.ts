import { sql } from 'kysely';
import type { Db } from '../../../db/database';
import { blockDays } from '../../../db/migrations/0035_sender_domain_blocks';
import type { Selection } from '../selection/filter';
import { domainCondition } from '../selection/where';

// Distinct policy domains per sender service for a page of the by-sender list, from the 64-day blocks of
// migration 0035 (aliased `u`): a pair counts when any day of the window inside one of its blocks has records
// (an index-only scan of the primary key, which includes the day mask).
// Names are sender services (the unattributed sender, '' in the blocks, is not listed: spec section 5).

export async function blockDomainsPerSender(
  db: Db,
  s: Selection,
  names: string[],
): Promise<Map<string, number>> {
  if (names.length === 0) return new Map();
  const org = s.organizationId === 'all' ? sql`true` : sql`u.organization_id = ${s.organizationId}`;
  const begin = sql`${s.begin}::date`;
  const end = sql`${s.end}::date`;
  // Bits lo..hi of a block's mask are the days of the window inside it (lo <= hi, as start > begin - 64 and
  // start <= end); -2 << 63 is 0, so hi = 63 keeps bit 63.
  const lo = sql`greatest(${begin} - u.start, 0)`;
  const hi = sql`least(${end} - u.start, ${blockDays - 1}::int)`;
  const inWindow = sql`u.mask & ((-1::bigint << ${lo}) & ~(-2::bigint << ${hi})) <> 0`;
  // Pairs first (hash aggregate), then counted: cheaper than count(distinct) sorting every group.
  const { rows } = await sql<{ name: string; n: string | number }>`select name, count(*) as n from (
      select distinct u.sender_service as name, u.domain
      from analytics_sender_domain_blocks u
      where ${org} and u.sender_service = any(${names}::text[])
        and u.start > ${begin} - ${blockDays}::int and u.start <= ${end}
        and ${domainCondition('u.domain', s)} and ${inWindow}
    ) p group by 1`.execute(db);
  return new Map(rows.map((r) => [r.name, Number(r.n)]));
}
