import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { openDatabase } from '../../server/db/database';
import { random } from '../../server/lib/seeded-random';
import { seededDataDir } from '../support/pglite-template';
import { makeUser } from './support/app';
import {
  importRun,
  makeReport,
  serveRun,
  type KillPlan,
  type Run,
  type Sent,
  type ServeSession,
} from './support/kill-nine';

// `msas import` and `msas serve` taking uploads, on one PGlite DATA_DIR, killed with
// SIGKILL at seeded random moments, KILLS times in all. After each kill the next run opens the DATA_DIR
// (PGlite's crash recovery, itself killed when the next kill falls in a start-up) and imports, and the
// database shows that every report whose import was acknowledged (the CLI printed its line, its upload
// was answered 200) is stored exactly once and that no stored report is half stored: all its records are
// there, the rollups add up to the records, no record or file is without its report. A report not
// acknowledged is sent again by the next run, which finds it stored (duplicate) or not (imported).
// The database is read every CHECK_EVERY kills (an open of PGlite costs a second): nothing a kill breaks
// can heal before that, since no acknowledged report is ever sent again and a report once stored, half or
// whole, makes every later copy a duplicate. KILL_NINE_SEED, KILL_NINE_KILLS and KILL_NINE_CHECK_EVERY
// (1: after every kill) choose another sequence, count and pace; KILL_NINE_TRACE=1 prints each run.

const SEED = Number(process.env.KILL_NINE_SEED ?? 10);
const KILLS = Number(process.env.KILL_NINE_KILLS ?? 50);
const CHECK_EVERY = Number(process.env.KILL_NINE_CHECK_EVERY ?? 5);
const DOMAIN = 'kill.example';
// New reports per run (with the ones the last kill left unacknowledged): two or more of ingestMany's
// batches of 32, so kills land between batches too.
const PER_RUN = 40;
/** Share of the runs that are `msas serve` (a start of the server costs more than a CLI run). */
const SERVE_SHARE = 0.2;
const upload = { perUpload: 4, clients: 2 };

const draw = random(SEED);
const dataDir = seededDataDir('msas-kill-');
const work = fs.mkdtempSync(path.join(dataDir, '..', 'msas-kill-files-'));
const env = { DATA_DIR: dataDir, LOG_LEVEL: 'warn' };
let session: ServeSession;
let organizationId: number;

beforeAll(async () => {
  const handle = await openDatabase({ dataDir });
  const owner = await makeUser(handle.db, { organization: 'Kill' });
  organizationId = owner.user.organization_id!;
  await handle.db
    .insertInto('domains')
    .values({ name: DOMAIN, organization_id: organizationId, verified_at: new Date() })
    .execute();
  await handle.close();
  session = {
    email: owner.email,
    password: owner.password,
    env: {
      ...env,
      HOST: '127.0.0.1',
      NODE_ENV: 'test',
      JWT_SECRET: randomBytes(32).toString('hex'),
      CHECK_INTERVAL_HOURS: '0',
      LOGIN_RATE_LIMIT: '1000',
      LOGIN_RATE_LIMIT_IP: '1000',
    },
  };
}, 120_000);

afterAll(() => {
  fs.rmSync(dataDir, { recursive: true, force: true });
  fs.rmSync(work, { recursive: true, force: true });
});

/** What the DATA_DIR holds, read by PGlite as the server's database thread opens it (pglite-worker.ts). */
async function stored() {
  const pg = await PGlite.create(path.join(dataDir, 'pglite'));
  try {
    const reports = await pg.query<{
      report_id: string;
      copies: number;
      records_count: number;
      records: number;
      messages_count: number;
      messages: number;
    }>(
      `select r.report_id, count(*) over (partition by r.report_id)::int as copies,
         r.records_count, r.messages_count::int,
         (select count(*)::int from dmarc_records d where d.report_id = r.id) as records,
         (select coalesce(sum(d.count), 0)::int from dmarc_records d where d.report_id = r.id) as messages
       from dmarc_reports r where r.organization_id = $1`,
      [organizationId],
    );
    const orphans = await pg.query<{ records: number; files: number }>(
      `select (select count(*)::int from dmarc_records d
                where not exists (select 1 from dmarc_reports r where r.id = d.report_id)) as records,
              (select count(*)::int from report_files f where not exists (
                 select 1 from dmarc_reports r where f.id in (r.file_id, r.received_file_id))) as files`,
    );
    // The rollups (what the dashboards read) against the records they were made from, by day and source.
    const drift = await pg.query<{ n: number }>(
      `with rec as (select d.day, d.source_ip, sum(d.count)::int as m, count(*)::int as n
                    from dmarc_records d join dmarc_reports r on r.id = d.report_id
                    where r.organization_id = $1 group by 1, 2),
            rol as (select day, source_ip, sum(messages)::int as m, sum(records)::int as n
                    from dmarc_rollups where organization_id = $1 group by 1, 2)
       select count(*)::int as n from rec full join rol using (day, source_ip)
       where rec.m is distinct from rol.m or rec.n is distinct from rol.n`,
      [organizationId],
    );
    return { reports: reports.rows, orphans: orphans.rows[0], drift: drift.rows[0].n };
  } finally {
    await pg.close();
  }
}

