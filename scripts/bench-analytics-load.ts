import { sql } from 'kysely';
import type { Db } from '../server/db/database';
import { ensureMonths } from '../server/db/partitions';
import { foldSummaries } from '../server/modules/analytics/summaries/summaries-fold';

// Synthetic analytics data written straight into the tables with generate_series (fast bulk SQL, not
// through ingest). Shape, per `records` asked for: 1,000 domains (scaled down with the record count), 90
// days, 50,000 source IPs, 200 email senders; each (domain, day) is seen by
// 3 reporters, each report holding the same 37 (source IP, result) records, so rollups = records / 3, each with
// records = 3. Rows are written oldest day first, as reports arrive. One organization owns every domain: the
// worst case for a single caller.

export type Shape = { records: number; domains: number; days: number; ips: number; senders: number };
export const perDomainDay = 37;
export const reporters = 3;

export function shapeFor(records: number): Shape {
  const days = 90;
  // Keep rollup rows per (domain, day) fixed and scale the domains with the record count.
  const domains = Math.max(1, Math.round(records / (days * perDomainDay * reporters)));
  return { records, domains, days, ips: 50_000, senders: 200 };
}

export async function loadAnalytics(
  db: Db,
  shape: Shape,
  lastDay: string,
): Promise<{ org: number; foldMs: number }> {
  const org = await db
    .insertInto('organizations')
    .values({ name: 'Bench organization', benefits: '{}' })
    .returning('id')
    .executeTakeFirstOrThrow();
  await sql`insert into domains (name, organization_id)
    select 'bench-' || d || '.example', ${org.id} from generate_series(0, ${shape.domains - 1}) d`.execute(
    db,
  );
  await sql`insert into email_senders (name)
    select 'Bench sender ' || s from generate_series(0, ${shape.senders - 1}) s
    on conflict do nothing`.execute(db);
  // Reports: per (domain, day) `reporters` reports; records_count/messages_count as ingest would store them.
  await sql`insert into dmarc_reports (organization_id, domain, org_name, report_id, begin_date, end_date,
      email, errors, policy, warnings, records_count, messages_count, source)
    select ${org.id}, 'bench-' || d || '.example', 'Reporter ' || r, 'b-' || d || '-' || day || '-' || r,
      (${lastDay}::date - day) + time '00:00', (${lastDay}::date - day) + time '23:59:59',
      'dmarc@r' || r || '.example', '[]', '{}', '[]', ${perDomainDay}, ${perDomainDay * 10}, 'cli'
    from generate_series(${shape.days - 1}, 0, -1) day, generate_series(0, ${shape.domains - 1}) d,
      generate_series(0, ${reporters - 1}) r
    order by day desc`.execute(db);
  // The months of the window's partitions (migration 0042), as ingestion would create them.
  const dayMs = 86_400_000;
  const days = Array.from({ length: shape.days }, (_, i) =>
    new Date(Date.parse(lastDay) - i * dayMs).toISOString().slice(0, 10),
  );
  await ensureMonths(db, days);
  // Rollups: 37 distinct source IPs per (domain, day); results from a hash of the row.
  await sql`insert into dmarc_rollups (day, organization_id, domain, source_ip, sender_service, dkim_auth,
      spf_auth, dkim_aligned, spf_aligned, dmarc_pass, disposition, messages, records)
    select ${lastDay}::date - day, ${org.id}, 'bench-' || d || '.example',
      '10.' || (ip / 65536) || '.' || ((ip / 256) % 256) || '.' || (ip % 256),
      case when ip % 10 = 0 then null else 'Bench sender ' || (ip % ${shape.senders}) end,
      h % 5 <> 0, h % 7 <> 0, h % 5 <> 0 and h % 3 <> 0, h % 7 <> 0 and h % 4 <> 0,
      (h % 5 <> 0 and h % 3 <> 0) or (h % 7 <> 0 and h % 4 <> 0),
      case when h % 11 = 0 then 'quarantine' else 'none' end, 1 + h % 40, ${reporters}
    from generate_series(${shape.days - 1}, 0, -1) day, generate_series(0, ${shape.domains - 1}) d,
      generate_series(0, ${perDomainDay - 1}) j,
      lateral (select (d * 1000 + j * 1351 + day * 37) % ${shape.ips} as ip,
        abs(hashint4(d * 100000 + day * 100 + j)) as h) k
    order by day desc`.execute(db);
  // The summaries (migration 0033) fold the rollups' deltas as the first analytics read or retention would.
  const t = Date.now();
  await foldSummaries(db);
  const foldMs = Date.now() - t;
  // Vacuumed as autovacuum would have by then (visibility map set, statistics fresh).
  await sql`vacuum analyze`.execute(db);
  return { org: org.id, foldMs };
}
