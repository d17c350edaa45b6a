import { reportXml } from '../fixtures/dmarc/build-report';
import { importFiles } from '../../server/cli/import';
import { bearer, login, makeUser, startTestApp, type TestApp } from './support/app';
import { multipart } from './support/multipart';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

// The first hour: an upload and `msas import` say what retention does to each file's reports,
// and /domains/report-period/ tells an empty period where the organization's reports are.

let t: TestApp;
let token: string;
let otherToken: string;
let orgId: number;

const daySeconds = 86_400;
const dayOf = (seconds: number) => new Date(seconds * 1000).toISOString().slice(0, 10);
const now = () => Math.floor(Date.now() / 1000);
const recentBegin = now() - 2 * daySeconds;

function report(id: string, begin: number, domain = 'first.example') {
  return Buffer.from(
    reportXml({ reportId: id, domain, begin: String(begin), end: String(begin + daySeconds - 1) }),
  );
}

async function upload(files: { name: string; bytes: Buffer }[], as = token) {
  const { payload, headers } = multipart(files);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/dm/dmarc/reports/upload/',
    payload,
    headers: { ...headers, ...bearer(as) },
  });
  expect(res.statusCode).toBe(200);
  return res.json().data as { file: string; status: string; retention: unknown }[];
}

async function period(query = '', as = token) {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/dm/domains/report-period/${query}`,
    headers: bearer(as),
  });
  return res;
}

beforeAll(async () => {
  t = await startTestApp();
  const owner = await makeUser(t.db, { organization: 'First hour' });
  const other = await makeUser(t.db, { organization: 'Other tenant' });
  orgId = owner.user.organization_id!;
  for (const [org, name] of [
    [orgId, 'first.example'],
    [orgId, 'second.example'],
    [other.user.organization_id!, 'other.example'],
  ] as const)
    await t.db.insertInto('domains').values({ name, organization_id: org }).execute();
  token = (await login(t.app, { username: owner.email, password: owner.password })).json().access;
  otherToken = (await login(t.app, { username: other.email, password: other.password })).json().access;
});
afterAll(() => t.close());

describe('the report period', () => {
  it('is empty before the first report', async () => {
    const res = await period();
    expect(res.statusCode).toBe(200);
    expect(res.json().data.attributes).toEqual({ first_day: null, last_day: null });
  });
});

describe('retention at upload', () => {
  it('says a recent report is kept until its begin day plus the retention', async () => {
    const [r] = await upload([{ name: 'recent.xml', bytes: report('recent', recentBegin) }]);
    expect(r.status).toBe('imported');
    expect(r.retention).toEqual({
      days: 30,
      kept_until: dayOf(recentBegin + 30 * daySeconds),
      expired: false,
      held: false,
    });
  });

  it('says a report older than the retention is not kept, and repeats it for a duplicate', async () => {
    const old = 1_700_000_000; // 2023-11-14
    const files = [{ name: 'old.xml', bytes: report('old', old) }];
    const [first] = await upload(files);
    const [again] = await upload(files);
    const expected = { days: 30, kept_until: dayOf(old + 30 * daySeconds), expired: true, held: false };
    expect(first).toMatchObject({ status: 'imported', retention: expected });
    expect(again).toMatchObject({ status: 'duplicate', retention: expected });
  });

  it("follows the organization's shorter retention setting and says nothing of rejected files", async () => {
    await t.db
      .updateTable('organizations')
      .set({ settings: JSON.stringify({ retention_days: 5 }) })
      .where('id', '=', orgId)
      .execute();
    const [kept, rejected] = await upload([
      { name: 'short.xml', bytes: report('short', recentBegin, 'second.example') },
      { name: 'theirs.xml', bytes: report('theirs', recentBegin, 'other.example') },
    ]);
    expect(kept.retention).toMatchObject({ days: 5, kept_until: dayOf(recentBegin + 5 * daySeconds) });
    expect(rejected).toMatchObject({ status: 'rejected', retention: null });
    await t.db
      .updateTable('organizations')
      .set({ settings: JSON.stringify({}) })
      .where('id', '=', orgId)
      .execute();
  });
});

describe('the report period with reports', () => {
  it("spans the organization's first and last report, whatever the dates asked", async () => {
    const res = await period('?begin_date=2001-01-01&end_date=2001-01-02');
    expect(res.json().data.attributes).toEqual({ first_day: '2023-11-14', last_day: dayOf(recentBegin) });
  });

  it('narrows to the filtered domain and never shows another tenant', async () => {
    expect((await period('?domain=second.example')).json().data.attributes).toEqual({
      first_day: dayOf(recentBegin),
      last_day: dayOf(recentBegin),
    });
    expect((await period('', otherToken)).json().data.attributes).toEqual({
      first_day: null,
      last_day: null,
    });
  });

  it('answers 400 with the field message for a bad filter and 401 without a token', async () => {
    const bad = await period('?domain_groups=x');
    expect(bad.statusCode).toBe(400);
    expect(
      Object.keys(bad.json())
        .filter((k) => k !== 'error_codes')
        .join(),
    ).toMatch(/^domain_groups/);
    const anon = await t.app.inject({ method: 'GET', url: '/api/dm/domains/report-period/' });
    expect(anon.statusCode).toBe(401);
  });
});

describe('msas import', () => {
  it('prints what retention does to each file', async () => {
    // Routing by name (no report address on the command line) needs a verified domain.
    const verified = { verified_at: new Date() };
    await t.db.updateTable('domains').set(verified).where('name', '=', 'first.example').execute();
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'msas-first-hour-'));
    try {
      fs.writeFileSync(path.join(dir, 'a-old.xml'), report('cli-old', 1_600_000_000));
      fs.writeFileSync(path.join(dir, 'b-recent.xml'), report('cli-recent', recentBegin));
      fs.writeFileSync(path.join(dir, 'c-nobody.xml'), report('cli-nobody', recentBegin, 'nobody.example'));
      const lines: string[] = [];
      const summary = await importFiles(t.db, [dir], {
        json: false,
        print: (l) => lines.push(l),
        printError: () => {},
      });
      expect(summary.internalErrors).toBe(0);
      expect(lines[0]).toMatch(
        /; not kept: older than the 30-day retention, removed by the next retention run$/,
      );
      expect(lines[1]).toMatch(
        new RegExp(`; kept until ${dayOf(recentBegin + 30 * daySeconds)} \\(30-day retention\\)$`),
      );
      expect(lines[2]).toMatch(
        /; held until \d{4}-\d\d-\d\d: no organization has verified nobody.example yet$/,
      );
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
