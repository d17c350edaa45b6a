import { sql, type Kysely } from 'kysely';

// Each record's DKIM and SPF auth results move into the record row as jsonb arrays (in report order) and the
// two child tables go: at ingest their inserts were ~20% of the server's CPU (docs/PERFORMANCE.md), and
// every reader reads them through their record anyway. Elements: DKIM {domain, selector, result,
// human_result}, SPF {domain, scope, result, human_result}. A DKIM signature's id on the wire is derived
// from the record id and its position (server/modules/reports/auth-results.ts).

const tables = ['dmarc_dkim_results', 'dmarc_spf_results'] as const;
const cascade = (t: string) => `${t}_record_id_cascade`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table dmarc_records add column dkim_results jsonb not null default '[]'::jsonb,
    add column spf_results jsonb not null default '[]'::jsonb`.execute(db);
  await sql`update dmarc_records d set dkim_results = k.arr
    from (select record_id, jsonb_agg(jsonb_build_object('domain', domain, 'selector', selector,
        'result', result, 'human_result', human_result) order by id) as arr
      from dmarc_dkim_results group by record_id) k
    where k.record_id = d.id`.execute(db);
  await sql`update dmarc_records d set spf_results = s.arr
    from (select record_id, jsonb_agg(jsonb_build_object('domain', domain, 'scope', scope,
        'result', result, 'human_result', human_result) order by id) as arr
      from dmarc_spf_results group by record_id) s
    where s.record_id = d.id`.execute(db);
  for (const t of tables) {
    await sql`drop trigger if exists ${sql.id(cascade(t))} on dmarc_records`.execute(db);
    await sql`drop function if exists ${sql.id(cascade(t))}()`.execute(db);
    await sql`drop table ${sql.table(t)}`.execute(db);
  }
}

// The tables as 0032_ingest_keys and 0034_ingest_indexes left them, filled back from the columns.
export async function down(db: Kysely<unknown>): Promise<void> {
  const extra = { dmarc_dkim_results: 'selector', dmarc_spf_results: 'scope' } as const;
  const column = { dmarc_dkim_results: 'dkim_results', dmarc_spf_results: 'spf_results' } as const;
  for (const t of tables) {
    await sql`create table ${sql.table(t)} (id serial not null, record_id integer not null,
      domain text not null, ${sql.id(extra[t])} text, result text not null, human_result text,
      constraint ${sql.id(`${t}_pkey`)} primary key (record_id, id))`.execute(db);
    await sql`insert into ${sql.table(t)} (record_id, domain, ${sql.id(extra[t])}, result, human_result)
      select d.id, x.e->>'domain', x.e->>${extra[t]}, x.e->>'result', x.e->>'human_result'
      from dmarc_records d
      cross join lateral jsonb_array_elements(d.${sql.id(column[t])}) with ordinality as x(e, n)
      order by d.id, x.n`.execute(db);
    await sql`create function ${sql.id(cascade(t))}() returns trigger language plpgsql
      set search_path from current as ${sql.lit(
        `begin delete from ${t} x using gone where x.record_id = gone.id; return null; end`,
      )}`.execute(db);
    await sql`create trigger ${sql.id(cascade(t))} after delete on dmarc_records
      referencing old table as gone for each statement execute function ${sql.id(cascade(t))}()`.execute(db);
  }
  await sql`alter table dmarc_records drop column dkim_results, drop column spf_results`.execute(db);
}
