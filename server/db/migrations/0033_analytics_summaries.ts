import { sql, type Kysely } from 'kysely';

// Analytics summaries (docs/PERFORMANCE.md, analytics): the dashboards' 30- and 90-day windows scanned every
// rollup row of the window. Three summaries of dmarc_rollups serve the sums instead:
// - analytics_domain_days per (organization, day, domain): metrics, time series, by domain;
// - analytics_sender_days per (organization, day, sender service): by sender service (no domain filter);
// - analytics_ip_spans per (organization, span, source IP, sender service): by IP and the IPs of a sender (no
//   domain filter). A day row per IP would hardly be smaller than the rollups, so the spans are dyadic: for
//   each level L (0..6) one row per IP and aligned 2^L-day span, and a window reads the at most two spans per
//   level that tile it (server/modules/analytics/summaries/spans.ts): 90 days are ~10 spans instead of 90 days of rows.
// Statement-level AFTER triggers with transition tables on dmarc_rollups append every change as signed
// deltas to analytics_pending, so every writer (ingest flush, attaching kept-aside reports, enrichment and
// recalculate changing sender_service, retention, the organization cascade) is covered without knowing of
// the summaries, and concurrent ingest transactions never wait on one another's summary rows (upserting the
// summaries in the writing transaction serialised them and cost 3-5x the ingest time, measured). The deltas
// are folded into the summaries in one statement (foldSql) before analytics reads and by retention. Rows
// whose sums fall to zero are skipped by the queries (records > 0) and removed by retention.

const domainSums = {
  records: 'records',
  messages: 'messages',
  dkim_passed: 'case when dkim_aligned then messages else 0 end',
  spf_passed: 'case when spf_aligned then messages else 0 end',
  dmarc_passed: 'case when dmarc_pass then messages else 0 end',
  dkim_and_spf: 'case when dkim_aligned and spf_aligned then messages else 0 end',
  auth_unaligned: 'case when not dmarc_pass and (dkim_auth or spf_auth) then messages else 0 end',
};
const senderSums = {
  records: 'records',
  messages: 'messages',
  dkim_passed: 'case when dkim_aligned then messages else 0 end',
  spf_passed: 'case when spf_aligned then messages else 0 end',
  dmarc_passed: 'case when dmarc_pass then messages else 0 end',
};

type Summary = {
  table: string;
  keys: string[];
  keyExprs: string[];
  sums: Record<string, string>;
  /** Joined to each rollup row (the span levels). */
  join?: string;
};

/** Span levels of analytics_ip_spans: spans of 2^0 .. 2^6 days, aligned on multiples of their length. */
export const spanLevels = 7;
export const summaries: Summary[] = [
  {
    table: 'analytics_domain_days',
    keys: ['organization_id', 'day', 'domain'],
    keyExprs: ['organization_id', 'day', 'domain'],
    sums: domainSums,
  },
  {
    table: 'analytics_sender_days',
    keys: ['organization_id', 'day', 'sender_service'],
    keyExprs: ['organization_id', 'day', "coalesce(sender_service, '')"],
    sums: senderSums,
  },
  {
    table: 'analytics_ip_spans',
    keys: ['organization_id', 'lvl', 'start', 'source_ip', 'sender_service'],
    keyExprs: [
      'organization_id',
      'lvl',
      "day - ((day - date '1970-01-01') % (1 << lvl))",
      'source_ip',
      "coalesce(sender_service, '')",
    ],
    sums: senderSums,
    join: `cross join generate_series(0, ${spanLevels - 1}) as lv(lvl)`,
  },
];

/** `select keys, signed sums from <rows> group by keys`: the summary rows the given rollup rows make. */
export function summarySelect(s: Summary, from: string): string {
  const keys = s.keys.map((k, i) => `${s.keyExprs[i]} as ${k}`).join(', ');
  const sums = Object.entries(s.sums)
    .map(([c, e]) => `sum(sign * (${e}))::bigint as ${c}`)
    .join(', ');
  const n = s.keys.map((_, i) => i + 1).join(', ');
  return `select ${keys}, ${sums} from (${from}) x ${s.join ?? ''} group by ${n}`;
}

/** Rollup columns a delta keeps (every summary key and sum is computed from these). */
const deltaColumns =
  'organization_id, day, domain, source_ip, sender_service, dkim_auth, spf_auth, dkim_aligned, spf_aligned, ' +
  'dmarc_pass, messages, records';

/**
 * One statement that moves every pending delta into the three summaries: the deltas are deleted (each is
 * folded once, whoever folds concurrently) and upserted per summary, aggregated and sorted by key. `extra`:
 * CTEs over `moved` of later summaries (migration 0035).
 */
export function foldSql(extra: string[] = []): string {
  const parts = summaries.map((s, i) => {
    const cols = [...s.keys, ...Object.keys(s.sums)];
    const set = Object.keys(s.sums)
      .map((c) => `${c} = s.${c} + excluded.${c}`)
      .join(', ');
    return `up${i} as (insert into ${s.table} as s (${cols.join(', ')})
      select * from (${summarySelect(s, 'select * from moved')}) d where d.records <> 0 or d.messages <> 0
      order by ${s.keys.join(', ')}
      on conflict (${s.keys.join(', ')}) do update set ${set})`;
  });
  return `with moved as (delete from analytics_pending returning *), ${[...parts, ...extra].join(',\n')} select 1`;
}