describe('kill -9 of msas import and msas serve on PGlite', () => {
  it(`keeps every acknowledged report once and none half stored through ${KILLS} kills`, async () => {
    const started = Date.now();
    const sent = new Map<string, Sent>();
    const acknowledged = new Set<string>();
    let unacknowledged: Sent[] = [];
    let next = 0;
    // Phase times of whole runs, to draw kill moments within a run (start-up; then the work), by mode.
    const estimate = { import: { start: 0, work: 0 }, serve: { start: 0, work: 0 } };
    const kills = { import: 0, serve: 0, 'start-up': 0, work: 0 };
    let checking = 0;
    const trace = process.env.KILL_NINE_TRACE === '1';

    // The reports a run sends: the ones not acknowledged yet, then new ones, PER_RUN in all (or more when
    // more were left).
    const batch = () => {
      const fresh = Array.from({ length: Math.max(0, PER_RUN - unacknowledged.length) }, () =>
        makeReport(next++, DOMAIN, draw),
      );
      for (const r of fresh) sent.set(r.id, r);
      return [...unacknowledged, ...fresh];
    };
    const settle = (mode: 'import' | 'serve', reports: Sent[], run: Run, plan: KillPlan) => {
      expect(run.faults, `${mode} run`).toEqual([]);
      for (const id of run.acked) acknowledged.add(id);
      unacknowledged = reports.filter((r) => !acknowledged.has(r.id));
      if (run.workMs !== undefined && unacknowledged.length === 0) {
        const e = estimate[mode];
        const average = (was: number, now: number) => (was ? (was + now) / 2 : now);
        e.start = average(e.start, run.workMs);
        e.work = average(e.work, run.endMs - run.workMs);
      }
      if (plan && run.killed) {
        kills[mode] += 1;
        kills[run.workMs === undefined ? 'start-up' : 'work'] += 1;
      }
    };
    const planFor = (mode: 'import' | 'serve'): KillPlan => {
      const e = estimate[mode];
      // Half the kills within the start-up, half within the work (and a little past its usual end).
      return draw() < 0.5
        ? { after: 'spawn', ms: Math.floor(draw() * e.start) }
        : { after: 'work', ms: Math.floor(draw() * e.work * 1.2) };
    };

    const check = async (after: string) => {
      const t = Date.now();
      const { reports, orphans, drift } = await stored();
      checking += Date.now() - t;
      if (trace) console.log(`checked in ${Date.now() - t} ms, ${acknowledged.size} acknowledged`);
      const where = `by ${after}`;
      const byId = new Map(reports.map((r) => [r.report_id, r]));
      expect(
        reports.filter((r) => r.copies !== 1),
        where,
      ).toEqual([]);
      expect(
        [...acknowledged].filter((id) => !byId.has(id)),
        where,
      ).toEqual([]);
      const whole = reports.map((r) => ({
        id: r.report_id,
        counts: [r.records_count, r.records, r.messages_count, r.messages],
      }));
      const expected = reports.map((r) => {
        const s = sent.get(r.report_id)!;
        return { id: r.report_id, counts: [s.records, s.records, s.messages, s.messages] };
      });
      expect(whole, where).toEqual(expected);
      expect(orphans, where).toEqual({ records: 0, files: 0 });
      expect(drift, where).toBe(0);
    };

    // Calibration: one whole run of each (the server is killed at rest, after its last answer).
    const first = batch();
    settle('import', first, await importRun(env, path.join(work, 'run-0'), first, null), null);
    const second = batch();
    const atRest = { after: 'work', ms: 600_000 } as const;
    settle('serve', second, await serveRun(session, second, atRest, upload), atRest);
    await check('the first runs');

    for (let n = 1; kills.import + kills.serve < KILLS; n++) {
      const mode = draw() < SERVE_SHARE ? 'serve' : 'import';
      const reports = batch();
      const plan = planFor(mode);
      const run =
        mode === 'import'
          ? await importRun(env, path.join(work, `run-${n}`), reports, plan)
          : await serveRun(session, reports, plan, upload);
      settle(mode, reports, run, plan);
      const at = `${plan!.ms} ms after the ${plan!.after === 'spawn' ? 'spawn' : 'start of the work'}`;
      const what = run.killed ? `killed ${at}` : `ended by itself before ${at}`;
      const about = `run ${n} (${mode}, ${what}, ${run.acked.length}/${reports.length} acknowledged)`;
      if (trace) console.log(about);
      if (n % CHECK_EVERY === 0) await check(`the runs up to ${about}`);
    }

    // The next import after the last kill takes everything still unacknowledged, whole.
    const last = batch();
    const run = await importRun(env, path.join(work, 'run-last'), last, null);
    settle('import', last, run, null);
    expect(run.acked.sort()).toEqual(last.map((r) => r.id).sort());
    await check('the last import');
    expect(acknowledged.size).toBe(sent.size);

    console.log(
      `kill-nine: seed ${SEED}, ${kills.import} kills of msas import and ${kills.serve} of msas serve ` +
        `(${kills['start-up']} in start-up, ${kills.work} once at work), ` +
        `${sent.size} reports, ${((Date.now() - started) / 1000).toFixed(0)} s (${(checking / 1000).toFixed(0)} s checking)`,
    );
    // Start-ups are most of it: the 50 kills took 934 s at load 15-20 on 2 cores (server starts of 40-70 s).
  }, 1_800_000);
});
