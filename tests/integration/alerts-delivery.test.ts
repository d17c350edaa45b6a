import { createHmac } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'kysely';
import { queueSchema } from '../../server/jobs/boss';
import { runJobNow } from '../../server/jobs/handle';
import { webhookQueue } from '../../server/modules/alerts/delivery/send';
import { alertWebhookJob } from '../../server/modules/alerts/jobs';
import { alertWorld, type AlertWorld, dayAgo, ingestDay, runEvaluations } from './alerts-setup';
import { call, tokenFor } from './support/orgs';
import { runSendJobs } from './support/send-mail';

// Delivery of an alert: the webhook (HMAC-SHA256 over "<timestamp>.<body>", retried by the queue, refused
// on private addresses) and SMTP failures, which back off in the outbox and show on the rule.

type Hit = { headers: http.IncomingHttpHeaders; body: string };
let w: AlertWorld;
let server: http.Server;
let url: string;
const hits: Hit[] = [];
let status = 200;
const domain = 'delivery.example.com';
const secret = 'webhook-secret-0123456789';

beforeAll(async () => {
  // Loopback targets are private: this instance allows them as an operator would for a lab.
  w = await alertWorld(domain, { CHECKS_ALLOW_PRIVATE_TARGETS: 'true' });
  server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString('utf8')));
    req.on('end', () => {
      hits.push({ headers: req.headers, body });
      res.writeHead(status).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
}, 120_000);
afterAll(async () => {
  await new Promise<void>((resolve) => server?.close(() => resolve()));
  await w?.close();
});

type Waiting = { id: string; data: { organizationId: number; ruleId: number; firingIds: number[] } };
async function webhookJobs(): Promise<Waiting[]> {
  const job = sql.id(queueSchema(), 'job');
  const { rows } = await sql<Waiting>`select id::text as id, data from ${job}
    where name = ${webhookQueue} and state = 'created' order by created_on`.execute(w.t.db);
  await sql`update ${job} set state = 'completed' where name = ${webhookQueue}`.execute(w.t.db);
  return rows;
}

const ruleDoc = async (id: number) =>
  (await call(w.t, 'GET', `/api/dm/alerts/${id}/`, await tokenFor(w.t, w.a.owner))).json().data.attributes;

describe('alert delivery', () => {
  let ruleId: number;
  /** The webhook job's data for every firing of the rule (what a retry carries again). */
  const firingsJob = async () => {
    const rows = await w.t.db
      .selectFrom('alert_firings')
      .select('id')
      .where('rule_id', '=', ruleId)
      .execute();
    return { organizationId: w.a.org.id, ruleId, firingIds: rows.map((r) => Number(r.id)) };
  };

  it('posts the firings to the webhook, signed over the timestamp and the body', async () => {
    const res = await call(w.t, 'POST', '/api/dm/alerts/', w.a.tokens.owner, {
      scope_type: 'domain',
      target_selection: domain,
      condition: 'dmarc_failure_rate',
      params: { min_messages: 10 },
      destination_addresses: ['hooks@example.com'],
      webhook_url: url,
      webhook_secret: secret,
    });
    expect(res.statusCode).toBe(201);
    ruleId = res.json().data.id;
    await ingestDay(w.t, { domain, day: dayAgo(2), pass: 10, fail: 10 });
    await runEvaluations(w.t);
    const jobs = await webhookJobs();
    expect(jobs.length).toBe(1);
    await runJobNow(w.t.ctx, alertWebhookJob(), jobs[0]!.data);
    expect(hits.length).toBe(1);
    const hit = hits[0]!;
    const ts = String(hit.headers['x-msas-timestamp']);
    const expected = createHmac('sha256', secret).update(`${ts}.${hit.body}`).digest('hex');
    expect(hit.headers['x-msas-signature']).toBe(`sha256=${expected}`);
    const body = JSON.parse(hit.body);
    expect(body.rule.id).toBe(ruleId);
    expect(body.events).toEqual([
      expect.objectContaining({ subject: domain, kind: 'firing', day: dayAgo(2) }),
    ]);
    expect((await ruleDoc(ruleId)).delivery).toMatchObject({ failures: 0, last_error: null });
  });

  it('fails a refused delivery so the queue retries it, and shows the failure on the rule', async () => {
    status = 500;
    await expect(runJobNow(w.t.ctx, alertWebhookJob(), await firingsJob())).rejects.toThrow(
      'webhook answered 500',
    );
    expect((await ruleDoc(ruleId)).delivery).toMatchObject({
      failures: 1,
      last_error: 'webhook answered 500',
    });
    status = 200;
  });

  it('refuses a private target at delivery time when the operator has not allowed them', async () => {
    w.t.ctx.config.checks.allowPrivateTargets = false;
    try {
      const before = hits.length;
      await expect(runJobNow(w.t.ctx, alertWebhookJob(), await firingsJob())).rejects.toThrow(
        'not on a public address',
      );
      expect(hits.length).toBe(before);
    } finally {
      w.t.ctx.config.checks.allowPrivateTargets = true;
    }
  });

  it('keeps an e-mail SMTP refused in the outbox, shows it on the rule, and retries it with back-off', async () => {
    await w.t.db.updateTable('alert_rules').set({ last_notified_at: null, webhook_url: null }).execute();
    await w.t.db.deleteFrom('alert_mail_cooldowns').execute();
    w.smtp.failNext(1);
    await ingestDay(w.t, { domain, day: dayAgo(1), pass: 10, fail: 0 });
    await runEvaluations(w.t);
    expect(w.smtp.received.filter((m) => m.to.includes('hooks@example.com')).length).toBe(1);
    const waiting = (await ruleDoc(ruleId)).delivery;
    expect(waiting).toMatchObject({ pending_emails: 1, failing_emails: 1 });
    // The message's job retries it 5 minutes after the first attempt.
    w.t.clock.offsetMs = 6 * 60_000;
    await runSendJobs(w.t.ctx);
    expect(w.smtp.received.filter((m) => m.to.includes('hooks@example.com')).length).toBe(2);
    expect((await ruleDoc(ruleId)).delivery).toMatchObject({ pending_emails: 0, failing_emails: 0 });
  });
});
