import fs from 'node:fs';
import path from 'node:path';
import { ingestFile } from '../../server/ingest/ingest-file';
import { expectations, samplesDir } from '../fixtures/dmarc/sample-expectations';
import { listFiles } from './ingest-helpers';
import { startTestApp, type TestApp } from './support/app';
import { quickUser, seedTenant, tokenFor } from './support/orgs';
import { readUnique } from './analytics-xml-reader';

// Shared by the analytics-*.test.ts files: organization A registered every policy domain of the plain-XML
// aggregate samples and imported them; B has none; a support user; group "Pair" of A holds two domains.

export const sampleFiles = listFiles(samplesDir)
  .map((f) => path.relative(samplesDir, f))
  .filter((f) => {
    const e = expectations[f];
    return f.endsWith('.xml') && 'reports' in e && e.reports[0].kind === 'aggregate';
  });
export const sampleReports = readUnique(samplesDir, sampleFiles);
export const pairGroup = ['example.com', 'example.net'];

export async function analyticsFixture() {
  const t: TestApp = await startTestApp();
  const a = await seedTenant(t, 'Analytics A', 'unused-a.example');
  const b = await seedTenant(t, 'Analytics B', 'unused-b.example');
  const ids = new Map<string, number>();
  for (const d of new Set(sampleReports.map((r) => r.domain))) {
    const row = await t.db
      .insertInto('domains')
      .values({ name: d, organization_id: a.org.id, verified_at: new Date() })
      .returning('id')
      .executeTakeFirstOrThrow();
    ids.set(d, row.id);
  }
  const g = await t.db
    .insertInto('domain_groups')
    .values({ name: 'Pair', organization_id: a.org.id, owner_id: a.owner.id })
    .returning('id')
    .executeTakeFirstOrThrow();
  for (const d of pairGroup)
    await t.db
      .insertInto('domain_group_domains')
      .values({ organization_id: a.org.id, group_id: g.id, domain_id: ids.get(d)! })
      .execute();
  for (const rel of sampleFiles)
    await ingestFile(t.db, { name: rel, bytes: fs.readFileSync(path.join(samplesDir, rel)), source: 'cli' });
  const supportToken = await tokenFor(t, await quickUser(t, { role: 'support' }));
  return { t, a, b, supportToken, pairGroupId: g.id };
}
