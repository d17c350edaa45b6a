import { sql } from 'kysely';
import type { Db } from '../../db/database';
import { ingestMany, manyDefaults } from '../../ingest/ingest-many';
import { AppError, detailError } from '../../lib/errors';
import { demoDomains, demoGroups } from './catalogue';
import { demoReports } from './reports';

// Demo data for one organization: the domains and groups of catalogue.ts, then 30 days of generated
// aggregate reports through the ordinary ingest path (so rollups, senders and enrichment are as for real
// reports). Only into an organization without domains or reports, and only with demo domains nobody holds.

export type DemoSummary = { domains: number; groups: number; reports: number; records: number };

export const demoRefusals = {
  hasData: 'demo_has_data',
  domainsTaken: 'demo_domains_taken',
} as const;

/** Why demo data cannot go into this organization, or null when it can. */
export async function demoRefusal(
  db: Db,
  organizationId: number,
): Promise<(typeof demoRefusals)[keyof typeof demoRefusals] | null> {
  const { rows } = await sql<{ domains: number; reports: number; taken: number }>`select
      (select count(*)::int from domains where organization_id = ${organizationId}) as domains,
      (select count(*)::int from dmarc_reports where organization_id = ${organizationId}) as reports,
      (select count(*)::int from domains where name = any(${demoDomains}::text[])) as taken`.execute(db);
  const { domains, reports, taken } = rows[0];
  if (domains > 0 || reports > 0) return demoRefusals.hasData;
  return taken > 0 ? demoRefusals.domainsTaken : null;
}

/** The demo domains (verified: they are fictional, no DNS can prove them) and their groups. */
export async function addDemoDomains(
  db: Db,
  organizationId: number,
  ownerId: number | null,
): Promise<AppError | { domains: number; groups: number }> {
  const refusal = await demoRefusal(db, organizationId);
  if (refusal) return detailError(409, refusal);
  const rows = await db
    .insertInto('domains')
    .values(demoDomains.map((name) => ({ name, organization_id: organizationId, verified_at: new Date() })))
    .returning(['id', 'name'])
    .execute();
  const idOf = new Map(rows.map((r) => [r.name, r.id]));
  for (const g of demoGroups) {
    const group = await db
      .insertInto('domain_groups')
      .values({ name: g.name, organization_id: organizationId, owner_id: ownerId })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('domain_group_domains')
      .values(
        g.domains.map((d) => ({
          organization_id: organizationId,
          group_id: group.id,
          domain_id: idOf.get(d)!,
        })),
      )
      .execute();
  }
  return { domains: rows.length, groups: demoGroups.length };
}

/** Ingests the demo's reports for the organization (after addDemoDomains committed); counts what was stored. */
export async function ingestDemoReports(
  db: Db,
  organizationId: number,
  now: Date,
  days = 30,
): Promise<{ reports: number; records: number }> {
  const files = demoReports(now, days).map((r) => ({
    name: r.name,
    bytes: Buffer.from(r.xml),
    source: 'cli' as const,
  }));
  let reports = 0;
  let records = 0;
  const problems: string[] = [];
  await ingestMany(
    db,
    files,
    { ...manyDefaults.pglite, onlyOrganization: organizationId, addressedTo: [organizationId] },
    (item) => {
      if (!item.result) problems.push(String(item.error));
      else if (item.result.status === 'imported') {
        reports += item.reports.length;
        records += item.reports.reduce((n, r) => n + r.records, 0);
      } else if (item.result.status === 'rejected') problems.push(item.result.reason ?? item.file);
    },
  );
  // Generated data that the ingest path refuses is a bug here, not a user's mistake.
  if (problems.length > 0) throw new Error(`demo reports refused: ${problems.slice(0, 3).join('; ')}`);
  return { reports, records };
}
