import { runJobNow } from '../../server/jobs/handle';
import { alertSweepJob } from '../../server/modules/alerts/jobs';
import {
  alertWorld,
  type AlertWorld,
  dayAgo,
  firingsOf,
  ingestDay,
  plain,
  runEvaluations as runAll,
} from './alerts-setup';
import type { TestApp } from './support/app';
import { call, tokenFor } from './support/orgs';
import type { SlowSmtp } from '../support/smtp';

// Alerts driven by ingested aggregate reports: ingestion queues the evaluation of the day each report covers
// (in its own transaction), the job judges it, and the e-mail goes out over SMTP (a loopback relay here).
// One e-mail when a domain starts failing, none while it keeps failing, one when it recovers; a report that
// arrives late opens the alert for the day it covers; the backtest answers the firings live evaluation made.

let w: AlertWorld;
let t: TestApp;
let smtp: SlowSmtp;
let a: AlertWorld['a'];
const domain = 'alerting.example.com';

beforeAll(async () => {
  w = await alertWorld(domain);
  ({ t, smtp, a } = w);
}, 120_000);
afterAll(() => w?.close());

const ingest = (day: string, pass: number, fail: number) => ingestDay(t, { domain, day, pass, fail });
const runEvaluations = () => runAll(t);
const firings = (ruleId: number) => firingsOf(t, ruleId);
/** A day as the mail writes it in the reader's language ("Dec 4, 2026", "4 de dez. de 2026"). */
const shown = (day: string, lang = 'en') =>
  new Date(`${day}T00:00:00Z`).toLocaleDateString(lang, { dateStyle: 'medium', timeZone: 'UTC' });
/** A token signed at the server's current (moved) clock. */
const owner = () => tokenFor(t, a.owner);

