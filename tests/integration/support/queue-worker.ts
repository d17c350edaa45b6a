import { sql } from 'kysely';
import { worker } from '../../../server/cli/worker';
import type { Job } from '../../../server/jobs/job';

// `msas worker` (the same function) with one job of the tests' own: it records each run in the table
// queue_probe_runs inside the job's transaction, then sleeps data.sleepMs, and prints "probe-start <id>"
// so a test knows which process holds the job.
export const probeJob: Job = {
  name: 'queue-probe',
  retryLimit: 3,
  retryDelaySeconds: 1,
  batchSize: 5,
  run: async ({ db, data, job }) => {
    const sleepMs = (data as { sleepMs?: number }).sleepMs ?? 0;
    console.log(`probe-start ${job!.id}`);
    await sql`insert into queue_probe_runs (job_id, pid) values (${job!.id}, ${process.pid})`.execute(db);
    await new Promise((r) => setTimeout(r, sleepMs));
  },
};

worker({ jobs: [probeJob] }).then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
