import { sql } from 'kysely';
import type { Db } from '../../db/database';

// Sender attribution re-run over everything stored (POST networks/recalculate/): for each enriched IP the
// sender whose network holds it (longest prefix first), else the sender whose reverse-DNS suffix ends its PTR
// name (longest suffix first), else the PTR's base domain; then every rollup takes its IP's answer. One
// statement per table, whatever the number of IPs.

export async function recalculateAttribution(db: Db): Promise<{ ips: number; changed: number }> {
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
    ),
    changed as (
      update ip_enrichment e set sender_service = a.service
      from attributed a
      where a.ip = e.ip and e.sender_service is distinct from a.service
      returning e.ip
    )
    select (select count(*)::int from ip_enrichment) as ips, (select count(*)::int from changed) as changed`.execute(
    db,
  );
  await sql`update dmarc_rollups u set sender_service = e.sender_service
    from ip_enrichment e
    where e.ip = u.source_ip and u.sender_service is distinct from e.sender_service`.execute(db);
  return rows[0];
}
