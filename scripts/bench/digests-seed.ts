import { sql } from 'kysely';
import type { Db } from '../../server/db/database';
import { ensureMonths } from '../../server/db/partitions';
import { rebuildSummaries } from '../../server/modules/analytics/summaries/summaries-fold';
import { daysBack } from './scratch-database';

// The digest benchmark's data, written with generate_series (not through ingest), in the analytics
// benchmark's shape (scripts/bench-analytics-load.ts): each (domain, day) is reported by three reporters
// with the same (source IP, result) records, so a rollup row carries records = 3 and `records` records are
// records / 3 rollup rows. Every organization has two domains and the same number of source IPs per domain
// and day; all of them fall in the days the weekly digests read (the period and the one before), the worst
// case for the digests. Before anything is timed the summaries are exact (rebuilt from the rollups: the rows
// folding the deltas makes, in two thirds of its time) and the tables vacuumed, as the fold job and
// autovacuum would have left them in production.

export type SeedShape = { orgs: number; records: number; days: number };
export const domainsPerOrg = 2;
const reporters = 3;
const senders = 20;

/** Source IPs per (domain, day) that make `records` records in all. */
export const ipsFor = (s: SeedShape) =>
  Math.max(1, Math.round(s.records / (s.orgs * domainsPerOrg * s.days * reporters)));

export async function seedDigests(db: Db, shape: SeedShape, lastDay: string) {
  const ips = ipsFor(shape);
  await sql`insert into organizations (name, benefits)
    select 'Bench org ' || o, '{}' from generate_series(1, ${shape.orgs}) o`.execute(db);
  await sql`insert into domains (name, organization_id)
    select 'd' || d || '-' || o.id || '.example', o.id
    from organizations o, generate_series(0, ${domainsPerOrg - 1}) d`.execute(db);
  await sql`insert into email_senders (name)
    select 'Bench sender ' || s from generate_series(0, ${senders - 1}) s on conflict do nothing`.execute(db);
  await ensureMonths(db, daysBack(lastDay, shape.days));
  await sql`insert into dmarc_reports (organization_id, domain, org_name, report_id, begin_date, end_date,
      email, errors, policy, warnings, records_count, messages_count, source)
    select dm.organization_id, dm.name, 'Reporter ' || r, 'b-' || dm.id || '-' || day || '-' || r,
      (${lastDay}::date - day) + time '00:00', (${lastDay}::date - day) + time '23:59:59',
      'dmarc@r' || r || '.example', '[]',
      '{"p":"quarantine","adkim":"r","aspf":"r","sp":null,"np":null,"pct":100,"fo":null,"testing":null}',
      '[]', ${ips}, ${ips * 20}, 'cli'
    from domains dm, generate_series(${shape.days - 1}, 0, -1) day, generate_series(1, ${reporters}) r
    order by day desc`.execute(db);
  // Oldest day first, as reports arrive. A few IPs change from day to day, so some sources are "new".
  await sql`insert into dmarc_rollups (day, organization_id, domain, source_ip, sender_service, dkim_auth,
      spf_auth, dkim_aligned, spf_aligned, dmarc_pass, disposition, messages, records)
    select ${lastDay}::date - day, dm.organization_id, dm.name,
      '10.' || (ip / 65536) || '.' || ((ip / 256) % 256) || '.' || (ip % 256),
      case when j % 4 = 0 then null else 'Bench sender ' || (j % ${senders}) end,
      h % 5 <> 0, h % 7 <> 0, h % 5 <> 0 and h % 3 <> 0, h % 7 <> 0 and h % 4 <> 0,
      (h % 5 <> 0 and h % 3 <> 0) or (h % 7 <> 0 and h % 4 <> 0), 'none', 1 + h % 40, ${reporters}
    from domains dm, generate_series(${shape.days - 1}, 0, -1) day, generate_series(0, ${ips - 1}) j,
      lateral (select (dm.id::int * 7 + j + (day % 3) * (j / 50)) % 1000000 as ip,
        abs(hashint4(dm.id::int * 100000 + day * 1000 + j)) as h) k
    order by day desc`.execute(db);
  await sql`insert into digest_schedules (organization_id, type, name, frequency, day_of_week, hour, time_zone,
      time_frame, include_details_per_system, include_aggregation_by_ip, include_aggregation_by_sender_service,
      destination_addresses, created_at)
    select id, 'weekly', 'Weekly digest', 'weekly', 1, 7, 'UTC', 'last_7_days', true, true, true,
      array['owner-' || id || '@example.com'], '2026-01-01'
    from organizations`.execute(db);
  const t = performance.now();
  await rebuildSummaries(db);
  const summariesMs = performance.now() - t;
  await sql`vacuum analyze`.execute(db);
  const { rows } = await sql<{ rollups: number; records: number }>`select count(*)::int as rollups,
      sum(records)::bigint as records from dmarc_rollups`.execute(db);
  return { ips, rollups: rows[0].rollups, records: Number(rows[0].records), summariesMs };
}
