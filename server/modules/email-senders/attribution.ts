import { sql } from 'kysely';
import type { Db } from '../../db/database';

// Sender attribution, one rule for every path (enrichment of newly resolved IPs and POST
// networks/recalculate/): for each enriched IP the sender whose network holds it (longest prefix first), else
// the sender whose reverse-DNS suffix ends its PTR name (longest suffix first), else the PTR's base domain;
// then every rollup of a changed IP takes its answer. One statement per table, whatever the number of IPs.

/**
 * Attributes the given IPs (every enriched IP when `ips` is null) and copies the answers into their rollups.
 * `ips` counts the IPs looked at, `changed` those whose sender service changed.
 */
export async function attributeIps(db: Db, ips: string[] | null): Promise<{ ips: number; changed: number }> {
  if (ips !== null && ips.length === 0) return { ips: 0, changed: 0 };
  const scope = ips === null ? sql`true` : sql`e.ip = any(${ips}::text[])`;
  const { rows } = await sql<{ ips: number; changed: number }>`
    with suffixes as materialized (
      select s.id, s.name, lower(x.suffix) as suffix
      from email_senders s, jsonb_array_elements_text(s.reverse_dns_suffixes) as x(suffix)
    ),
    attributed as (
      select e.ip, coalesce(
        (select s.name from email_sender_networks n join email_senders s on s.id = n.sender_id
          where e.ip::inet <<= n.range order by masklen(n.range) desc, s.id limit 1),
        (select x.name from suffixes x
          where e.ptr is not null
            and (lower(e.ptr) = x.suffix or right(lower(e.ptr), length(x.suffix) + 1) = '.' || x.suffix)
          order by length(x.suffix) desc, x.id limit 1),
        e.base_domain) as service
      from ip_enrichment e
      where ${scope}
    ),
    changed as (
      update ip_enrichment e set sender_service = a.service
      from attributed a
      where a.ip = e.ip and e.sender_service is distinct from a.service
      returning e.ip
    )
    select (select count(*)::int from attributed) as ips,
      (select count(*)::int from changed) as changed`.execute(db);
  // Every rollup of a looked-at IP (not only the changed ones): rollups written before the IP was first
  // resolved carry no sender yet.
  await sql`update dmarc_rollups u set sender_service = e.sender_service
    from ip_enrichment e
    where e.ip = u.source_ip and ${ips === null ? sql`true` : sql`u.source_ip = any(${ips}::text[])`}
      and u.sender_service is distinct from e.sender_service`.execute(db);
  return rows[0];
}

/** POST networks/recalculate/: every stored source IP and rollup re-attributed. */
export async function recalculateAttribution(db: Db): Promise<{ ips: number; changed: number }> {
  return attributeIps(db, null);
}
