import { parseArgs } from 'node:util';
import type { AppContext } from '../context';
import { failureMessage, purgeJobs, retryFailed } from '../jobs/dead-letters';
import { registeredJobs } from '../jobs/registry';
import { heldByOrganization, type HeldByOrganization } from '../mail/held';
import { openQueue } from '../jobs/runner';
import { jobStates, listJobs, type JobRow, type JobState } from '../jobs/store';
import { UsageError } from './errors';
import { jobsUsage } from './usage';

// msas jobs list|retry|purge|held: the operator's view of the job queue, above all of its dead letters (jobs
// in state "failed"), and of the mail held over the organizations' hourly budgets (server/mail/budget.ts).
// Retries and purges are audited (jobs.retry, jobs.purge).

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function stateArg(value: string | undefined, fallback?: JobState): JobState | undefined {
  if (value === undefined) return fallback;
  if (!(jobStates as readonly string[]).includes(value)) {
    throw new UsageError(`--state must be one of ${jobStates.join(', ')}`);
  }
  return value as JobState;
}

function line(j: JobRow): string {
  const parts = [
    j.id,
    j.name,
    j.state,
    `attempts ${j.retry_count + (j.state === 'created' ? 0 : 1)}/${j.retry_limit + 1}`,
    `created ${new Date(j.created_on).toISOString()}`,
  ];
  if (j.state === 'failed') parts.push(`error: ${failureMessage(j.output)}`);
  return parts.join('  ');
}

function heldLine(h: HeldByOrganization): string {
  const org =
    h.organization_id === null ? 'deleted organization' : `organization ${h.organization_id} (${h.name})`;
  return `${org}  held ${h.held}  recipients ${h.recipients}  since ${new Date(h.oldest).toISOString()}`;
}

export type JobsPlan =
  | { command: 'list'; state?: JobState; queue?: string; limit: number; json: boolean }
  | { command: 'retry'; which: { id: string } | { allFailed: true } }
  | { command: 'purge'; state: Exclude<JobState, 'active'> }
  | { command: 'held'; json: boolean };

/** Validates the arguments before anything opens the database. */
export function parseJobsArgs(args: string[]): JobsPlan {
  const [sub, ...rest] = args;
  const { values, positionals } = parseArgs({
    args: rest,
    options: {
      state: { type: 'string' },
      queue: { type: 'string' },
      limit: { type: 'string' },
      json: { type: 'boolean' },
      'all-failed': { type: 'boolean' },
    },
    allowPositionals: true,
  });
  if (sub === 'list') {
    const limit = values.limit === undefined ? 50 : Number(values.limit);
    if (!Number.isInteger(limit) || limit < 1)
      throw new UsageError('--limit must be a whole number of at least 1');
    const state = stateArg(values.state);
    return { command: 'list', state, queue: values.queue, limit, json: Boolean(values.json) };
  }
  if (sub === 'retry') {
    const [id] = positionals;
    if (values['all-failed'] === Boolean(id)) throw new UsageError('retry needs a job id or --all-failed');
    if (id && !uuid.test(id)) throw new UsageError(`"${id}" is not a job id`);
    return { command: 'retry', which: id ? { id } : { allFailed: true } };
  }
  if (sub === 'held') return { command: 'held', json: Boolean(values.json) };
  if (sub === 'purge') {
    const state = stateArg(values.state, 'failed')!;
    if (state === 'active') throw new UsageError('running jobs cannot be purged (stop their workers first)');
    return { command: 'purge', state };
  }
  throw new UsageError(`usage: msas ${jobsUsage}`);
}

export async function jobsCommand(
  ctx: AppContext,
  plan: JobsPlan,
  print: (l: string) => void,
): Promise<number> {
  // The queue's tables exist once any process opened the queue; this makes sure of it.
  const queue = await openQueue(ctx, { jobs: registeredJobs, work: false });
  try {
    if (plan.command === 'list') {
      const jobs = await listJobs(ctx.db, plan);
      if (plan.json) print(JSON.stringify(jobs));
      else if (jobs.length === 0) print('msas: no jobs');
      else for (const j of jobs) print(line(j));
      return 0;
    }
    if (plan.command === 'held') {
      const held = await heldByOrganization(ctx.db);
      if (plan.json) print(JSON.stringify(held));
      else if (held.length === 0) print('msas: no held mail');
      else for (const h of held) print(heldLine(h));
      return 0;
    }
    if (plan.command === 'retry') {
      const n = await retryFailed(ctx.db, plan.which);
      print(`msas: ${n} failed job${n === 1 ? '' : 's'} queued again`);
      return 'id' in plan.which && n === 0 ? 1 : 0;
    }
    const n = await purgeJobs(ctx.db, plan.state);
    print(`msas: deleted ${n} ${plan.state} job${n === 1 ? '' : 's'}`);
    return 0;
  } finally {
    await queue.stop();
  }
}
