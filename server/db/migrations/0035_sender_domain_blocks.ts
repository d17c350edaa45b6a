import { sql, type Kysely } from 'kysely';
import { foldSql } from './0033_analytics_summaries';

// The "domains" column of the by-sender list (distinct policy domains per sender service in the window) read
// ~20% of the window's rollups (675k rows at 90 days in the bench, docs/PERFORMANCE.md). A per-day summary of
// (sender, domain) would be as large as the rollups, so this one keeps, per organization, sender service ('' =
// unattributed), policy domain and aligned block of 64 days, the record count of each day of the block in
// an int[64] (counts, so that deletes and sender moves can be folded as signed deltas) and, generated from
// it, a bitmask of the days that have records. A window of up to 90 days reads at most 3 rows per pair and
// tests its own days against the mask, so the count stays exact for any window. Fed by migration 0033's
// delta queue and fold.

export const blockDays = 64;

const epochDay = "(day - date '1970-01-01')";

/** Dense per-block day counts from the per-day (offset, count) deltas of one (sender, domain, block). */
const dayCountsFn = `create or replace function msas_day_counts(offs int[], ns bigint[]) returns int[]
  language plpgsql immutable parallel safe as $$
  declare a int[] := array_fill(0, array[${blockDays}]);
  begin
    for i in 1 .. coalesce(array_length(offs, 1), 0) loop
      a[offs[i] + 1] := a[offs[i] + 1] + ns[i];
    end loop;
    return a;
  end $$`;

const addCountsFn = `create or replace function msas_add_counts(a int[], b int[]) returns int[]
  language plpgsql immutable parallel safe as $$
  declare r int[] := a;
  begin
    for i in 1 .. ${blockDays} loop
      r[i] := r[i] + b[i];
    end loop;
    return r;
  end $$`;

/** The days of the block that have records, as bits 0..63 of a bigint (bit 63 is the sign bit). */
const dayMaskFn = `create or replace function msas_day_mask(a int[]) returns bigint
  language plpgsql immutable parallel safe as $$
  declare m bigint := 0;
  begin
    for i in 1 .. coalesce(array_length(a, 1), 0) loop
      if a[i] > 0 then m := m | (1::bigint << (i - 1)); end if;
    end loop;
    return m;
  end $$`;

/**
 * `select keys, days` of the block rows that the signed rows of <from> (rollup columns + sign) make: one
 * aggregation per (organization, sender, block, domain), the day counts summed by msas_day_counts.
 */
export function blockSelect(from: string): string {
  const off = `(${epochDay} % ${blockDays})`;
  return `select organization_id, coalesce(sender_service, '') as sender_service, day - ${off} as start, domain,
      msas_day_counts(array_agg(${off}::int), array_agg(sign * records::bigint)) as days
    from (${from}) x group by 1, 2, 3, 4`;
}

/** The fold's part for this summary: a CTE over the `moved` deltas (see 0033's foldSql). */
export function blockFoldPart(): string {
  return `blocks as (insert into analytics_sender_domain_blocks as s (organization_id, sender_service, start, domain, days)
    select * from (${blockSelect('select * from moved')}) b where b.days <> array_fill(0, array[${blockDays}])
    order by 1, 2, 3, 4
    on conflict (organization_id, sender_service, start, domain)
    do update set days = msas_add_counts(s.days, excluded.days))`;
}

/** Rebuilds the blocks from dmarc_rollups (the migration's backfill; also for repairs and tests). */
export async function backfillSenderDomainBlocks<DB>(db: Kysely<DB>): Promise<void> {
  await sql`delete from analytics_sender_domain_blocks`.execute(db);
  await sql`insert into analytics_sender_domain_blocks (organization_id, sender_service, start, domain, days)
    ${sql.raw(blockSelect('select *, 1 as sign from dmarc_rollups'))}
    order by 1, 2, 3, 4`.execute(db);
}

const summaryTables = 'analytics_domain_days, analytics_sender_days, analytics_ip_spans';

function truncateFn(tables: string): string {
  return `create or replace function dmarc_rollups_summaries_truncate() returns trigger language plpgsql
    set search_path from current as $$ begin truncate ${tables}, analytics_pending; return null; end $$`;
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql.raw(dayCountsFn).execute(db);
  await sql.raw(addCountsFn).execute(db);
  await sql.raw(dayMaskFn).execute(db);
  // `mask` is in the primary key's index so that a page's read is an index-only scan (no 300-byte heap rows).
  await sql`create table analytics_sender_domain_blocks (
      organization_id integer not null, sender_service text not null, start date not null, domain text not null,
      days int[] not null, mask bigint not null generated always as (msas_day_mask(days)) stored,
      primary key (organization_id, sender_service, start, domain) include (mask))`.execute(db);
  await sql.raw(truncateFn(`${summaryTables}, analytics_sender_domain_blocks`)).execute(db);
  // The IPs of a page of senders read the IP spans by sender (the primary key leads with the span, so they read
  // every IP of the window's spans: ~150k heap rows at 90 days). Without `records` in the index, updates of
  // the sums stay HOT.
  await sql`create index analytics_ip_spans_sender_idx on analytics_ip_spans
    (organization_id, sender_service, lvl, start) include (source_ip)`.execute(db);
  // Deltas still queued are already in dmarc_rollups: fold them into 0033's summaries first, so that the
  // backfill below (from the rollups) and a later fold never count them twice.
  await sql.raw(foldSql()).execute(db);
  await backfillSenderDomainBlocks(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql.raw(truncateFn(summaryTables)).execute(db);
  await sql`drop index if exists analytics_ip_spans_sender_idx`.execute(db);
  await sql`drop table if exists analytics_sender_domain_blocks`.execute(db);
  await sql`drop function if exists msas_day_mask(int[])`.execute(db);
  await sql`drop function if exists msas_add_counts(int[], int[])`.execute(db);
  await sql`drop function if exists msas_day_counts(int[], bigint[])`.execute(db);
}