describe('alert evaluation from ingested reports', () => {
  let ruleId: number;

  it('queues one evaluation per rule and covered day in the ingest transaction, fires once, mails once', async () => {
    const created = await call(t, 'POST', '/api/dm/alerts/', a.tokens.owner, {
      scope_type: 'domain',
      target_selection: domain,
      condition: 'dmarc_failure_rate',
      params: { threshold_percent: 20, min_messages: 10 },
      destination_addresses: ['ops-en@example.com'],
      cooldown_minutes: 60,
    });
    expect(created.statusCode).toBe(201);
    ruleId = created.json().data.id;
    await ingest(dayAgo(4), 100, 0);
    await ingest(dayAgo(3), 50, 50);
    // Two reports for one day: one evaluation waits for it, not two.
    await ingest(dayAgo(3), 10, 0);
    const ran = await runEvaluations();
    expect(ran.map((r) => r.day).sort()).toEqual([dayAgo(4), dayAgo(3)]);
    expect(await firings(ruleId)).toEqual([
      {
        subject: domain,
        kind: 'firing',
        day: dayAgo(3),
        emails_sent: 1,
        observed: { rate: 45.45, failed: 50, messages: 110, from: dayAgo(3), to: dayAgo(3) },
      },
    ]);
    const mail = await smtp.waitFor('ops-en@example.com');
    const text = plain(mail.data);
    expect(text).toContain(`Firing since ${shown(dayAgo(3))}: ${domain}`);
    expect(text).toContain('Content-Type: text/html');
    expect(text).toContain(
      `https://msas.example/msas/analytics/by_ip?begin_date=${dayAgo(3)}&end_date=${dayAgo(3)}&domain=${domain}&row=198.51.100.7`,
    );
    expect(text).toContain('https://msas.example/api/dm/alerts/unsubscribe/?token=');
    const doc = (await call(t, 'GET', `/api/dm/alerts/${ruleId}/`, a.tokens.owner)).json().data.attributes;
    expect(doc.state).toBe('firing');
    expect(doc.firing_subjects).toEqual([domain]);
  });

  it('sends nothing more while the domain keeps failing', async () => {
    await ingest(dayAgo(2), 40, 60);
    await runEvaluations();
    expect((await firings(ruleId)).length).toBe(1);
    expect(smtp.received.filter((m) => m.to.includes('ops-en@example.com')).length).toBe(1);
  });

  it('sends one recovery e-mail when it clears, after the cool-down', async () => {
    t.clock.offsetMs = 2 * 3600_000;
    await ingest(dayAgo(1), 100, 0);
    await runEvaluations();
    const all = await firings(ruleId);
    expect(all.map((f) => [f.kind, f.day, f.emails_sent])).toEqual([
      ['firing', dayAgo(3), 1],
      ['recovery', dayAgo(1), 1],
    ]);
    const mails = smtp.received.filter((m) => m.to.includes('ops-en@example.com'));
    expect(mails.length).toBe(2);
    expect(plain(mails[1]!.data)).toContain(`Recovered on ${shown(dayAgo(1))}: ${domain}`);
  });

  it('answers a backtest equal to what live evaluation recorded', async () => {
    const res = await call(t, 'POST', '/api/dm/alerts/backtest/', await owner(), {
      scope_type: 'domain',
      target_selection: domain,
      condition: 'dmarc_failure_rate',
      params: { threshold_percent: 20, min_messages: 10 },
    });
    expect(res.statusCode).toBe(200);
    const live = (await firings(ruleId)).filter((f) => f.kind === 'firing');
    expect(res.json().data.days).toEqual(
      live.map((f) => ({ day: f.day, subjects: [{ subject: f.subject, observed: f.observed }] })),
    );
    expect(res.json().data.fired_count).toBe(live.length);
  });

  it('draws the timeline whose firings and recoveries are the ones live evaluation recorded', async () => {
    const res = await call(t, 'POST', '/api/dm/alerts/backtest/', await owner(), {
      scope_type: 'domain',
      target_selection: domain,
      condition: 'dmarc_failure_rate',
      params: { threshold_percent: 20, min_messages: 10 },
    });
    const { from, to, timeline, timeline_subjects } = res.json().data;
    expect(timeline_subjects).toBe(1);
    expect(timeline.map((r: { subject: string }) => r.subject)).toEqual([domain]);
    const days = timeline[0].days as { day: string; state: string; fired: boolean; observed: object }[];
    expect(days.length).toBe(30);
    expect([days[0]!.day, days.at(-1)!.day]).toEqual([from, to]);
    const live = await firings(ruleId);
    // The firings and recoveries the timeline marks, with the values of the day, are live evaluation's.
    const marked = days
      .filter((d) => d.fired || d.state === 'recovered')
      .map((d) => ({ kind: d.fired ? 'firing' : 'recovery', day: d.day }));
    expect(marked).toEqual(live.map((f) => ({ kind: f.kind, day: f.day })));
    const byDay = new Map(days.map((d) => [d.day, d]));
    for (const f of live.filter((l) => l.kind === 'firing'))
      expect(byDay.get(f.day)!.observed).toEqual(f.observed);
    // Each day's state: no data before the first report, clear, firing until the recovery.
    expect([5, 4, 3, 2, 1].map((n) => byDay.get(dayAgo(n))!.state)).toEqual([
      'no_data',
      'ok',
      'firing',
      'firing',
      'recovered',
    ]);
    // A clear day carries the numbers the evaluator compared with the threshold.
    expect(byDay.get(dayAgo(4))!.observed).toEqual({
      rate: 0,
      failed: 0,
      messages: 100,
      from: dayAgo(4),
      to: dayAgo(4),
    });
    expect(byDay.get(dayAgo(2))!.observed).toMatchObject({ rate: 60, failed: 60, messages: 100 });
  });

  it('holds a second firing inside the cool-down and batches it into the next e-mail', async () => {
    t.clock.offsetMs = 2 * 3600_000 + 60_000;
    await ingest(dayAgo(0), 0, 30);
    await runEvaluations();
    const held = await firings(ruleId);
    expect(held.at(-1)).toMatchObject({ kind: 'firing', day: dayAgo(0), emails_sent: 0 });
    expect(smtp.received.filter((m) => m.to.includes('ops-en@example.com')).length).toBe(2);
    // The hourly sweep sends what is pending once the cool-down has passed.
    t.clock.offsetMs = 4 * 3600_000;
    await runJobNow(t.ctx, alertSweepJob());
    await t.ctx.mailer.settled();
    expect(smtp.received.filter((m) => m.to.includes('ops-en@example.com')).length).toBe(3);
  });

  it('opens an alert for the day a late report covers, in the recipient language', async () => {
    await t.db.updateTable('users').set({ language: 'pt' }).where('id', '=', a.admin.id).execute();
    // A saved rule is judged on the present day at once: today's data is clear for it.
    await ingest(dayAgo(0), 1000, 0);
    await runEvaluations();
    const created = await call(t, 'POST', '/api/dm/alerts/', await owner(), {
      scope_type: 'organization',
      condition: 'spf_failure_rate',
      params: { threshold_percent: 30, min_messages: 10 },
      destination_addresses: [a.admin.email],
    });
    const late = created.json().data.id as number;
    await ingest(dayAgo(9), 10, 90);
    await runEvaluations();
    expect((await firings(late)).map((f) => [f.kind, f.day])).toEqual([['firing', dayAgo(9)]]);
    const mail = await smtp.waitFor(a.admin.email);
    expect(plain(mail.data)).toContain(`A disparar desde ${shown(dayAgo(9), 'pt')}: ${domain}`);
  });

  it('unsubscribes one address from one rule with the signed link, and logs no token', async () => {
    const mail = smtp.received.find((m) => m.to.includes('ops-en@example.com'))!;
    const flat = plain(mail.data);
    const token = /unsubscribe\/\?token=([A-Za-z0-9_.-]+)/.exec(flat)![1]!;
    // RFC 8058: both header fields, naming the same signed link.
    const raw = mail.data.replace(/\r?\n[ \t]+/g, ' ');
    expect(raw).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/m);
    expect(/^List-Unsubscribe: <(.+)>$/m.exec(raw)?.[1]).toBe(
      `https://msas.example/api/dm/alerts/unsubscribe/?token=${token}`,
    );
    const form = { 'content-type': 'application/x-www-form-urlencoded' };
    const url = `/api/dm/alerts/unsubscribe/?token=${token}`;
    const bad = await t.app.inject({
      method: 'POST',
      url: `${url}x`,
      headers: form,
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(bad.statusCode).toBe(400);
    // Opening the link (a person or a mail scanner) only asks; nothing changes.
    const page = await t.app.inject({ url });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.body).toContain('<form method="post" action="/api/dm/alerts/unsubscribe/">');
    expect(page.body).toContain(
      '<p>Stop receiving e-mails from this alert rule? / Deixar de receber e-mails desta regra de alerta?</p>',
    );
    const before = (await call(t, 'GET', `/api/dm/alerts/${ruleId}/`, await owner())).json().data.attributes;
    expect(before.destination_addresses).toContain('ops-en@example.com');
    // The mail client's one-click POST removes the address.
    const res = await t.app.inject({
      method: 'POST',
      url,
      headers: form,
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(res.json()).toMatchObject({ detail: 'You will no longer receive e-mails from this alert rule.' });
    const doc = (await call(t, 'GET', `/api/dm/alerts/${ruleId}/`, await owner())).json().data.attributes;
    expect(doc.destination_addresses).toEqual([]);
    expect(t.logs.join('\n')).not.toContain(token);
    const audit = await t.db
      .selectFrom('audit_operations')
      .select(['response_status', 'request'])
      .where('name', '=', 'alerts.unsubscribe')
      .orderBy('id')
      .execute();
    expect(audit.map((r) => r.response_status)).toEqual([400, 200]);
    expect(JSON.stringify(audit)).not.toContain(token);
  });
});
