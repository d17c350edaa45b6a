import fs from 'node:fs';
import path from 'node:path';
import { attachPendingReports } from '../../server/ingest/attach';
import { ingestFile } from '../../server/ingest/ingest-file';
import { applyVerification } from '../../server/modules/domains/verification-store';
import { samplesDir } from '../fixtures/dmarc/sample-expectations';
import { bearer, login, makeUser, startTestApp, type TestApp } from './support/app';
import { quickUser, tokenFor } from './support/orgs';

// Reports for a domain nobody verified are held (held_reports: server/ingest/hold.ts). Registering the domain
// through either API route releases nothing (it is pending); verifying it stores them for the organization in
// the same transaction (server/modules/domains/verification-store.ts, server/ingest/attach.ts). The DNS side
// of the proof is in domain-ownership.test.ts.

let t: TestApp;
let token: string;
let supportToken: string;
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

const listed = async (url: string, as = token): Promise<number[]> => {
  const res = await t.app.inject({ url, headers: bearer(as) });
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

/** The same report sent straight to another organization's own address (it holds the name pending). */
async function sendDirectly(rel: string, name: string, organization: string) {
  const direct = await makeUser(t.db, { organization });
  const directOrg = direct.user.organization_id!;
  await t.db.insertInto('domains').values({ name, organization_id: directOrg }).execute();
  const bytes = fs.readFileSync(path.join(samplesDir, rel));
  const straight = await ingestFile(
    t.db,
    { name: path.basename(rel), bytes, source: 'cli' },
    { addressedTo: [directOrg] },
  );
  expect(straight.reports.map((r) => [r.status, r.organizationId])).toEqual([['imported', directOrg]]);
  return { directOrg, straight };
}

/** The organization adds and verifies the name; a second release finds nothing held. */
async function verifyOnce(name: string) {
  const domain = await t.db
    .insertInto('domains')
    .values({ name, organization_id: organizationId })
    .returning('id')
    .executeTakeFirstOrThrow();
  await verify(domain.id);
  expect(await t.db.transaction().execute((trx) => attachPendingReports(trx, organizationId, name))).toEqual({
    aggregate: 0,
    tls: 0,
    failure: 0,
  });
  expect(await t.db.selectFrom('held_reports').select('id').where('domain', '=', name).execute()).toEqual([]);
}

beforeAll(async () => {
  t = await startTestApp();
  const owner = await makeUser(t.db, { organization: 'Late Registrant' });
  organizationId = owner.user.organization_id!;
  token = (await login(t.app, { username: owner.email, password: owner.password })).json().access;
  supportToken = await tokenFor(t, await quickUser(t, { role: 'support' }));
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

  it('holds an aggregate report from every reader and stores it once, under its id, as one sent directly', async () => {
    const rel = 'dmarq/backend/app/tests/fixtures/dmarc_aggregate/rfc9990-multi-auth-overrides.xml';
    const metrics = async () => {
      const url = '/api/dm/domains/metrics/?begin_date=2026-05-24&end_date=2026-05-24';
      const res = await t.app.inject({ url, headers: bearer(token) });
      expect(res.statusCode).toBe(200);
      return res.json<{ data: { attributes: { nr_messages: number } } }>().data.attributes.nr_messages;
    };
    const messagesBefore = await metrics();
    const held = await importSample(rel);
    // Held apart (migration 0058): no header, record or rollup; in nobody's list, support's included.
    expect(
      await t.db
        .selectFrom('held_reports')
        .select(['id', 'kind'])
        .where('domain', '=', 'example.net')
        .execute(),
    ).toEqual([{ id: held, kind: 'aggregate' }]);
    expect(await t.db.selectFrom('dmarc_reports').select('id').where('id', '=', held).execute()).toEqual([]);
    expect(await rollupMessages('example.net')).toEqual([]);
    expect(await listed('/api/dm/dmarc/aggregate-reports/', supportToken)).not.toContain(held);
    expect(await metrics()).toBe(messagesBefore);

    const { directOrg, straight } = await sendDirectly(rel, 'example.net', 'Direct aggregate');
    await verifyOnce('example.net');

    const released = await t.db
      .selectFrom('dmarc_reports')
      .selectAll()
      .where('domain', '=', 'example.net')
      .orderBy('id')
      .execute();
    expect(released.map((r) => [r.id, r.organization_id])).toEqual([
      [held, organizationId],
      [straight.reports[0]!.id, directOrg],
    ]);
    const figures = (r: (typeof released)[number]) => {
      const { id: _i, organization_id: _o, received_at: _r, ...rest } = r;
      return rest;
    };
    expect(figures(released[0]!)).toEqual(figures(released[1]!));
    expect(released[0]!.received_at.getTime()).toBeLessThan(released[1]!.received_at.getTime());
    const records = async (reportId: number) =>
      (
        await t.db
          .selectFrom('dmarc_records')
          .select([
            'organization_id',
            'day',
            'source_ip',
            'count',
            'disposition',
            'dkim',
            'spf',
            'reasons',
            'header_from',
            'envelope_from',
            'envelope_to',
            'extensions',
            'dkim_results',
            'spf_results',
          ])
          .where('report_id', '=', reportId)
          .orderBy('id')
          .execute()
      ).map(({ organization_id, ...rest }) => [organization_id, rest] as const);
    const fromHeld = await records(held);
    const fromDirect = await records(straight.reports[0]!.id!);
    expect(fromHeld).toHaveLength(2);
    expect(fromHeld.map(([org]) => org)).toEqual([organizationId, organizationId]);
    expect(fromHeld.map(([, r]) => r)).toEqual(fromDirect.map(([, r]) => r));
    expect(await rollupMessages('example.net')).toEqual(
      expect.arrayContaining([
        [organizationId, 15],
        [directOrg, 15],
      ]),
    );
    expect(await metrics()).toBe(messagesBefore + 15);
    expect(await listed('/api/dm/dmarc/aggregate-reports/')).toContain(held);
    expect(await listed('/api/dm/dmarc/aggregate-reports/', supportToken)).toContain(held);
  });

  it('stores a held TLS report once, under its id, with the figures of one ingested directly', async () => {
    const rel = 'dmarc-report-viewer/testdata/smtp-tls-reports/google.json';
    const held = await importSample(rel);
    // Held apart (migration 0048), not in the tenant table.
    expect(
      await t.db.selectFrom('held_reports').select(['id', 'kind']).where('id', '=', held).execute(),
    ).toEqual([{ id: held, kind: 'tls' }]);
    expect(await t.db.selectFrom('tls_reports').select('id').where('id', '=', held).execute()).toEqual([]);

    const { directOrg, straight } = await sendDirectly(rel, 'foo-bar.io', 'Direct TLS');
    await verifyOnce('foo-bar.io');
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
