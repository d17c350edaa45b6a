import fs from 'node:fs';
import { createRequire } from 'node:module';
import type { AppContext } from '../../server/context';
import { registeredJobs } from '../../server/jobs/registry';
import { openQueue, type Queue } from '../../server/jobs/runner';
import {
  archivedIds,
  deleteJobs,
  expireActiveJobs,
  findJob,
  listJobs,
  pgBossSchemaVersion,
  queueCounts,
  takeUnauditedFailures,
} from '../../server/jobs/store';
import { jobContext } from './support/job-context';
import { openTestDatabase, type TestDatabase } from './support/db';

// server/jobs/store.ts is the one file with SQL on pg-boss's own tables. It is written for one pg-boss
// schema version: an upgrade of pg-boss that changes its tables must fail here, not in production.

let database: TestDatabase;
let ctx: AppContext;
let queue: Queue;

beforeAll(async () => {
  database = await openTestDatabase();
  ctx = jobContext(database.db);
  queue = await openQueue(ctx, { jobs: registeredJobs, work: false });
}, 120_000);
afterAll(async () => {
  await queue?.stop();
  await database?.close();
});

describe("the SQL on pg-boss's tables", () => {
  it("is written for the installed pg-boss's schema version", async () => {
    const require = createRequire(import.meta.url);
    const packaged = JSON.parse(fs.readFileSync(require.resolve('pg-boss/version.json'), 'utf8')) as {
      schema: number;
    };
    expect(packaged.schema).toBe(pgBossSchemaVersion);
    expect(await queue.boss.schemaVersion()).toBe(pgBossSchemaVersion);
  });

  it('runs against the installed tables (every query, in a transaction rolled back)', async () => {
    const id = await queue.boss.send('send-digest', { organizationId: 1 });
    const rollback = new Error('rollback');
    await expect(
      database.db.transaction().execute(async (trx) => {
        expect((await listJobs(trx, { queue: 'send-digest', limit: 10 })).map((j) => j.id)).toEqual([id]);
        expect(await listJobs(trx, { state: 'failed', limit: 10 })).toEqual([]);
        expect(await findJob(trx, id!)).toMatchObject({ name: 'send-digest', state: 'created' });
        expect(await archivedIds(trx, 'send-digest', [id!])).toEqual(new Set());
        expect(await expireActiveJobs(trx)).toBe(0);
        expect(await takeUnauditedFailures(trx, 10)).toEqual([]);
        expect(await queueCounts(trx)).toContainEqual({ name: 'send-digest', waiting: 1, failed: 0 });
        expect(await deleteJobs(trx, 'created')).toBeGreaterThanOrEqual(1);
        throw rollback;
      }),
    ).rejects.toBe(rollback);
  });
});
