import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'kysely';
import { queueSchema } from '../../server/jobs/boss';
import { runJobNow } from '../../server/jobs/handle';
import { webhookQueue } from '../../server/modules/alerts/delivery/send';
import { alertWebhookJob } from '../../server/modules/alerts/jobs';
import { alertWorld, type AlertWorld, dayAgo, ingestDay, runEvaluations } from './alerts-setup';
import { call } from './support/orgs';

// The webhook's formats against loopback receivers that check what each service requires and answer 400
// to a body lacking it (as the services do): the generic JSON of fields, Slack's incoming webhook
// (`text`), Microsoft Teams' Adaptive Card message, PagerDuty Events API v2 (routing_key, event_action,
// dedup_key, and payload.summary/source/severity for a trigger). A firing, then its recovery.

type Body = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
const routingKey = 'R0utingKey0123456789abcdefABCDEF';
const nonEmpty = (v: unknown) => typeof v === 'string' && v.length > 0;

/** What each receiver requires; the reason it refuses, null when the body is acceptable. */
const required: Record<string, (b: Body) => string | null> = {
  generic: (b) =>
    Array.isArray(b.events) &&
    b.events.length > 0 &&
    b.events.every(
      (e: Body) =>
        ['firing', 'recovered'].includes(e.state) &&
        nonEmpty(e.domain) &&
        nonEmpty(e.condition) &&
        nonEmpty(e.day) &&
        typeof e.observed === 'object' &&
        typeof e.params === 'object' &&
        'ip' in e &&
        'sender' in e &&
        nonEmpty(e.links?.rule) &&
        nonEmpty(e.links?.data),
    )
      ? null
      : 'events with their fields',
  // https://api.slack.com/messaging/webhooks: text is required.
  slack: (b) =>
    nonEmpty(b.text) && (b.blocks === undefined || Array.isArray(b.blocks))
      ? null
      : 'missing_text_or_fallback',
  // Teams: a message with an Adaptive Card attachment.
  teams: (b) => {
    const a = Array.isArray(b.attachments) ? b.attachments[0] : undefined;
    return b.type === 'message' &&
      a?.contentType === 'application/vnd.microsoft.card.adaptive' &&
      a.content?.type === 'AdaptiveCard' &&
      nonEmpty(a.content.version) &&
      Array.isArray(a.content.body) &&
      a.content.body.length > 0
      ? null
      : 'not an Adaptive Card message';
  },
  // PagerDuty Events API v2.
  pagerduty: (b) => {
    if (b.routing_key !== routingKey) return 'routing_key';
    if (!['trigger', 'resolve', 'acknowledge'].includes(b.event_action)) return 'event_action';
    if (!nonEmpty(b.dedup_key)) return 'dedup_key';
    if (b.event_action !== 'trigger') return null;
    const p = b.payload ?? {};
    if (!nonEmpty(p.summary) || !nonEmpty(p.source)) return 'payload.summary and payload.source';
    return ['critical', 'error', 'warning', 'info'].includes(p.severity) ? null : 'payload.severity';
  },
};
const formats = Object.keys(required);

const domain = 'hooks-formats.example.com';
let w: AlertWorld;
let server: http.Server;
let base: string;
const received: Record<string, Body[]> = {};
const refused: string[] = [];

