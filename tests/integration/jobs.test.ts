import pino from 'pino';
import { createScheduler, type Job } from '../../server/jobs/scheduler';
import { registeredJobs } from '../../server/jobs/registry';
import { openTestDatabase, type TestDatabase } from './support/db';
import { makeUser } from './support/app';

let database: TestDatabase;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database.close();
});

const logger = pino({ level: 'silent' });

describe('jobs', () => {
  it('purge-refresh-tokens removes expired and long-spent tokens and keeps live ones', async () => {
    const { user } = await makeUser(database.db);
    const now = new Date();
    const day = 86_400_000;
    const rows = [
      { token_hash: 'live', expires_at: new Date(now.getTime() + day) },
      { token_hash: 'expired', expires_at: new Date(now.getTime() - 1000) },
      {
        token_hash: 'spent-recently',
        expires_at: new Date(now.getTime() + day),
        used_at: new Date(now.getTime() - 1000),
      },
      {
        token_hash: 'spent-long-ago',
        expires_at: new Date(now.getTime() + day),
        used_at: new Date(now.getTime() - 2 * day),
      },
    ];
    for (const row of rows) {
      await database.db
        .insertInto('refresh_tokens')
        .values({ token_hash: row.token_hash, family_id: 'f', user_id: user.id, expires_at: row.expires_at })
        .execute();
      if (row.used_at) {
        await database.db
          .updateTable('refresh_tokens')
          .set({ used_at: row.used_at })
          .where('token_hash', '=', row.token_hash)
          .execute();
      }
    }
    const scheduler = createScheduler({ db: database.db, now: () => now, logger }, registeredJobs);
    expect(await scheduler.runOnce('purge-refresh-tokens')).toBe(true);
    const left = await database.db
      .selectFrom('refresh_tokens')
      .select('token_hash')
      .orderBy('token_hash')
      .execute();
    expect(left.map((r) => r.token_hash)).toEqual(['live', 'spent-recently']);
  });

  it('runs each job at start, repeats it, and stops cleanly waiting for a running job', async () => {
    let runs = 0;
    let finished = 0;
    const job: Job = {
      name: 'counting',
      intervalMs: 20,
      run: async () => {
        runs += 1;
        await new Promise((r) => setTimeout(r, 10));
        finished += 1;
      },
    };
    const scheduler = createScheduler({ db: database.db, now: () => new Date(), logger }, [job]);
    scheduler.start();
    await new Promise((r) => setTimeout(r, 200));
    await scheduler.stop();
    expect(runs).toBeGreaterThanOrEqual(2);
    expect(finished).toBe(runs);
    const after = runs;
    await new Promise((r) => setTimeout(r, 60));
    expect(runs).toBe(after);
  });

  it('a failing job is logged and does not stop the others', async () => {
    const seen: string[] = [];
    const jobs: Job[] = [
      { name: 'broken', intervalMs: 1000, run: async () => Promise.reject(new Error('boom')) },
      { name: 'fine', intervalMs: 1000, run: async () => void seen.push('fine') },
    ];
    const scheduler = createScheduler({ db: database.db, now: () => new Date(), logger }, jobs);
    expect(await scheduler.runOnce('broken')).toBe(false);
    expect(await scheduler.runOnce('fine')).toBe(true);
    expect(seen).toEqual(['fine']);
  });
});
