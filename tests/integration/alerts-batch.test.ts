import { sql } from 'kysely';
import { runBatchNow } from '../../server/jobs/handle';
import { evaluateRuleDay } from '../../server/modules/alerts/evaluation/evaluate';
import { alertEvaluateJob } from '../../server/modules/alerts/jobs';
import { queueSchema } from '../../server/jobs/boss';
import {
  alertWorld,
  type AlertWorld,
  dayAgo,
  fallbacks,
  ingestDay,
  waitingEvaluations,
} from './alerts-setup';
import { call, seedTenant, type Tenant, tokenFor } from './support/orgs';
import { confirmWaitingRecipients } from './support/recipients';

// The queue's evaluations run in batches (server/modules/alerts/evaluation/batch.ts): a batch holding rules of several
// organizations and conditions, several days each, records exactly the firings and states that evaluating
// its jobs one at a time (evaluateRuleDay, in the same order) records; running it again changes nothing; a
// rule that throws fails its own job only; a statement that fails for the batch falls back to one rule at a
// time, and again only the bad rule's job fails.

let w: AlertWorld;
let b: Tenant;
let c: Tenant;
const a1 = 'batch-a.example.com';
const a2 = 'batch-a2.example.com';
const b1 = 'batch-b.example.com';
const c1 = 'batch-c.example.com';
const job = alertEvaluateJob();