beforeAll(async () => {
  w = await alertWorld(domain, { CHECKS_ALLOW_PRIVATE_TARGETS: 'true' });
  server = http.createServer((req, res) => {
    let text = '';
    req.on('data', (c: Buffer) => (text += c.toString('utf8')));
    req.on('end', () => {
      const format = (req.url ?? '').slice(1);
      let body: Body = {};
      try {
        body = JSON.parse(text) as Body;
      } catch {
        /* refused below */
      }
      const check = required[format];
      const problem = check ? check(body) : 'unknown receiver';
      if (problem) {
        refused.push(`${format}: ${problem}`);
        return res.writeHead(400).end(problem);
      }
      (received[format] ??= []).push(body);
      res.writeHead(200).end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}, 120_000);
afterAll(async () => {
  await new Promise<void>((resolve) => server?.close(() => resolve()));
  await w?.close();
});

/** Runs the webhook jobs waiting on the queue, as a worker would. */
async function runWebhooks() {
  const job = sql.id(queueSchema(), 'job');
  const { rows } = await sql<{ data: { organizationId: number; ruleId: number; firingIds: number[] } }>`
    select data from ${job} where name = ${webhookQueue} and state = 'created' order by created_on`.execute(
    w.t.db,
  );
  await sql`update ${job} set state = 'completed' where name = ${webhookQueue}`.execute(w.t.db);
  const before = refused.length;
  for (const r of rows)
    await runJobNow(w.t.ctx, alertWebhookJob(), r.data).catch((err: Error) => {
      throw new Error(`${err.message}: ${refused.slice(before).join('; ')}`);
    });
  return rows.length;
}

const post = (format: string, body: unknown) =>
  fetch(`${base}/${format}`, { method: 'POST', body: JSON.stringify(body) }).then((r) => r.status);

describe('webhook formats', () => {
  const rules: Record<string, number> = {};

  it('the receivers refuse a body lacking what their service requires', async () => {
    expect(await post('slack', { blocks: [] })).toBe(400);
    expect(await post('teams', { type: 'message', attachments: [{ contentType: 'text/plain' }] })).toBe(400);
    expect(
      await post('pagerduty', { routing_key: routingKey, event_action: 'trigger', dedup_key: 'x' }),
    ).toBe(400);
    expect(await post('generic', { events: [{ subject: domain }] })).toBe(400);
  });

  it('refuses a PagerDuty webhook without a routing key, and never returns the key', async () => {
    const bare = await call(w.t, 'POST', '/api/dm/alerts/', w.a.tokens.owner, {
      scope_type: 'domain',
      target_selection: domain,
      condition: 'dmarc_failure_rate',
      webhook_url: `${base}/pagerduty`,
      webhook_format: 'pagerduty',
    });
    expect(bare.statusCode).toBe(400);
    expect(bare.json()).toMatchObject({ webhook_routing_key: [expect.any(String)] });
    for (const format of formats) {
      const res = await call(w.t, 'POST', '/api/dm/alerts/', w.a.tokens.owner, {
        name: `hook ${format}`,
        scope_type: 'domain',
        target_selection: domain,
        condition: 'dmarc_failure_rate',
        params: { min_messages: 10 },
        destination_addresses: [`${format}@example.com`],
        cooldown_minutes: 5,
        webhook_url: `${base}/${format}`,
        webhook_format: format,
        ...(format === 'pagerduty' ? { webhook_routing_key: routingKey } : {}),
      });
      expect(res.statusCode, res.body).toBe(201);
      expect(res.body).not.toContain(routingKey);
      expect(res.json().data.attributes).toMatchObject({
        webhook_format: format,
        has_webhook_routing_key: format === 'pagerduty',
      });
      rules[format] = res.json().data.id as number;
    }
    const read = await call(w.t, 'GET', `/api/dm/alerts/${rules.pagerduty}/`, w.a.tokens.owner);
    expect(read.body).not.toContain(routingKey);
    // A change that keeps the stored key needs none again.
    const patch = await call(w.t, 'PATCH', `/api/dm/alerts/${rules.pagerduty}/`, w.a.tokens.owner, {
      cooldown_minutes: 5,
    });
    expect(patch.statusCode, patch.body).toBe(200);
  });

  it('posts a firing in each format with the fields its service requires', async () => {
    await ingestDay(w.t, { domain, day: dayAgo(2), pass: 10, fail: 10 });
    await runEvaluations(w.t);
    expect(await runWebhooks()).toBe(4);
    const [generic] = received.generic!;
    expect(generic!.events).toEqual([
      expect.objectContaining({
        state: 'firing',
        subject: domain,
        domain,
        ip: null,
        condition: 'dmarc_failure_rate',
        day: dayAgo(2),
        observed: expect.objectContaining({ failed: 10, messages: 20 }),
        params: expect.objectContaining({ min_messages: 10 }),
        links: {
          rule: `https://msas.example/msas/monitoring/alerts?alert=${rules.generic}`,
          data: expect.stringContaining(`https://msas.example/msas/analytics/by_domain?`),
        },
      }),
    ]);
    expect(received.slack![0]!.text).toContain(`Firing: hook slack on ${domain} (data of ${dayAgo(2)})`);
    expect(JSON.stringify(received.teams![0])).toContain(`hook teams on ${domain}`);
    expect(received.pagerduty![0]).toMatchObject({
      event_action: 'trigger',
      payload: { source: domain, severity: 'warning' },
    });
  });

  it('posts the recovery in each format; PagerDuty resolves the same dedup_key', async () => {
    // Past the cool-down, so the recovery is mailed (and posted) at once.
    w.t.clock.offsetMs += 10 * 60_000;
    await w.t.db.deleteFrom('alert_mail_cooldowns').execute();
    await ingestDay(w.t, { domain, day: dayAgo(1), pass: 20, fail: 0 });
    await runEvaluations(w.t);
    expect(await runWebhooks()).toBe(4);
    expect(received.generic![1]!.events).toEqual([
      expect.objectContaining({ state: 'recovered', domain, day: dayAgo(1) }),
    ]);
    expect(received.slack![1]!.text).toContain(`Recovered: hook slack on ${domain}`);
    expect(JSON.stringify(received.teams![1])).toContain('Recovered');
    const [trigger, resolve] = received.pagerduty!;
    expect(resolve).toMatchObject({ event_action: 'resolve', dedup_key: trigger!.dedup_key });
    // The routing key is a secret: in no log line, no audit row.
    expect(w.t.logs.join('\n')).not.toContain(routingKey);
    const audit = await w.t.db.selectFrom('audit_operations').select('request').execute();
    expect(JSON.stringify(audit)).not.toContain(routingKey);
  });
});
