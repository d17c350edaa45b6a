import { ingestFile } from '../../server/ingest/ingest-file';
import { purgeExpiredReports } from '../../server/ingest/retention';
import { reportXml } from '../fixtures/dmarc/build-report';
import { bearer, login, makeUser, startTestApp, type TestApp } from './support/app';
import { rollupsFromRecords, storedRollups } from './ingest-helpers';

// The purge job applies the retention an organization chose in Dynamic Settings (PATCH
// /api/ph/settings/organization/ retention_days), within its benefit; others keep the benefit's 30 days.

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const day = 86_400;
const now = new Date('2030-06-30T12:00:00Z');

async function tenant(name: string, domain: string) {
  const owner = await makeUser(t.db, { organization: name });
  const orgId = owner.user.organization_id!;
  await t.db
    .insertInto('domains')
    .values({ name: domain, organization_id: orgId, verified_at: new Date() })
    .execute();
  for (const ago of [3, 10, 40]) {
    const begin = Math.floor(now.getTime() / 1000) - ago * day;
    const xml = reportXml({
      reportId: `${domain}-${ago}`,
      domain,
      begin: String(begin),
      end: String(begin + day - 1),
      records: [{}, { ip: '203.0.113.9', count: '3' }],
    });
    const { result } = await ingestFile(t.db, { name: 'r.xml', bytes: Buffer.from(xml), source: 'upload' });
    expect(result.status).toBe('imported');
  }
  const token = (await login(t.app, { username: owner.email, password: owner.password })).json().access;
  return { orgId, token };
}

const kept = async (orgId: number) =>
  (
    await t.db
      .selectFrom('dmarc_reports')
      .select('report_id')
      .where('organization_id', '=', orgId)
      .orderBy('begin_date', 'desc')
      .execute()
  ).map((r) => r.report_id);

describe('retention from the dynamic setting', () => {
  it('purges by the retention_days the organization set through the settings API', async () => {
    const short = await tenant('Short Retention', 'short-ret.example');
    const usual = await tenant('Usual Retention', 'usual-ret.example');
    const patch = await t.app.inject({
      method: 'PATCH',
      url: '/api/ph/settings/organization/',
      headers: bearer(short.token),
      payload: { retention_days: 7 },
    });
    expect(patch.statusCode).toBe(200);
    expect(patch.json().data.attributes.retention_days).toBe(7);

    await purgeExpiredReports(t.db, now);
    expect(await kept(short.orgId)).toEqual(['short-ret.example-3']);
    expect(await kept(usual.orgId)).toEqual(['usual-ret.example-3', 'usual-ret.example-10']);
    const days = await t.db
      .selectFrom('dmarc_rollups')
      .select('day')
      .where('organization_id', '=', short.orgId)
      .execute();
    expect(days).toHaveLength(2);
    expect(await storedRollups(t.db)).toEqual(await rollupsFromRecords(t.db));

    // Lengthening past the benefit is refused by the API, so the purge never keeps more than the benefit.
    const tooLong = await t.app.inject({
      method: 'PATCH',
      url: '/api/ph/settings/organization/',
      headers: bearer(usual.token),
      payload: { retention_days: 90 },
    });
    expect(tooLong.statusCode).toBe(400);
  });
});
