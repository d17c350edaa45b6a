import { readFileSync } from 'node:fs';
import { sql } from 'kysely';
import { queueSchema } from '../../server/jobs/boss';
import { runJobNow } from '../../server/jobs/handle';
import { heldMailQueue } from '../../server/modules/alerts/delivery/held';
import { unsubscribeToken } from '../../server/modules/alerts/delivery/unsubscribe';
import { alertHeldMailJob, alertSweepJob } from '../../server/modules/alerts/jobs';
import { alertWorld, type AlertWorld, dayAgo, firingsOf, ingestDay, runEvaluations } from './alerts-setup';
import { call, tokenFor } from './support/orgs';

// Incidents right and on time. An incident is one thing from its first firing day to its recovery,
// whatever order its days are judged in (the ingest's evaluations and the hourly sweep interleave); mail a
// cool-down holds goes out when it ends, and the rule and its firing say so meanwhile; a rule is judged on
// the data as soon as it is saved.

let w: AlertWorld;
const domain = 'incidents.example.com';
const others = ['second.example.com', 'third.example.com', 'present.example.com'];
// Domains that never got a report: one added long ago, one today; a demo domain with no public suffix;
// the OpenAPI examples' domain.
const silent = ['silent.example.com', 'new.example.com', 'demo-shop.example', 'example.com'];

beforeAll(async () => {
  w = await alertWorld(domain);
  for (const name of [...others, ...silent])
    await w.t.db
      .insertInto('domains')
      .values({ name, organization_id: w.a.org.id, verified_at: new Date() })
      .execute();
}, 120_000);
afterAll(() => w?.close());

const ruleDoc = async (id: number) =>
  (await call(w.t, 'GET', `/api/dm/alerts/${id}/`, await tokenFor(w.t, w.a.owner))).json().data.attributes;
