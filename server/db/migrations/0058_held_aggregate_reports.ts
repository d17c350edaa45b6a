import { sql, type Kysely } from 'kysely';
import { createMonth, listPartitions, monthOf, partitionLock } from '../partitions';

// Held aggregate reports wait in held_reports (docs/SCALING.md, "Citus"). An aggregate report no organization
// owns when it arrives (server/ingest/ownership.ts) used to be stored in dmarc_reports with organization_id
// null, its records under organization 0, and the column was set on verification; a distribution column can
// be neither null nor changed. Now it waits as TLS and failure reports do since 0048: the parsed report with
// its records as JSON (server/ingest/hold.ts), under the id dmarc_reports' sequence gave it, and is stored
// through the normal path when an organization verifies its domain (server/ingest/attach.ts).
//
// In place: each held report is rebuilt from its header and records (in id order, the file's) in the shape
// the parser gives, moved to held_reports under its id, and deleted with its records (0032's cascade
// trigger). Then dmarc_reports is keyed by (organization_id, id), organization_id not null, with an index on
// id alone for the reads that name a report by id only (support, the records' joins).
//
// held_reports.report becomes json (text kept as written, checked but not parsed into jsonb's tree): it is
// written whole and read whole, never queried inside, and an aggregate report with its records is large
// (~40 kB for 100 records): jsonb cost the server ~0.5 ms more a report to parse and stored it 40% larger.

const kinds = (list: string[]) => sql.raw(`check (kind in (${list.map((k) => `'${k}'`).join(', ')}))`);

/** A held report's records as the parser gives them (server/dmarc/types.ts AggregateRecord), file order. */
const recordsJson = sql`coalesce((select jsonb_agg(jsonb_build_object(
      'sourceIp', d.source_ip,
      'count', d.count,
      'policyEvaluated', jsonb_build_object('disposition', d.disposition, 'dkim', d.dkim, 'spf', d.spf,
        'reasons', d.reasons),
      'identifiers', jsonb_build_object('headerFrom', d.header_from, 'envelopeFrom', d.envelope_from,
        'envelopeTo', d.envelope_to),
      'authResults', jsonb_build_object(
        'dkim', (select coalesce(jsonb_agg(jsonb_build_object('domain', k -> 'domain', 'selector',
            k -> 'selector', 'result', k -> 'result', 'humanResult', k -> 'human_result') order by n), '[]')
          from jsonb_array_elements(d.dkim_results) with ordinality x(k, n)),
        'spf', (select coalesce(jsonb_agg(jsonb_build_object('domain', k -> 'domain', 'scope', k -> 'scope',
            'result', k -> 'result', 'humanResult', k -> 'human_result') order by n), '[]')
          from jsonb_array_elements(d.spf_results) with ordinality x(k, n))))
    || case when d.extensions is null then '{}'::jsonb else jsonb_build_object('extensions', d.extensions) end
    order by d.id)
  from dmarc_records d where d.report_id = r.id and d.organization_id = 0), '[]'::jsonb)`;

/** A held report as the parser gives it (AggregateReport), from its dmarc_reports row and records. */
const reportJson = sql`jsonb_build_object(
    'kind', 'aggregate',
    'version', r.version,
    'reportMetadata', jsonb_build_object('orgName', r.org_name, 'email', r.email,
      'extraContactInfo', r.extra_contact_info, 'reportId', r.report_id,
      'dateRange', jsonb_build_object('begin', extract(epoch from r.begin_date),
        'end', extract(epoch from r.end_date)),
      'errors', r.errors, 'generator', r.generator),
    'policyPublished', jsonb_build_object('domain', r.domain, 'adkim', r.policy -> 'adkim',
      'aspf', r.policy -> 'aspf', 'p', r.policy -> 'p', 'sp', r.policy -> 'sp', 'np', r.policy -> 'np',
      'pct', r.policy -> 'pct', 'fo', r.policy -> 'fo', 'testing', r.policy -> 'testing',
      'discoveryMethod', r.policy -> 'discovery_method'),
    'records', ${recordsJson},
    'warnings', r.warnings)
  || case when r.extensions is null then '{}'::jsonb else jsonb_build_object('extensions', r.extensions) end`;

