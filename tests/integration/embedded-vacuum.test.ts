import { sql } from 'kysely';
import { embeddedVacuumJob, vacuumWithoutAutovacuum } from '../../server/jobs/embedded-vacuum';
import { runJobNow } from '../../server/jobs/handle';
import { openTestDatabase, type TestDatabase } from './support/db';
import { jobContext } from './support/job-context';

// PGlite has no autovacuum launcher: the job vacuums and analyzes there, so rows the summaries' fold deletes
// every 15 s give their space back instead of the table growing with every fold. Beside PostgreSQL's
// autovacuum it does nothing.

let t: TestDatabase;
beforeAll(async () => {
  t = await openTestDatabase();
});
afterAll(() => t.close());

const pendingPages = async () =>
  (await sql<{ bytes: string }>`select pg_relation_size('analytics_pending')::text as bytes`.execute(t.db))
    .rows[0].bytes;
const analyzed = async () =>
  (
    await sql<{
      n: number;
    }>`select reltuples::float8 as n from pg_class where oid = 'analytics_pending'::regclass`.execute(t.db)
  ).rows[0].n;

describe('the embedded database vacuum', () => {
  it('runs where no autovacuum launcher runs, outside a transaction, and gives deleted rows their space back', async () => {
    // What a fold leaves behind: deltas queued, then all deleted.
    await sql`insert into analytics_pending (organization_id, day, domain, source_ip, sender_service, dkim_auth,
        spf_auth, dkim_aligned, spf_aligned, dmarc_pass, messages, records, sign)
      select 1, date '2026-11-01', 'vacuum.example', '192.0.2.' || (g % 250), null, true, true, true, true, true,
        1, 1, 1
      from generate_series(1, 20000) g`.execute(t.db);
    await sql`delete from analytics_pending`.execute(t.db);
    expect(Number(await pendingPages())).toBeGreaterThan(0);
    // The job only fails (VACUUM cannot run inside a transaction block) if a worker ran it inside one.
    await runJobNow(jobContext(t.db), embeddedVacuumJob());
    if (t.kind === 'pglite') {
      expect(await pendingPages()).toBe('0');
      expect(await analyzed()).toBe(0);
    } else {
      expect(await vacuumWithoutAutovacuum(t.db)).toBe(false);
    }
  });
});
