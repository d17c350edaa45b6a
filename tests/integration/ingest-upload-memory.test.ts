import { gzipSync } from 'node:zlib';
import type { LightMyRequestResponse } from 'fastify';
import { reportXml, type RecordSpec } from '../fixtures/dmarc/build-report';
import { startTestApp, type TestApp } from './support/app';
import { multipart } from './support/multipart';
import { seedTenant, type Tenant } from './support/orgs';

// Uploads share one memory budget (UPLOAD_MEMORY_MB): received bytes from the Content-Length on, and every
// byte the parser inflates until the file is stored. Concurrent uploads past it get 429 with Retry-After;
// within it they succeed; the budget is whole again afterwards.

let t: TestApp;
let a: Tenant;
const KB = 1024;

/** A report of about `kb` KB of XML for the tenant's domain. */
const bigXml = (reportId: string, kb: number) => {
  const records: RecordSpec[] = Array.from({ length: Math.ceil((kb * KB) / 330) }, (_, i) => ({
    ip: `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`,
  }));
  return Buffer.from(reportXml({ reportId, domain: 'memory.example', records }));
};

const upload = (name: string, bytes: Buffer): Promise<LightMyRequestResponse> => {
  const { payload, headers } = multipart([{ name, bytes }]);
  return t.app.inject({
    method: 'POST',
    url: '/api/dm/dmarc/reports/upload/',
    payload,
    headers: { ...headers, authorization: `Bearer ${a.tokens.owner}` },
  });
};

const expectBusy = (res: LightMyRequestResponse) => {
  expect(res.statusCode).toBe(429);
  expect(res.headers['retry-after']).toBe('5');
  expect(res.json().detail).toMatch(/^The server is busy unpacking other uploads\. Try again in 5 seconds/);
};

beforeAll(async () => {
  t = await startTestApp({ env: { UPLOAD_MEMORY_MB: '1' } });
  a = await seedTenant(t, 'Memory', 'memory.example');
});
afterAll(() => t.close());

describe('the memory uploads share', () => {
  it('lets concurrent uploads within the budget through', async () => {
    const all = await Promise.all(
      [1, 2, 3].map((n) => upload(`small-${n}.xml.gz`, gzipSync(bigXml(`small-${n}`, 20)))),
    );
    expect(all.map((r) => [r.statusCode, r.json().data[0].status])).toEqual([
      [200, 'imported'],
      [200, 'imported'],
      [200, 'imported'],
    ]);
  });

  it('answers 429 with Retry-After when received bytes pass it, and 413 beyond it alone', async () => {
    const names = ['plain-1', 'plain-2'];
    const both = await Promise.all(names.map((n) => upload(`${n}.xml`, bigXml(n, 600))));
    // Which of the two takes the memory first is up to the event loop; exactly one may.
    const done = both.findIndex((r) => r.statusCode === 200);
    expect(done).toBeGreaterThanOrEqual(0);
    expect(both[done]!.json().data[0].status).toBe('imported');
    const refused = 1 - done;
    expectBusy(both[refused]!);
    // Once the first is done its memory is back: the same upload goes through.
    const again = await upload(`${names[refused]}.xml`, bigXml(names[refused]!, 600));
    expect(again.json().data[0].status).toBe('imported');
    const tooBig = await upload('huge.xml', bigXml('huge', 1100));
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json().detail).toBe(
      'The upload is larger than the 1 MB the server gives uploads; send fewer files at once.',
    );
  });

  it('answers 429 when inflated bytes pass it, without failing the uploads that fit', async () => {
    const files = Array.from({ length: 6 }, (_, n) => gzipSync(bigXml(`gz-${n}`, 600)));
    expect(files[0].length).toBeLessThan(100 * KB);
    const all = await Promise.all(files.map((f, n) => upload(`gz-${n}.xml.gz`, f)));
    const busy = all.filter((r) => r.statusCode === 429);
    const done = all.filter((r) => r.statusCode === 200);
    expect(busy.length + done.length).toBe(files.length);
    expect(busy.length).toBeGreaterThan(0);
    expect(done.length).toBeGreaterThan(0);
    for (const r of busy) expectBusy(r);
    for (const r of done) expect(r.json().data[0].status).toBe('imported');
    // Sent again one at a time, every file is stored (the earlier ones as duplicates).
    for (const [n, f] of files.entries()) {
      const again = await upload(`gz-${n}.xml.gz`, f);
      expect(again.statusCode).toBe(200);
      expect(['imported', 'duplicate']).toContain(again.json().data[0].status);
    }
    const stored = await t.db
      .selectFrom('dmarc_reports')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('report_id', 'like', 'gz-%')
      .executeTakeFirstOrThrow();
    expect(Number(stored.n)).toBe(files.length);
  });

  it('rejects a file that alone inflates past what the budget leaves it', async () => {
    const res = await upload('big.xml.gz', gzipSync(bigXml('big', 1200)));
    expect(res.statusCode).toBe(200);
    expect(res.json().data[0]).toMatchObject({
      status: 'rejected',
      reason: 'The file inflates to more than the memory the server gives uploads',
    });
  });
});