async function rule(tenant: Tenant, body: Record<string, unknown>): Promise<number> {
  const res = await call(w.t, 'POST', '/api/dm/alerts/', await tokenFor(w.t, tenant.owner), body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.id as number;
}

const jobDone = (ids: string[]) =>
  sql`update ${sql.id(queueSchema(), 'job')} set state = 'completed'
    where id in (${sql.join(ids.map((id) => sql`${id}::uuid`))})`.execute(w.t.db);

/** Every firing and state of the rules, in a form two runs can be compared by. */
async function snapshot() {
  const firings = await w.t.db
    .selectFrom('alert_firings')
    .select(['organization_id', 'rule_id', 'subject', 'kind', 'observed'])
    .select(sql<string>`day::text`.as('day'))
    .orderBy('rule_id')
    .orderBy('id')
    .execute();
  const states = await w.t.db
    .selectFrom('alert_states')
    .select(['rule_id', 'subject', 'state'])
    .select(sql<string>`day::text`.as('day'))
    .orderBy('rule_id')
    .orderBy('subject')
    .execute();
  return { firings: firings.map((f) => ({ ...f, rule_id: Number(f.rule_id) })), states };
}

const mailsTo = (to: string) => w.smtp.received.filter((m) => m.to.includes(to)).length;

beforeAll(async () => {
  w = await alertWorld(a1);
  await w.t.db
    .insertInto('domains')
    .values({ name: a2, organization_id: w.a.org.id, verified_at: new Date() })
    .execute();
  b = await seedTenant(w.t, 'Batch org B', b1);
  c = await seedTenant(w.t, 'Batch org C', c1);
}, 120_000);
afterAll(() => w?.close());

describe('batched alert evaluation', () => {
  const rules: Record<string, number> = {};
  let batch: { id: string; data: unknown }[] = [];
  let batched: Awaited<ReturnType<typeof snapshot>>;

  it('records the same firings and states as evaluating its jobs one at a time', async () => {
    const owner = w.a;
    const to = (name: string) => ({ destination_addresses: [`${name}@example.com`], cooldown_minutes: 5 });
    rules.rate = await rule(owner, {
      scope_type: 'domain',
      target_selection: a1,
      condition: 'dmarc_failure_rate',
      params: { threshold_percent: 20, min_messages: 10 },
      ...to('rate'),
    });
    rules.spf = await rule(owner, {
      scope_type: 'organization',
      condition: 'spf_failure_rate',
      params: { threshold_percent: 30, min_messages: 10 },
      ...to('spf'),
    });
    rules.volume = await rule(owner, {
      scope_type: 'domain_group',
      target_selection: String(w.a.groupId),
      condition: 'volume_change',
      params: { factor: 3, baseline_days: 7, direction: 'spike', min_messages: 50 },
      ...to('volume'),
    });
    rules.source = await rule(owner, {
      scope_type: 'domain',
      target_selection: a1,
      condition: 'new_source',
      params: { learning_days: 7 },
      ...to('source'),
    });
    rules.quiet = await rule(owner, {
      scope_type: 'domain',
      target_selection: a2,
      condition: 'no_reports',
      params: { days: 3 },
      ...to('quiet'),
    });
    rules.ip = await rule(owner, {
      scope_type: 'ip',
      target_selection: '198.51.100.7',
      condition: 'dmarc_failure_rate',
      params: { threshold_percent: 50, min_messages: 10 },
      ...to('ip'),
    });
    rules.dkim = await rule(b, {
      scope_type: 'organization',
      condition: 'dkim_failure_rate',
      params: { min_messages: 10 },
      ...to('dkim-b'),
    });
    // Their outside addresses stand for confirmed ones (the rule itself: alerts-recipients.test.ts).
    await confirmWaitingRecipients(w.t.db);
    // Org A: steady, a failing day, a clear one, then a spike from a new source.
    for (let n = 12; n >= 5; n--) await ingestDay(w.t, { domain: a1, day: dayAgo(n), pass: 100 });
    await ingestDay(w.t, { domain: a1, day: dayAgo(4), pass: 50, fail: 50 });
    await ingestDay(w.t, { domain: a1, day: dayAgo(3), pass: 100 });
    await ingestDay(w.t, { domain: a1, day: dayAgo(2), pass: 400, ip: '192.0.2.99' });
    for (const n of [10, 8])
      await ingestDay(w.t, { domain: a2, day: dayAgo(n), pass: 10, reporter: 'Big Mailbox' });
    // Org B: fails, clears, fails again, all in the one batch.
    await ingestDay(w.t, { domain: b1, day: dayAgo(6), pass: 100 });
    await ingestDay(w.t, { domain: b1, day: dayAgo(5), pass: 70, fail: 30 });
    await ingestDay(w.t, { domain: b1, day: dayAgo(4), pass: 100 });
    await ingestDay(w.t, { domain: b1, day: dayAgo(3), pass: 60, fail: 40 });

    batch = await waitingEvaluations(w.t);
    expect(batch.length).toBeGreaterThan(20);
    expect(batch.length).toBeLessThanOrEqual(job.batchSize!);
    const outcomes = await runBatchNow(
      w.t.ctx,
      job,
      batch.map((j) => j.data),
    );
    expect(outcomes.every((o) => o === null)).toBe(true);
    expect(fallbacks(w.t)).toBe(0);
    await jobDone(batch.map((j) => j.id));
    await w.t.ctx.mailer.settled();
    batched = await snapshot();

    const kinds = (id: number) =>
      batched.firings.filter((f) => f.rule_id === id).map((f) => [f.kind, f.subject, f.day]);
    expect(kinds(rules.rate!)).toEqual([
      ['firing', a1, dayAgo(4)],
      ['recovery', a1, dayAgo(3)],
    ]);
    expect(kinds(rules.spf!)).toEqual([
      ['firing', a1, dayAgo(4)],
      ['recovery', a1, dayAgo(3)],
    ]);
    expect(kinds(rules.volume!)).toEqual([['firing', a1, dayAgo(2)]]);
    expect(kinds(rules.source!)).toEqual([
      ['firing', '198.51.100.7', dayAgo(4)],
      ['firing', '192.0.2.99', dayAgo(2)],
    ]);
    expect(kinds(rules.quiet!)).toEqual([
      ['firing', a2, dayAgo(1)],
      ['firing', `${a2} · Big Mailbox`, dayAgo(1)],
    ]);
    expect(kinds(rules.ip!)).toEqual([['firing', '198.51.100.7', dayAgo(4)]]);
    expect(kinds(rules.dkim!)).toEqual([
      ['firing', b1, dayAgo(5)],
      ['recovery', b1, dayAgo(4)],
      ['firing', b1, dayAgo(3)],
    ]);
    // No flood: one message per rule and recipient for the whole batch, holding all its items.
    for (const name of ['rate', 'spf', 'volume', 'source', 'quiet', 'ip', 'dkim-b'])
      expect(mailsTo(`${name}@example.com`), name).toBe(1);

    // The same jobs, one at a time, from the same starting point.
    await w.t.db.deleteFrom('alert_firings').execute();
    await w.t.db.deleteFrom('alert_states').execute();
    await w.t.db.updateTable('alert_rules').set({ last_notified_at: null }).execute();
    await w.t.db.deleteFrom('alert_mail_cooldowns').execute();
    for (const { data } of batch) {
      const d = data as { organizationId: number; ruleId: number; day: string };
      await w.t.db
        .transaction()
        .execute((trx) => evaluateRuleDay(w.t.ctx, trx, d.organizationId, d.ruleId, d.day));
    }
    expect(await snapshot()).toEqual(batched);
  });

  it('changes nothing when the same batch runs again', async () => {
    const before = await snapshot();
    // Past every cool-down, so a run that recorded anything would also send it. The first run sends what
    // the one-at-a-time run above held back (its recoveries fell inside the cool-down), and records nothing.
    w.t.clock.offsetMs = 3600_000;
    const data = batch.map((j) => j.data);
    expect((await runBatchNow(w.t.ctx, job, data)).every((o) => o === null)).toBe(true);
    await w.t.ctx.mailer.settled();
    expect(await snapshot()).toEqual(before);
    const mails = w.smtp.received.length;
    expect((await runBatchNow(w.t.ctx, job, data)).every((o) => o === null)).toBe(true);
    await w.t.ctx.mailer.settled();
    expect(await snapshot()).toEqual(before);
    expect(w.smtp.received.length).toBe(mails);
    w.t.clock.offsetMs = 0;
  });

  it('records and mails a batch once when two workers run it at the same time', async () => {
    // A job the queue handed out twice (a worker that stalled past its expiry): both runs overlap.
    await w.t.db.deleteFrom('alert_firings').execute();
    await w.t.db.deleteFrom('alert_states').execute();
    await w.t.db.updateTable('alert_rules').set({ last_notified_at: null }).execute();
    await w.t.db.deleteFrom('alert_mail_cooldowns').execute();
    const mails = w.smtp.received.length;
    const data = batch.map((j) => j.data);
    const runs = await Promise.all([runBatchNow(w.t.ctx, job, data), runBatchNow(w.t.ctx, job, data)]);
    expect(runs.flat().every((o) => o === null)).toBe(true);
    await w.t.ctx.mailer.settled();
    expect(await snapshot()).toEqual(batched);
    // As the first run above: one message per rule and recipient.
    expect(w.smtp.received.length - mails).toBe(7);
  });

  it('fails the job of a rule that throws, and judges the others', async () => {
    const broken = await rule(c, {
      scope_type: 'domain',
      target_selection: c1,
      condition: 'dmarc_failure_rate',
    });
    // A stored rule no form could save: its params are not an object.
    await sql`update alert_rules set params = 'null'::jsonb where id = ${broken}`.execute(w.t.db);
    await ingestDay(w.t, { domain: c1, day: dayAgo(2), pass: 10, fail: 90 });
    await ingestDay(w.t, { domain: b1, day: dayAgo(2), pass: 100 });
    const waiting = await waitingEvaluations(w.t);
    const outcomes = await runBatchNow(
      w.t.ctx,
      job,
      waiting.map((j) => j.data),
    );
    const failedRules = waiting.filter((_, i) => outcomes[i] !== null).map((j) => j.data.ruleId);
    expect(failedRules).toEqual([broken]);
    expect(fallbacks(w.t)).toBe(0);
    await jobDone(waiting.map((j) => j.id));
    const dkim = (await snapshot()).firings.filter((f) => f.rule_id === rules.dkim);
    expect(dkim.at(-1)).toMatchObject({ kind: 'recovery', day: dayAgo(2) });
  });

  it('falls back to one rule at a time when a batch statement fails, and fails only the bad rule', async () => {
    const tls = await rule(c, {
      scope_type: 'domain',
      target_selection: c1,
      condition: 'tls_failures',
    });
    // A stored TLS report whose summary holds no number: the batch's TLS statement cannot sum it.
    await w.t.db
      .insertInto('tls_reports')
      .values({
        organization_id: c.org.id,
        domain: c1,
        org_name: 'Receiver X',
        report_id: 'bad-summary',
        begin_date: new Date(`${dayAgo(1)}T00:00:00Z`),
        end_date: new Date(`${dayAgo(1)}T23:59:59Z`),
        records_count: 1,
        messages_count: 0,
        summary: JSON.stringify({ failed_sessions: 'many', successful_sessions: 1 }),
        details: '{}',
        warnings: '[]',
        source: 'cli',
      })
      .execute();
    await ingestDay(w.t, { domain: b1, day: dayAgo(1), pass: 40, fail: 60 });
    const items = [
      { organizationId: c.org.id, ruleId: tls, day: dayAgo(1) },
      ...(await waitingEvaluations(w.t)).map((j) => j.data),
    ];
    const before = fallbacks(w.t);
    const outcomes = await runBatchNow(w.t.ctx, job, items);
    expect(fallbacks(w.t)).toBe(before + 1);
    expect(outcomes[0]).toBeInstanceOf(Error);
    expect(outcomes.slice(1).every((o) => o === null)).toBe(true);
    const dkim = (await snapshot()).firings.filter((f) => f.rule_id === rules.dkim);
    expect(dkim.at(-1)).toMatchObject({ kind: 'firing', day: dayAgo(1) });
  });
});
