import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import type { Db } from '../../server/db/database';
import { createOrganization } from '../../server/modules/organizations/repo';

// Shared by the ingest-*.test.ts files: sample files, tenants, and an independent recomputation of the rollups.

export function listFiles(dir: string): string[] {
  const out: string[] = [];
  const walk = (d: string) => {
    for (const e of fs.readdirSync(d, { withFileTypes: true })) {
      const p = path.join(d, e.name);
      if (e.isDirectory()) walk(p);
      else out.push(p);
    }
  };
  walk(dir);
  return out.sort();
}

export async function makeOrganization(db: Db, name: string, domains: string[], benefits = {}) {
  const org = await createOrganization(db, name, benefits);
  for (const d of domains)
    await db
      .insertInto('domains')
      .values({ name: d, organization_id: org.id, verified_at: new Date() })
      .execute();
  return org;
}

export async function tableCounts(db: Db): Promise<Record<string, number>> {
  const tables = [
    'report_files',
    'dmarc_reports',
    'dmarc_records',
    'dmarc_rollups',
    'tls_reports',
    'failure_reports',
    'held_reports',
  ];
  const out: Record<string, number> = {};
  for (const t of tables) {
    const { rows } = await sql<{ n: number }>`select count(*)::int as n from ${sql.table(t)}`.execute(db);
    out[t] = rows[0].n;
  }
  const { rows } = await sql<{ n: number }>`select coalesce(sum(messages), 0)::float8 as n
    from dmarc_rollups`.execute(db);
  out.rollup_messages = Number(rows[0].n);
  // The auth results live in the record row (migration 0036_record_auth_results).
  const { rows: auth } = await sql<{ dkim: number; spf: number }>`select
      coalesce(sum(jsonb_array_length(dkim_results)), 0)::int as dkim,
      coalesce(sum(jsonb_array_length(spf_results)), 0)::int as spf
    from dmarc_records`.execute(db);
  out.dkim_results = auth[0].dkim;
  out.spf_results = auth[0].spf;
  return out;
}

type Raw = {
  organization_id: number;
  domain: string;
  begin: Date;
  source_ip: string;
  count: number;
  disposition: string;
  dkim: string;
  spf: string;
  dkim_pass: boolean;
  spf_pass: boolean;
};

/**
 * Rollups recomputed in JavaScript from the raw rows (records and their auth results), to compare with what
 * ingestion maintained: key -> [messages, records].
 */
export async function rollupsFromRecords(db: Db): Promise<Map<string, [number, number]>> {
  const { rows } = await sql<Raw>`select r.organization_id, r.domain, r.begin_date as begin, d.source_ip,
      d.count, d.disposition, d.dkim, d.spf,
      coalesce((select bool_or(k->>'result' = 'pass') from jsonb_array_elements(d.dkim_results) k), false)
        as dkim_pass,
      coalesce((select bool_or(s->>'result' = 'pass') from jsonb_array_elements(d.spf_results) s), false)
        as spf_pass
    from dmarc_records d join dmarc_reports r on r.id = d.report_id
    where r.organization_id is not null`.execute(db);
  const out = new Map<string, [number, number]>();
  for (const r of rows) {
    const day = new Date(r.begin).toISOString().slice(0, 10);
    const key = [
      r.organization_id,
      r.domain,
      day,
      r.source_ip,
      r.dkim_pass,
      r.spf_pass,
      r.dkim === 'pass',
      r.spf === 'pass',
      r.disposition,
    ].join('|');
    const seen = out.get(key) ?? [0, 0];
    out.set(key, [seen[0] + r.count, seen[1] + 1]);
  }
  return out;
}

export async function storedRollups(db: Db): Promise<Map<string, [number, number]>> {
  const rows = await db
    .selectFrom('dmarc_rollups')
    .selectAll()
    .select(sql<string>`day::text`.as('day_text'))
    .execute();
  const out = new Map<string, [number, number]>();
  for (const r of rows) {
    const key = [
      r.organization_id,
      r.domain,
      r.day_text,
      r.source_ip,
      r.dkim_auth,
      r.spf_auth,
      r.dkim_aligned,
      r.spf_aligned,
      r.disposition,
    ].join('|');
    expectNoDuplicate(out, key);
    out.set(key, [Number(r.messages), r.records]);
  }
  return out;
}

function expectNoDuplicate(map: Map<string, unknown>, key: string) {
  if (map.has(key)) throw new Error(`two rollup rows for ${key}`);
}
