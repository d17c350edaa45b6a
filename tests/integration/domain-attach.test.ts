import fs from 'node:fs';
import path from 'node:path';
import { attachPendingReports } from '../../server/ingest/attach';
import { ingestFile } from '../../server/ingest/ingest-file';
import { applyVerification } from '../../server/modules/domains/verification-store';
import { samplesDir } from '../fixtures/dmarc/sample-expectations';
import { bearer, login, makeUser, startTestApp, type TestApp } from './support/app';

// Reports for a domain nobody verified are held (organization_id null). Registering the domain through either
// API route releases nothing (it is pending); verifying it hands them to the organization in the same
// transaction (server/modules/domains/verification-store.ts, server/ingest/attach.ts). The DNS side of the
// proof is in domain-ownership.test.ts.

let t: TestApp;
let token: string;
let organizationId: number;

const importSample = async (rel: string) => {
  const bytes = fs.readFileSync(path.join(samplesDir, rel));
  const { reports } = await ingestFile(t.db, { name: path.basename(rel), bytes, source: 'cli' });
  expect(reports.map((r) => [r.status, r.organizationId])).toEqual([['imported', null]]);
  return reports[0]!.id!;
};

// The domain proved its ownership (a TXT token found): what the check-now route and the job apply.
const verify = (id: number) =>
  t.db
    .transaction()
    .execute((trx) => applyVerification(trx, id, { proof: 'txt', dnsFailed: false }, new Date()));

const listed = async (url: string): Promise<number[]> => {
  const res = await t.app.inject({ url, headers: bearer(token) });
  expect(res.statusCode).toBe(200);
  return res.json<{ data: { id: number | string }[] }>().data.map((r) => Number(r.id));
};

// [organization, messages] summed over the domain's rollup rows (one per day, source IP, result...).
const rollupMessages = async (domain: string) => {
  const rows = await t.db
    .selectFrom('dmarc_rollups')
    .select(['organization_id', 'messages'])
    .where('domain', '=', domain)
    .execute();
  const sums = new Map<number, number>();
  for (const r of rows) sums.set(r.organization_id, (sums.get(r.organization_id) ?? 0) + Number(r.messages));
  return [...sums];
};

beforeAll(async () => {
  t = await startTestApp();
  const owner = await makeUser(t.db, { organization: 'Late Registrant' });
  organizationId = owner.user.organization_id!;
  token = (await login(t.app, { username: owner.email, password: owner.password })).json().access;
});
afterAll(() => t.close());

describe('verifying a domain releases the reports held for it', () => {
  it('POST /api/dm/domains/create/: the aggregate report is listed and folded into the rollups', async () => {
    const id = await importSample('dmarc-report-viewer/testdata/dmarc-reports/aol.xml');
    expect(await listed('/api/dm/dmarc/aggregate-reports/')).not.toContain(id);
    expect(await rollupMessages('website.com')).toEqual([]);

    const res = await t.app.inject({
      method: 'POST',
      url: '/api/dm/domains/create/',
      headers: bearer(token),
      payload: { name: 'website.com' },
    });
    expect(res.statusCode).toBe(201);
    expect(await listed('/api/dm/dmarc/aggregate-reports/')).not.toContain(id);
    expect(await rollupMessages('website.com')).toEqual([]);
    await verify(res.json().data.id);

    expect(await listed('/api/dm/dmarc/aggregate-reports/')).toContain(id);
    expect(await rollupMessages('website.com')).toEqual([[organizationId, 1]]);
    const one = await t.app.inject({ url: `/api/dm/dmarc/aggregate-reports/${id}/`, headers: bearer(token) });
    expect(one.statusCode).toBe(200);
  });

  it('stores a held TLS report once, under its id, with the figures of one ingested directly', async () => {
    const rel = 'dmarc-report-viewer/testdata/smtp-tls-reports/google.json';
    const held = await importSample(rel);
    // Held apart (migration 0048), not in the tenant table.
    expect(
      await t.db.selectFrom('held_reports').select(['id', 'kind']).where('id', '=', held).execute(),
    ).toEqual([{ id: held, kind: 'tls' }]);
    expect(await t.db.selectFrom('tls_reports').select('id').where('id', '=', held).execute()).toEqual([]);

    // The same report sent straight to another organization's own address (it holds the name pending).
    const direct = await makeUser(t.db, { organization: 'Direct TLS' });
    const directOrg = direct.user.organization_id!;
    await t.db.insertInto('domains').values({ name: 'foo-bar.io', organization_id: directOrg }).execute();
    const bytes = fs.readFileSync(path.join(samplesDir, rel));
    const straight = await ingestFile(
      t.db,
      { name: 'google.json', bytes, source: 'cli' },
      { addressedTo: [directOrg] },
    );
    expect(straight.reports.map((r) => [r.status, r.organizationId])).toEqual([['imported', directOrg]]);

    const domain = await t.db
      .insertInto('domains')
      .values({ name: 'foo-bar.io', organization_id: organizationId })
      .returning('id')
      .executeTakeFirstOrThrow();
    await verify(domain.id);
    // Once: a second release finds nothing held.
    expect(
      await t.db.transaction().execute((trx) => attachPendingReports(trx, organizationId, 'foo-bar.io')),
    ).toEqual({ aggregate: 0, tls: 0, failure: 0 });
    expect(
      await t.db.selectFrom('held_reports').select('id').where('domain', '=', 'foo-bar.io').execute(),
    ).toEqual([]);
    const figures = [
      'domain',
      'org_name',
      'report_id',
      'begin_date',
      'end_date',
      'records_count',
      'messages_count',
      'summary',
      'details',
      'warnings',
      'source',
    ] as const;
    const released = await t.db
      .selectFrom('tls_reports')
      .select(['id', 'organization_id', ...figures])
      .where('domain', '=', 'foo-bar.io')
      .orderBy('id')
      .execute();
    expect(released.map((r) => [r.id, r.organization_id])).toEqual([
      [held, organizationId],
      [straight.reports[0]!.id, directOrg],
    ]);
    const { id: _a, organization_id: _b, ...fromHeld } = released[0]!;
    const { id: _c, organization_id: _d, ...fromDirect } = released[1]!;
    expect(fromHeld).toEqual(fromDirect);
    expect(await listed('/api/dm/dmarc/tls-reports/')).toContain(held);
  });

  it('POST /api/ph/organizations/{id}/domains/: aggregate and TLS reports become the organization’s', async () => {
    const aggregate = await importSample('dmarc-report-converter/pkg/dmarc/testdata/test.xml');
    const tls = await importSample('dmarc-report-viewer/testdata/smtp-tls-reports/microsoft.json');
    expect(await listed('/api/dm/dmarc/aggregate-reports/')).not.toContain(aggregate);
    expect(await listed('/api/dm/dmarc/tls-reports/')).not.toContain(tls);

    const ids: number[] = [];
    for (const name of ['test.net', 'random.net']) {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/ph/organizations/${organizationId}/domains/`,
        headers: bearer(token),
        payload: { name },
      });
      expect(res.statusCode, name).toBe(201);
      ids.push(res.json().data.id);
    }
    expect(await listed('/api/dm/dmarc/aggregate-reports/')).not.toContain(aggregate);
    expect(await listed('/api/dm/dmarc/tls-reports/')).not.toContain(tls);
    for (const id of ids) await verify(id);

    expect(await listed('/api/dm/dmarc/aggregate-reports/')).toContain(aggregate);
    expect(await listed('/api/dm/dmarc/tls-reports/')).toContain(tls);
    expect(await rollupMessages('test.net')).toEqual([[organizationId, 7]]);
  });
});