const events = {
  insert: { refs: 'new table as new_rows', from: `select ${deltaColumns}, 1 from new_rows` },
  update: {
    refs: 'old table as old_rows new table as new_rows',
    from: `select ${deltaColumns}, 1 from new_rows union all select ${deltaColumns}, -1 from old_rows`,
  },
  delete: { refs: 'old table as old_rows', from: `select ${deltaColumns}, -1 from old_rows` },
} as const;

const fn = (event: string) => `dmarc_rollups_summaries_${event}`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table analytics_domain_days (
      organization_id integer not null, day date not null, domain text not null,
      records bigint not null, messages bigint not null, dkim_passed bigint not null, spf_passed bigint not null,
      dmarc_passed bigint not null, dkim_and_spf bigint not null, auth_unaligned bigint not null,
      primary key (organization_id, day, domain))`.execute(db);
  await sql`create table analytics_sender_days (
      organization_id integer not null, day date not null, sender_service text not null,
      records bigint not null, messages bigint not null, dkim_passed bigint not null, spf_passed bigint not null,
      dmarc_passed bigint not null,
      primary key (organization_id, day, sender_service))`.execute(db);
  await sql`create table analytics_ip_spans (
      organization_id integer not null, lvl smallint not null, start date not null, source_ip text not null,
      sender_service text not null,
      records bigint not null, messages bigint not null, dkim_passed bigint not null, spf_passed bigint not null,
      dmarc_passed bigint not null,
      primary key (organization_id, lvl, start, source_ip, sender_service))`.execute(db);

  // Deltas wait here, append-only and unindexed: writers to dmarc_rollups only append (no summary row
  // locks shared between concurrent ingest transactions); server/modules/analytics/summaries/summaries-fold.ts folds
  // them before the analytics read and after retention.
  await sql`create table analytics_pending (
      organization_id integer not null, day date not null, domain text not null, source_ip text not null,
      sender_service text, dkim_auth boolean not null, spf_auth boolean not null, dkim_aligned boolean not null,
      spf_aligned boolean not null, dmarc_pass boolean not null, messages bigint not null,
      records integer not null, sign smallint not null)`.execute(db);
  for (const [event, e] of Object.entries(events)) {
    const body = `insert into analytics_pending (${deltaColumns}, sign) ${e.from};`;
    await sql`create function ${sql.id(fn(event))}() returns trigger language plpgsql
      set search_path from current as ${sql.lit(`begin ${body} return null; end`)}`.execute(db);
    // (A column list, `update of messages, ...`, is not allowed with transition tables; a delta pair that
    // changes nothing folds to nothing.)
    await sql`create trigger ${sql.id(fn(event))} after ${sql.raw(event)} on dmarc_rollups
      referencing ${sql.raw(e.refs)} for each statement execute function ${sql.id(fn(event))}()`.execute(db);
  }
  await sql`create function ${sql.id(fn('truncate'))}() returns trigger language plpgsql
    set search_path from current as ${sql.lit(
      'begin truncate analytics_domain_days, analytics_sender_days, analytics_ip_spans, analytics_pending; ' +
        'return null; end',
    )}`.execute(db);
  await sql`create trigger ${sql.id(fn('truncate'))} after truncate on dmarc_rollups
    for each statement execute function ${sql.id(fn('truncate'))}()`.execute(db);

  // The distinct domains of a page of senders read (organization, sender, day) with the domain: covered,
  // an index-only scan instead of a heap fetch per rollup row (0030 made the index without it).
  await sql`drop index if exists dmarc_rollups_org_sender_day_idx`.execute(db);
  await sql`create index dmarc_rollups_org_sender_day_idx on dmarc_rollups
    (organization_id, sender_service, day) include (domain)`.execute(db);

  await backfillSummaries(db);
}

/** Rebuilds the summaries from dmarc_rollups (the migration's backfill; also for repairs). */
export async function backfillSummaries<DB>(db: Kysely<DB>): Promise<void> {
  await sql`delete from analytics_pending`.execute(db);
  for (const s of summaries) {
    await sql`delete from ${sql.table(s.table)}`.execute(db);
    const cols = [...s.keys, ...Object.keys(s.sums)].join(', ');
    await sql`insert into ${sql.table(s.table)} (${sql.raw(cols)})
      ${sql.raw(summarySelect(s, 'select *, 1 as sign from dmarc_rollups'))}
      order by ${sql.raw(s.keys.join(', '))}`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const event of [...Object.keys(events), 'truncate']) {
    await sql`drop trigger if exists ${sql.id(fn(event))} on dmarc_rollups`.execute(db);
    await sql`drop function if exists ${sql.id(fn(event))}()`.execute(db);
  }
  await sql`drop index if exists dmarc_rollups_org_sender_day_idx`.execute(db);
  await sql`create index dmarc_rollups_org_sender_day_idx on dmarc_rollups
    (organization_id, sender_service, day)`.execute(db);
  await sql`drop table if exists analytics_pending`.execute(db);
  await sql`drop table if exists analytics_ip_spans`.execute(db);
  await sql`drop table if exists analytics_sender_days`.execute(db);
  await sql`drop table if exists analytics_domain_days`.execute(db);
}
