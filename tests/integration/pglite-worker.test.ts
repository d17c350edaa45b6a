import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { openDatabase, type DatabaseHandle } from '../../server/db/database';

// The embedded database runs in a worker thread and node-postgres talks to it through a stream
// (server/db/pglite-socket.ts). These tests open their own PGlite whatever DATABASE_URL says: they are
// about that path, which the rest of the suite takes only when DATABASE_URL is unset.

let dir: string;
let h: DatabaseHandle;
beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'msas-pglite-worker-'));
  h = await openDatabase({ dataDir: dir });
  await sql`create table t (id serial primary key, name text unique not null, body bytea, at timestamptz)`.execute(
    h.db,
  );
});
afterAll(async () => {
  await h.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const db = () => h.db as unknown as import('kysely').Kysely<Record<string, Record<string, unknown>>>;

describe('PGlite in a worker thread', () => {
  it('sends parameters and reads results as node-postgres does on PostgreSQL', async () => {
    const at = new Date('2026-11-23T10:20:30.456Z');
    const body = Buffer.from([0, 1, 2, 255]);
    const inserted = await db()
      .insertInto('t')
      .values({ name: 'a "quoted", name', body, at })
      .executeTakeFirst();
    expect(inserted.numInsertedOrUpdatedRows).toBe(1n);
    const { rows } = await sql<{
      name: string;
      body: Buffer;
      at: Date;
      n: number;
      arr: number[];
      doc: { k: string[] };
      ok: boolean;
    }>`select name, body, at, count(*) over () as n, array[1, 2, 3] as arr,
        ${JSON.stringify({ k: ['x'] })}::jsonb as doc, ${true}::bool as ok from t`.execute(h.db);
    expect(rows).toEqual([
      { name: 'a "quoted", name', body, at, n: 1, arr: [1, 2, 3], doc: { k: ['x'] }, ok: true },
    ]);
    expect(Buffer.isBuffer(rows[0].body)).toBe(true);
    const updated = await db()
      .updateTable('t')
      .set({ name: 'b' })
      .where('name', '=', 'nobody')
      .executeTakeFirst();
    expect(updated.numUpdatedRows).toBe(0n);
  });

  it('answers a failing statement with its SQLSTATE, and the connection goes on', async () => {
    await db().insertInto('t').values({ name: 'dup' }).execute();
    const error = await db()
      .insertInto('t')
      .values({ name: 'dup' })
      .execute()
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ code: '23505', constraint: 't_name_key' });
    await expect(sql`select 1/0`.execute(h.db)).rejects.toMatchObject({ code: '22012' });
    const { rows } = await sql<{ one: number }>`select 1 as one`.execute(h.db);
    expect(rows).toEqual([{ one: 1 }]);
  });

  it('runs transactions one at a time on its one connection, and rolls back', async () => {
    const order: string[] = [];
    const first = h.db.transaction().execute(async (trx) => {
      order.push('first begins');
      await sql`insert into t (name) values ('tx-1')`.execute(trx);
      await new Promise((r) => setTimeout(r, 50));
      order.push('first ends');
    });
    const second = h.db.transaction().execute(async (trx) => {
      order.push('second begins');
      await sql`insert into t (name) values ('tx-2')`.execute(trx);
    });
    const failed = h.db
      .transaction()
      .execute(async (trx) => {
        await sql`insert into t (name) values ('tx-3')`.execute(trx);
        throw new Error('changed my mind');
      })
      .catch((e: Error) => e.message);
    await Promise.all([first, second]);
    expect(await failed).toBe('changed my mind');
    expect(order).toEqual(['first begins', 'first ends', 'second begins']);
    const { rows } = await sql<{
      name: string;
    }>`select name from t where name like 'tx-%' order by name`.execute(h.db);
    expect(rows.map((r) => r.name)).toEqual(['tx-1', 'tx-2']);
  });

  it('keeps the main thread free while a statement runs', async () => {
    const started = performance.now();
    let ticks = 0;
    const timer = setInterval(() => ticks++, 10);
    await sql`select count(*) from generate_series(1, 3000000)`.execute(h.db);
    clearInterval(timer);
    const elapsed = performance.now() - started;
    // On the main thread PGlite would hold the event loop for the whole statement: no tick at all.
    expect(elapsed).toBeGreaterThan(100);
    expect(ticks).toBeGreaterThan(elapsed / 10 / 4);
  });

  it('keeps what was committed when reopened, and an idle database does not keep a process alive', async () => {
    const reopenDir = fs.mkdtempSync(path.join(os.tmpdir(), 'msas-pglite-reopen-'));
    try {
      const first = await openDatabase({ dataDir: reopenDir });
      await sql`create table kept (v text)`.execute(first.db);
      await sql`insert into kept values ('still here')`.execute(first.db);
      await first.close();
      await expect(sql`select 1`.execute(first.db)).rejects.toThrow();
      // A process that opens the database, reads and never closes it must still exit by itself.
      const script = path.join(reopenDir, 'reader.mjs');
      fs.writeFileSync(
        script,
        `import { openDatabase } from ${JSON.stringify(path.resolve('server/db/database.ts'))};
        const h = await openDatabase({ dataDir: ${JSON.stringify(reopenDir)} });
        const rows = await h.db.selectFrom('kept').select('v').execute();
        console.log(JSON.stringify(rows));`,
      );
      const child = spawnSync(process.execPath, ['--import', 'tsx', script], {
        encoding: 'utf8',
        timeout: 60_000,
      });
      expect(child.stderr).toBe('');
      expect(child.signal).toBeNull();
      expect(child.status).toBe(0);
      expect(JSON.parse(child.stdout)).toEqual([{ v: 'still here' }]);
    } finally {
      fs.rmSync(reopenDir, { recursive: true, force: true });
    }
  });

  it('refuses a data directory PGlite cannot open, with its reason', async () => {
    const bad = fs.mkdtempSync(path.join(os.tmpdir(), 'msas-pglite-bad-'));
    try {
      fs.mkdirSync(path.join(bad, 'pglite'));
      fs.writeFileSync(path.join(bad, 'pglite', 'PG_VERSION'), '99\n');
      await expect(openDatabase({ dataDir: bad })).rejects.toThrow(/PGlite/);
    } finally {
      fs.rmSync(bad, { recursive: true, force: true });
    }
  });
});