const heldColumns =
  'id, domain, org_name, report_id, begin_date, end_date, file_id, received_file_id, source, received_at';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table held_reports drop constraint held_reports_kind_check,
    add constraint held_reports_kind_check ${kinds(['aggregate', 'tls', 'failure'])},
    alter column report type json using report::json`.execute(db);
  await sql`insert into held_reports (${sql.raw(heldColumns)}, kind, report)
    select ${sql.raw(heldColumns.replace(/(\w+)/g, 'r.$1'))}, 'aggregate', (${reportJson})::json
      from dmarc_reports r where r.organization_id is null order by r.id`.execute(db);
  await sql`delete from dmarc_reports where organization_id is null`.execute(db);
  await sql`alter table dmarc_reports
    alter column organization_id set not null,
    drop constraint dmarc_reports_pkey,
    add constraint dmarc_reports_pkey primary key (organization_id, id)`.execute(db);
  await sql`create index dmarc_reports_id_idx on dmarc_reports (id)`.execute(db);
}

/** A held report's records as ingestion stored them before this migration (server/ingest/store-aggregate.ts), under organization 0. */
async function releaseRecords(db: Kysely<unknown>): Promise<void> {
  await partitionLock.execute(db);
  const { rows } = await sql<{ day: string }>`select distinct
      to_char((begin_date at time zone 'UTC')::date, 'YYYY-MM-DD') as day
    from held_reports where kind = 'aggregate'`.execute(db);
  for (const month of new Set(rows.map((r) => monthOf(r.day))))
    await createMonth(db, month, await listPartitions(db));
  await sql`insert into dmarc_records (id, report_id, organization_id, day, source_ip, count, disposition,
      dkim, spf, reasons, header_from, envelope_from, envelope_to, extensions, dkim_results, spf_results)
    select nextval(pg_get_serial_sequence('dmarc_records', 'id')), h.id, 0,
      (h.begin_date at time zone 'UTC')::date, e ->> 'sourceIp', (e ->> 'count')::int,
      e -> 'policyEvaluated' ->> 'disposition', e -> 'policyEvaluated' ->> 'dkim',
      e -> 'policyEvaluated' ->> 'spf', coalesce(e -> 'policyEvaluated' -> 'reasons', '[]'::jsonb),
      e -> 'identifiers' ->> 'headerFrom', e -> 'identifiers' ->> 'envelopeFrom',
      e -> 'identifiers' ->> 'envelopeTo',
      case when jsonb_array_length(coalesce(e -> 'extensions', '[]'::jsonb)) > 0 then e -> 'extensions' end,
      (select coalesce(jsonb_agg(jsonb_build_object('domain', k -> 'domain', 'selector', k -> 'selector',
          'result', k -> 'result', 'human_result', k -> 'humanResult') order by n), '[]')
        from jsonb_array_elements(e -> 'authResults' -> 'dkim') with ordinality x(k, n)),
      (select coalesce(jsonb_agg(jsonb_build_object('domain', k -> 'domain', 'scope', k -> 'scope',
          'result', k -> 'result', 'human_result', k -> 'humanResult') order by n), '[]')
        from jsonb_array_elements(e -> 'authResults' -> 'spf') with ordinality x(k, n))
    from held_reports h cross join jsonb_array_elements(h.report -> 'records') with ordinality r(e, n)
    where h.kind = 'aggregate'
    order by h.id, r.n`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table held_reports alter column report type jsonb using report::jsonb`.execute(db);
  await sql`drop index dmarc_reports_id_idx`.execute(db);
  await sql`alter table dmarc_reports
    drop constraint dmarc_reports_pkey,
    add constraint dmarc_reports_pkey primary key (id),
    alter column organization_id drop not null`.execute(db);
  await sql`insert into dmarc_reports (${sql.raw(heldColumns)}, organization_id, email, extra_contact_info,
      version, generator, errors, policy, extensions, warnings, records_count, messages_count)
    select ${sql.raw(heldColumns)}, null, m ->> 'email', m ->> 'extraContactInfo', report ->> 'version',
      m ->> 'generator', m -> 'errors',
      jsonb_build_object('adkim', p -> 'adkim', 'aspf', p -> 'aspf', 'p', p -> 'p', 'sp', p -> 'sp',
        'np', p -> 'np', 'pct', p -> 'pct', 'fo', p -> 'fo', 'testing', p -> 'testing',
        'discovery_method', p -> 'discoveryMethod'),
      case when jsonb_array_length(coalesce(report -> 'extensions', '[]'::jsonb)) > 0
        then report -> 'extensions' end,
      report -> 'warnings', jsonb_array_length(report -> 'records'),
      (select coalesce(sum((e ->> 'count')::bigint), 0) from jsonb_array_elements(report -> 'records') e)
    from held_reports,
      lateral (select report -> 'reportMetadata' as m, report -> 'policyPublished' as p) x
    where kind = 'aggregate' order by id`.execute(db);
  await releaseRecords(db);
  await sql`delete from held_reports where kind = 'aggregate'`.execute(db);
  await sql`alter table held_reports drop constraint held_reports_kind_check,
    add constraint held_reports_kind_check ${kinds(['tls', 'failure'])}`.execute(db);
}
