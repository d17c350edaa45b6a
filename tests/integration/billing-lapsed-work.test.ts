import { sql } from 'kysely';
import { queueSchema } from '../../server/jobs/boss';
import { runJobNow } from '../../server/jobs/handle';
import { alertSweepJob } from '../../server/modules/alerts/jobs';
import { planDigestsJob, sendDigestJob, sendDigestQueue } from '../../server/modules/digests/jobs';
import { alertWorld, type AlertWorld, dayAgo, firingsOf, ingestDay, runEvaluations } from './alerts-setup';
import { call } from './support/orgs';

// A read-only organization (docs/BILLING.md, "What a status allows") stops its scheduled work: a Cancelled
// one, or a self-registered one whose free trial is over while billing is on. Its reports are still
// ingested, but its alerts are not judged, mailed nor posted and its digests are not planned nor sent; when
// it pays again they start again. The status is written here as the Stripe webhook writes it.

const domain = 'lapsed-work.example.com';
let w: AlertWorld;
let ruleId: number;
let scheduleId: number;

const setStatus = (status: string | null) =>
  w.t.db
    .updateTable('organizations')
    .set({ subscription_status: status })
    .where('id', '=', w.a.org.id)
    .execute();

async function digestJobs() {
  const { rows } = await sql<{
    data: Record<string, unknown>;
  }>`select data from ${sql.id(queueSchema(), 'job')}
    where name = ${sendDigestQueue} and (data->>'scheduleId')::int = ${scheduleId}`.execute(w.t.db);
  return rows.map((r) => r.data);
}

beforeAll(async () => {
  w = await alertWorld(domain);
  const rule = await call(w.t, 'POST', '/api/dm/alerts/', w.a.tokens.owner, {
    scope_type: 'domain',
    target_selection: domain,
    condition: 'dmarc_failure_rate',
    params: { min_messages: 10 },
    destination_addresses: ['lapsed@example.com'],
  });
  expect(rule.statusCode, rule.body).toBe(201);
  ruleId = rule.json().data.id;
  const schedule = await call(w.t, 'POST', '/api/dm/digest-reports/scheduled/', w.a.tokens.admin, {
    name: 'Daily',
    schedule: { frequency: 'daily', hour: 0, time_zone: 'UTC' },
    time_frame: 'last_7_days',
    destination_addresses: ['digest@example.com'],
    all_domains: true,
  });
  expect(schedule.statusCode, schedule.body).toBe(201);
  scheduleId = schedule.json().data.id;
  await sql`update digest_schedules set created_at = '2000-01-01' where id = ${scheduleId}`.execute(w.t.db);
}, 120_000);

afterAll(async () => {
  await w?.close();
});

describe('a Cancelled organization', () => {
  beforeAll(() => setStatus('Cancelled'));

  it('keeps ingesting its reports but judges and sends no alert', async () => {
    await ingestDay(w.t, { domain, day: dayAgo(3), pass: 10, fail: 10 });
    const reports = await w.t.db
      .selectFrom('dmarc_reports')
      .select('id')
      .where('organization_id', '=', w.a.org.id)
      .execute();
    expect(reports.length).toBe(1);
    await runEvaluations(w.t);
    await runJobNow(w.t.ctx, alertSweepJob());
    expect(await firingsOf(w.t, ruleId)).toEqual([]);
  });

  it('plans no digest, and sends none queued before it lapsed', async () => {
    await runJobNow(w.t.ctx, planDigestsJob());
    expect(await digestJobs()).toEqual([]);
    await runJobNow(w.t.ctx, sendDigestJob(), {
      organizationId: w.a.org.id,
      scheduleId,
      runDay: dayAgo(0),
      late: false,
    });
    const sends = await w.t.db
      .selectFrom('digest_sends')
      .select('id')
      .where('schedule_id', '=', scheduleId)
      .execute();
    expect(sends).toEqual([]);
  });
});

describe('a self-registered organization after its free trial, billing on', () => {
  beforeAll(async () => {
    await setStatus(null);
    await sql`update organizations set self_registered = true, created_at = now() - interval '30 days'
      where id = ${w.a.org.id}`.execute(w.t.db);
    w.t.ctx.config.billing = {
      secretKey: 'sk_test_x',
      webhookSecret: 'whsec_x',
      api: undefined,
      trialDays: 14,
    };
  });
  afterAll(() => {
    w.t.ctx.config.billing = undefined;
  });

  it('judges no alert and plans no digest either', async () => {
    await ingestDay(w.t, { domain, day: dayAgo(2), pass: 10, fail: 10 });
    await runEvaluations(w.t);
    expect(await firingsOf(w.t, ruleId)).toEqual([]);
    await runJobNow(w.t.ctx, planDigestsJob());
    expect(await digestJobs()).toEqual([]);
  });
});

describe('once it pays again', () => {
  beforeAll(() => setStatus('active'));

  it('judges and mails its alerts again, and plans its digest', async () => {
    await ingestDay(w.t, { domain, day: dayAgo(1), pass: 10, fail: 10 });
    await runEvaluations(w.t);
    expect((await firingsOf(w.t, ruleId)).map((f) => f.kind)).toContain('firing');
    await runJobNow(w.t.ctx, planDigestsJob());
    expect(await digestJobs()).toHaveLength(1);
  });
});