const mailsTo = (address: string) => w.smtp.received.filter((m) => m.to.includes(address)).length;
const create = async (body: Record<string, unknown>) => {
  const res = await call(w.t, 'POST', '/api/dm/alerts/', await tokenFor(w.t, w.a.owner), body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.id as number;
};

type Held = { id: string; data: { organizationId: number; ruleId: number }; start_after: Date };
const heldJobs = async (ruleId: number) =>
  (
    await sql<Held>`select id::text as id, data, start_after from ${sql.id(queueSchema(), 'job')}
      where name = ${heldMailQueue} and state = 'created' order by start_after`.execute(w.t.db)
  ).rows.filter((j) => j.data.ruleId === ruleId);

describe('alert incidents', () => {
  it('does not open a day of a resolved incident again when the sweep judges it after the recovery', async () => {
    const to = 'incidents@example.com';
    const res = await call(w.t, 'POST', '/api/dm/alerts/', w.a.tokens.owner, {
      scope_type: 'domain',
      target_selection: domain,
      condition: 'volume_change',
      params: { factor: 3, baseline_days: 7, direction: 'spike', min_messages: 50 },
      destination_addresses: [to],
      cooldown_minutes: 60,
    });
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json().data.id as number;
    for (let n = 10; n >= 4; n--) await ingestDay(w.t, { domain, day: dayAgo(n), pass: 100 });
    await runEvaluations(w.t);
    // Day by day, as the replay: a two-day spike fires on its first day, its second day is still
    // the same incident, the day after it recovers...
    await ingestDay(w.t, { domain, day: dayAgo(3), pass: 400 });
    await runEvaluations(w.t);
    await ingestDay(w.t, { domain, day: dayAgo(2), pass: 400 });
    await runEvaluations(w.t);
    await ingestDay(w.t, { domain, day: dayAgo(1), pass: 100 });
    await runEvaluations(w.t);
    const incident = [
      ['firing', dayAgo(3)],
      ['recovery', dayAgo(1)],
    ];
    const kinds = async () => (await firingsOf(w.t, id)).map((f) => [f.kind, f.day]);
    expect(await kinds()).toEqual(incident);
    await w.smtp.waitFor(to);
    const mailed = mailsTo(to);
    // ...then the hourly sweep judges the settled day (the spike's second one) on its own.
    await runJobNow(w.t.ctx, alertSweepJob());
    await runEvaluations(w.t);
    expect(await kinds()).toEqual(incident);
    expect(mailsTo(to)).toBe(mailed);
    expect((await ruleDoc(id)).state).toBe('ok');
  });

  it('sends mail a cool-down held when the cool-down ends, and shows it waiting until then', async () => {
    const to = 'held@example.com';
    const id = await create({
      scope_type: 'organization',
      condition: 'dmarc_failure_rate',
      params: { threshold_percent: 20, min_messages: 10 },
      destination_addresses: [to],
      cooldown_minutes: 5,
    });
    w.t.clock.offsetMs = 0;
    const first = w.t.ctx.now();
    await ingestDay(w.t, { domain: others[0]!, day: dayAgo(1), pass: 10, fail: 40 });
    await runEvaluations(w.t);
    await w.smtp.waitFor(to);
    expect(mailsTo(to)).toBe(1);
    // A second domain fails 27 s later, inside the 5-minute cool-down: held.
    w.t.clock.offsetMs = 27_000;
    await ingestDay(w.t, { domain: others[1]!, day: dayAgo(1), pass: 10, fail: 40 });
    await runEvaluations(w.t);
    expect(mailsTo(to)).toBe(1);
    const end = new Date(first.getTime() + 5 * 60_000);
    const rule = await ruleDoc(id);
    expect(rule.delivery.pending_emails).toBe(1);
    // The cool-down started when the first mail was written (within the test's first second).
    const nextSend = Date.parse(rule.delivery.next_send_at);
    expect(Math.abs(nextSend - end.getTime())).toBeLessThan(5_000);
    const firings = (
      await call(w.t, 'GET', `/api/dm/alerts/${id}/firings/`, await tokenFor(w.t, w.a.owner))
    ).json().data as { attributes: { subject: string; pending: boolean; next_send_at: string | null } }[];
    expect(
      firings.map((f) => [f.attributes.subject, f.attributes.pending, f.attributes.next_send_at]),
    ).toEqual([
      [others[1], true, rule.delivery.next_send_at],
      [others[0], false, null],
    ]);
    // One job, to start when the cool-down ends: a worker runs it then, not at the hourly sweep.
    const jobs = await heldJobs(id);
    expect(jobs.map((j) => new Date(j.start_after).getTime())).toEqual([nextSend]);
    w.t.clock.offsetMs = nextSend - Date.now() + 1_000;
    await runJobNow(w.t.ctx, alertHeldMailJob(), jobs[0]!.data);
    await w.t.ctx.mailer.settled();
    expect(mailsTo(to)).toBe(2);
    expect(w.smtp.received.filter((m) => m.to.includes(to)).at(-1)!.data).toContain(others[1]);
    const after = await ruleDoc(id);
    expect(after.delivery).toMatchObject({ pending_emails: 0, next_send_at: null });
    // Run again (a retry), it sends nothing more.
    await runJobNow(w.t.ctx, alertHeldMailJob(), jobs[0]!.data);
    await w.t.ctx.mailer.settled();
    expect(mailsTo(to)).toBe(2);
    w.t.clock.offsetMs = 0;
  });

  it('judges a rule on the present data as soon as it is created or changed', async () => {
    const target_selection = others[2]!;
    await ingestDay(w.t, { domain: target_selection, day: dayAgo(2), pass: 40, fail: 60 });
    await runEvaluations(w.t);
    const id = await create({
      scope_type: 'domain',
      target_selection,
      condition: 'dmarc_failure_rate',
      time_frame: '7d',
      params: { threshold_percent: 40, min_messages: 10 },
      destination_addresses: ['present@example.com'],
    });
    // No report and no sweep since: the rule's own evaluation, queued when it was saved.
    expect(await runEvaluations(w.t)).toEqual([{ organizationId: w.a.org.id, ruleId: id, day: dayAgo(2) }]);
    expect((await firingsOf(w.t, id)).map((f) => [f.kind, f.day, f.observed.rate])).toEqual([
      ['firing', dayAgo(2), 60],
    ]);
    expect((await ruleDoc(id)).state).toBe('firing');
    // Changed, it is judged again: 60 % is under the new threshold.
    const res = await call(w.t, 'PATCH', `/api/dm/alerts/${id}/`, await tokenFor(w.t, w.a.owner), {
      params: { threshold_percent: 70 },
    });
    expect(res.statusCode, res.body).toBe(200);
    await runEvaluations(w.t);
    expect((await firingsOf(w.t, id)).map((f) => [f.kind, f.day])).toEqual([
      ['firing', dayAgo(2)],
      ['recovery', dayAgo(2)],
    ]);
    expect((await ruleDoc(id)).state).toBe('ok');
  });
});

describe('alert rules that do what they say', () => {
  it('fires no_reports for a domain that never received a report, once the days have passed since it was added', async () => {
    await sql`update domains set created_at = now() - interval '10 days' where name = ${silent[0]}`.execute(
      w.t.db,
    );
    const old = await create({
      scope_type: 'domain',
      target_selection: silent[0],
      condition: 'no_reports',
      params: { days: 3 },
      destination_addresses: ['silence@example.com'],
    });
    const fresh = await create({
      scope_type: 'domain',
      target_selection: silent[1],
      condition: 'no_reports',
      params: { days: 3 },
      destination_addresses: ['silence@example.com'],
    });
    await runJobNow(w.t.ctx, alertSweepJob());
    await runEvaluations(w.t);
    expect((await firingsOf(w.t, old)).map((f) => [f.kind, f.subject, f.day, f.observed])).toEqual([
      ['firing', silent[0], dayAgo(1), { added_day: dayAgo(10), days: 3 }],
    ]);
    expect(await firingsOf(w.t, fresh)).toEqual([]);
    // Its first report ends the silence.
    await ingestDay(w.t, { domain: silent[0]!, day: dayAgo(1), pass: 10 });
    await runEvaluations(w.t);
    expect((await firingsOf(w.t, old)).map((f) => f.kind)).toEqual(['firing', 'recovery']);
  });

  it('saves a single-domain rule for a domain of the organization without a public suffix', async () => {
    const res = await call(w.t, 'POST', '/api/dm/alerts/', await tokenFor(w.t, w.a.owner), {
      scope_type: 'domain',
      target_selection: 'Demo-Shop.example',
      condition: 'dmarc_failure_rate',
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data.attributes.domain).toBe(silent[2]);
    // A name the organization does not have is still refused.
    const other = await call(w.t, 'POST', '/api/dm/alerts/', await tokenFor(w.t, w.a.owner), {
      scope_type: 'domain',
      target_selection: 'other-shop.example',
      condition: 'dmarc_failure_rate',
    });
    expect(other.statusCode).toBe(400);
    expect(other.json()).toMatchObject({ target_selection: ['Select a domain of your organization.'] });
  });

  it('shows an active rule whose only recipient unsubscribed as mailing nobody', async () => {
    const to = w.a.owner.email.toLowerCase();
    const id = await create({
      scope_type: 'organization',
      condition: 'dmarc_failure_rate',
      destination_addresses: [to],
    });
    expect(await ruleDoc(id)).toMatchObject({ mails_nobody: false, is_active: true });
    const token = unsubscribeToken(w.t.ctx.config.encryptionKey, w.a.org.id, id, to);
    const res = await w.t.app.inject({
      method: 'POST',
      url: `/api/dm/alerts/unsubscribe/?token=${token}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(res.statusCode).toBe(200);
    expect(await ruleDoc(id)).toMatchObject({
      destination_addresses: [],
      mails_nobody: true,
      is_active: true,
    });
  });

  it("accepts every OpenAPI example of the alerts' create and backtest operations", async () => {
    type Doc = {
      paths: Record<string, Record<string, { requestBody?: { content: Record<string, unknown> } }>>;
    };
    // The published document (docs/openapi.json) and the one the server serves.
    const docs = [
      JSON.parse(readFileSync('docs/openapi.json', 'utf8')) as Doc,
      (await w.t.app.inject({ url: '/api/openapi.json' })).json() as Doc,
    ];
    const examplesOf = (path: string) =>
      docs.flatMap((doc) => {
        const media = doc.paths[path]!.post!.requestBody!.content['application/json'] as {
          schema: { example?: unknown };
          example?: unknown;
          examples?: Record<string, { value: unknown }>;
        };
        return [
          ...(media.example === undefined ? [] : [media.example]),
          ...(media.schema.example === undefined ? [] : [media.schema.example]),
          ...Object.values(media.examples ?? {}).map((e) => e.value),
        ] as Record<string, unknown>[];
      });
    const created = examplesOf('/api/dm/alerts/');
    const backtests = examplesOf('/api/dm/alerts/backtest/');
    expect(created.length).toBeGreaterThanOrEqual(2);
    expect(backtests.length).toBeGreaterThanOrEqual(2);
    for (const body of created) {
      const res = await call(w.t, 'POST', '/api/dm/alerts/', await tokenFor(w.t, w.a.owner), body);
      expect(res.statusCode, res.body).toBe(201);
    }
    for (const body of backtests) {
      const res = await call(w.t, 'POST', '/api/dm/alerts/backtest/', await tokenFor(w.t, w.a.owner), body);
      expect(res.statusCode, res.body).toBe(200);
    }
  });
});
