import { runJobNow } from '../../server/jobs/handle';
import { alertSweepJob } from '../../server/modules/alerts/jobs';
import { alertWorld, type AlertWorld, dayAgo, ingestDay, plain, runEvaluations } from './alerts-setup';
import { call, seedTenant, tokenFor } from './support/orgs';

// Acknowledging and snoozing a firing, from the console (POST /alerts/{id}/firings/{firing_id}/...) and
// from the signed links of its mail (GET shows a page and does nothing; POST acts): an acknowledged
// incident is not mailed any more, a snoozed one waits for the snooze's end. Each rule's first firing is held
// by its cool-down (as if it had just mailed), so what the sweep then does shows what the action did.

const domain = 'ack.example.com';
let w: AlertWorld;
let other: Awaited<ReturnType<typeof seedTenant>>;

beforeAll(async () => {
  w = await alertWorld(domain);
  other = await seedTenant(w.t, 'Other Ack Org', 'other-ack.example.com');
}, 120_000);
afterAll(async () => {
  await w?.close();
});

const mailsTo = (to: string) => w.smtp.received.filter((r) => r.to.includes(to)).map((r) => plain(r.data));

async function rule(to: string): Promise<number> {
  const res = await call(w.t, 'POST', '/api/dm/alerts/', w.a.tokens.owner, {
    scope_type: 'domain',
    target_selection: domain,
    condition: 'dmarc_failure_rate',
    params: { min_messages: 10 },
    destination_addresses: [to],
    cooldown_minutes: 5,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.id as number;
}

const firingOf = async (ruleId: number) =>
  w.t.db
    .selectFrom('alert_firings')
    .selectAll()
    .where('rule_id', '=', ruleId)
    .where('kind', '=', 'firing')
    .executeTakeFirstOrThrow();

async function sweep(minutesLater: number) {
  w.t.clock.offsetMs += minutesLater * 60_000;
  await runJobNow(w.t.ctx, alertSweepJob());
  await w.t.ctx.mailer.settled();
}

const path = (ruleId: number, firingId: number, action: string) =>
  `/api/dm/alerts/${ruleId}/firings/${firingId}/${action}/`;

describe('acknowledge and snooze', () => {
  let acked: number;
  let snoozed: number;
  let mailed: number;

  it('holds the first firings of two rules by their cool-down, mails a third with its action links', async () => {
    acked = await rule('acked@example.com');
    snoozed = await rule('snoozed@example.com');
    mailed = await rule('mailed@example.com');
    await w.t.db
      .updateTable('alert_rules')
      .set({ last_notified_at: w.t.ctx.now() })
      .where('id', 'in', [acked, snoozed])
      .execute();
    await ingestDay(w.t, { domain, day: dayAgo(2), pass: 10, fail: 10 });
    await runEvaluations(w.t);
    expect(mailsTo('acked@example.com')).toHaveLength(0);
    expect(mailsTo('snoozed@example.com')).toHaveLength(0);
    const [mail] = mailsTo('mailed@example.com');
    for (const label of ['Acknowledge', 'Snooze 1 hour', 'Snooze 1 day', 'Snooze 1 week'])
      expect(mail).toMatch(
        new RegExp(`${label}: https://msas\\.example/api/dm/alerts/firing-action/\\?token=[\\w.-]+`),
      );
  });

  it('acknowledges and snoozes from the console, audited; the sweep mails neither', async () => {
    const a = await firingOf(acked);
    const res = await call(w.t, 'POST', path(acked, Number(a.id), 'acknowledge'), w.a.tokens.owner);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.attributes).toMatchObject({
      kind: 'firing',
      acknowledged_by: w.a.owner.email,
      acknowledged_at: expect.any(String),
      snoozed_until: null,
    });
    const s = await firingOf(snoozed);
    const bad = await call(w.t, 'POST', path(snoozed, Number(s.id), 'snooze'), w.a.tokens.owner, {
      duration: '2y',
    });
    expect(bad.statusCode).toBe(400);
    const snooze = await call(w.t, 'POST', path(snoozed, Number(s.id), 'snooze'), w.a.tokens.owner, {
      duration: '1h',
    });
    expect(snooze.statusCode, snooze.body).toBe(200);
    expect(snooze.json().data.attributes.snoozed_until).toEqual(expect.any(String));
    const audit = await w.t.db
      .selectFrom('audit_operations')
      .select(['name', 'organization_id', 'response_status'])
      .where('name', 'in', ['alerts.firing.acknowledge', 'alerts.firing.snooze'])
      .orderBy('id')
      .execute();
    expect(audit).toEqual([
      { name: 'alerts.firing.acknowledge', organization_id: w.a.org.id, response_status: 200 },
      { name: 'alerts.firing.snooze', organization_id: w.a.org.id, response_status: 200 },
    ]);
    // Past the cool-down, within the snooze.
    await sweep(10);
    expect(mailsTo('acked@example.com')).toHaveLength(0);
    expect(await firingOf(acked)).toMatchObject({ pending: false, emails_sent: 0 });
    expect(mailsTo('snoozed@example.com')).toHaveLength(0);
    expect(await firingOf(snoozed)).toMatchObject({ pending: true });
  });

  it('mails the snoozed incident once the snooze ends, as it is still open', async () => {
    await sweep(55);
    expect(mailsTo('snoozed@example.com')).toHaveLength(1);
    expect(await firingOf(snoozed)).toMatchObject({ pending: false, emails_sent: 1 });
    expect(mailsTo('acked@example.com')).toHaveLength(0);
  });

  it("keeps other organizations and the rule's non-editors out, and refuses a recovery", async () => {
    const f = await firingOf(mailed);
    // Tokens of the moved clock's present.
    const owner = await tokenFor(w.t, w.a.owner);
    const foreign = await call(
      w.t,
      'POST',
      path(mailed, Number(f.id), 'acknowledge'),
      await tokenFor(w.t, other.owner),
    );
    expect(foreign.statusCode).toBe(404);
    const asMember = await tokenFor(w.t, w.a.member);
    const member = await call(w.t, 'POST', path(mailed, Number(f.id), 'acknowledge'), asMember);
    expect(member.statusCode).toBe(404);
    const elsewhere = await call(w.t, 'POST', path(acked, Number(f.id), 'acknowledge'), owner);
    expect(elsewhere.statusCode).toBe(404);
    const recovery = await w.t.db
      .insertInto('alert_firings')
      .values({
        organization_id: w.a.org.id,
        rule_id: mailed,
        subject: domain,
        kind: 'recovery',
        day: dayAgo(1),
        observed: '{}',
        outbox_ids: '[]',
        pending: false,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const res = await call(w.t, 'POST', path(mailed, Number(recovery.id), 'acknowledge'), owner);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ firing_id: [expect.any(String)] });
    await w.t.db.deleteFrom('alert_firings').where('id', '=', recovery.id).execute();
  });

  it('acts from the mail link on POST only; GET shows a page and does nothing; a bad token is a 400', async () => {
    const [mail] = mailsTo('mailed@example.com');
    const link =
      /Snooze 1 day: (https:\/\/msas\.example(\/api\/dm\/alerts\/firing-action\/\?token=([\w.-]+)))/.exec(
        mail!,
      )!;
    const [, , url, token] = link;
    const page = await call(w.t, 'GET', url!, null);
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('<form method="post" action="/api/dm/alerts/firing-action/">');
    expect(await firingOf(mailed)).toMatchObject({ snoozed_until: null, acknowledged_at: null });

    const forged = `${token!.split('.')[0]}.${'0'.repeat(64)}`;
    expect((await call(w.t, 'GET', `/api/dm/alerts/firing-action/?token=${forged}`, null)).statusCode).toBe(
      400,
    );
    const refused = await w.t.app.inject({
      method: 'POST',
      url: '/api/dm/alerts/firing-action/',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `token=${forged}`,
    });
    expect(refused.statusCode).toBe(400);
    expect(await firingOf(mailed)).toMatchObject({ snoozed_until: null });

    const done = await w.t.app.inject({
      method: 'POST',
      url: '/api/dm/alerts/firing-action/',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `token=${token}`,
    });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toEqual({ detail: 'The alert is snoozed.' });
    const f = await firingOf(mailed);
    const until = new Date(f.snoozed_until!).getTime() - w.t.ctx.now().getTime();
    expect(until).toBeGreaterThan(23 * 3_600_000);
    expect(until).toBeLessThanOrEqual(24 * 3_600_000);
    const audit = await w.t.db
      .selectFrom('audit_operations')
      .select(['name', 'organization_id', 'response_status', 'request'])
      .where('name', 'like', 'alerts.firing.%')
      .where('user_id', 'is', null)
      .orderBy('id')
      .execute();
    // A refused token names no organization; the link's act is the rule's organization's.
    expect(audit.map((a) => [a.name, a.organization_id, a.response_status])).toEqual([
      ['alerts.firing.acknowledge', null, 400],
      ['alerts.firing.snooze', w.a.org.id, 200],
    ]);
    // The token is never logged nor audited.
    expect(JSON.stringify(audit)).not.toContain(token);
    expect(w.t.logs.join('\n')).not.toContain(token);
  });

  it('acknowledges from the mail link, as the recipient', async () => {
    const [mail] = mailsTo('mailed@example.com');
    const token = /Acknowledge: https:\/\/\S+\?token=([\w.-]+)/.exec(mail!)![1]!;
    const done = await w.t.app.inject({
      method: 'POST',
      url: '/api/dm/alerts/firing-action/',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `token=${token}`,
    });
    expect(done.statusCode, done.body).toBe(200);
    expect(await firingOf(mailed)).toMatchObject({ acknowledged_by: 'mailed@example.com' });
  });
});
