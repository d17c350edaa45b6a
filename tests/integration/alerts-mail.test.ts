import { createDnsResolver } from '../../server/checks/resolver';
import { startDnsServer, type TestDnsServer } from '../../server/checks/testing/dnsServer';
import { runBatchNow } from '../../server/jobs/handle';
import { alertEvaluateJob } from '../../server/modules/alerts/jobs';
import { enrichPending, reverseName } from '../../server/ingest/enrichment';
import {
  alertWorld,
  type AlertWorld,
  dayAgo,
  firingsOf,
  ingestDay,
  plain,
  runEvaluations,
} from './alerts-setup';
import { call } from './support/orgs';

// The alert mail as a person reads it, over SMTP on loopback: a real aggregate report with 603 failures
// from one IP (its reverse DNS from a loopback DNS server, as enrichment finds it after ingestion), a rule
// that trips, and the mail's text and HTML parts: what happened against which threshold, the source, the
// days before, what to do first, the link to the filtered view. Six rules one incident trips send one mail.

let w: AlertWorld;
let dns: TestDnsServer;
const domain = 'mailed.example.com';
const ip = '198.51.100.7';
const ptr = 'mail.spoof-relay.example';

beforeAll(async () => {
  w = await alertWorld(domain);
  dns = await startDnsServer({ records: [{ name: reverseName(ip)!, type: 'PTR', data: ptr }] });
}, 120_000);
afterAll(async () => {
  await dns?.close();
  await w?.close();
});

const rule = async (to: string, condition: string, params: Record<string, unknown>) => {
  const res = await call(w.t, 'POST', '/api/dm/alerts/', w.a.tokens.owner, {
    scope_type: 'domain',
    target_selection: domain,
    condition,
    params,
    destination_addresses: [to],
  });
  expect(res.statusCode).toBe(201);
  return res.json().data.id as number;
};

/** A mail's parts as read: the text part and the HTML part (quoted-printable undone for '=' and breaks). */
function parts(data: string) {
  const flat = plain(data).replace(/\r\n/g, '\n');
  const html = flat.slice(flat.indexOf('Content-Type: text/html'));
  return { text: flat.slice(0, flat.indexOf('Content-Type: text/html')), html };
}

describe('the alert mail', () => {
  let one: number;
  let ran: Awaited<ReturnType<typeof runEvaluations>> = [];
  const six: number[] = [];

  it('says what happened, against which threshold, the source behind it and the filtered view', async () => {
    one = await rule('ops@example.com', 'dmarc_failure_rate', { threshold_percent: 20, min_messages: 100 });
    six.push(
      await rule('six@example.com', 'dmarc_failure_rate', { threshold_percent: 20, min_messages: 100 }),
      await rule('six@example.com', 'dmarc_failure_rate', { threshold_percent: 50, min_messages: 100 }),
      await rule('six@example.com', 'spf_failure_rate', { threshold_percent: 20 }),
      await rule('six@example.com', 'dkim_failure_rate', { threshold_percent: 20 }),
      await rule('six@example.com', 'volume_change', { factor: 2, baseline_days: 3, min_messages: 10 }),
      await rule('six@example.com', 'new_source', { learning_days: 2 }),
    );
    for (const n of [5, 4, 3]) await ingestDay(w.t, { domain, day: dayAgo(n), pass: 100 });
    await ingestDay(w.t, { domain, day: dayAgo(2), pass: 150, fail: 603 });
    // Enrichment runs after the commit: the reverse DNS of the report's IPs.
    const resolver = createDnsResolver({ servers: [{ host: dns.host, port: dns.port }], tries: 1 });
    await enrichPending(w.t.db, { resolver, timeoutMs: 1000, concurrency: 2 });
    ran = await runEvaluations(w.t);

    const { text, html } = parts((await w.smtp.waitFor('ops@example.com')).data);
    const day = dayAgo(2);
    const shown = new Date(`${day}T00:00:00Z`).toLocaleDateString('en', {
      dateStyle: 'medium',
      timeZone: 'UTC',
    });
    expect(text).toContain(`Firing since ${shown}: ${domain}`);
    expect(text).toContain('80.08% of the messages failed DMARC: 603 of 753');
    expect(text).toContain('Threshold: above 20% over 1 day(s), with at least 100 messages.');
    expect(text).toMatch(new RegExp(`603 of the 603 failures came from one new IP, ${ip} \\(.*${ptr}\\)\\.`));
    expect(text).toContain(`${ip} (new) | ${ptr} |`);
    // Not authorised: nothing from it passed DMARC. The days before, with the day it fired.
    expect(text).toMatch(new RegExp(`${ip} \\(new\\) \\| ${ptr} \\| [^|]* \\| no \\| 603`));
    const before = new Date(`${dayAgo(3)}T00:00:00Z`).toLocaleDateString('en', {
      dateStyle: 'medium',
      timeZone: 'UTC',
    });
    expect(text).toContain(`${before} | 100 | 0 | 0.00%\n${shown} | 753 | 603 | 80.08%`);
    expect(text).toContain('What to do first: ');
    const link = `https://msas.example/msas/analytics/by_ip?begin_date=${day}&end_date=${day}&domain=${domain}&row=${ip}`;
    expect(text).toContain(`See the data: ${link}`);
    expect(html).toContain(`>${ip} (new)</td>`);
    expect(html).toContain(`>${ptr}</td>`);
    expect(html).toContain(`href="${link.replace(/&/g, '&amp;')}"`);
    expect(html).toContain('Threshold: above 20% over 1 day(s)');
    expect((await firingsOf(w.t, one)).map((f) => [f.kind, f.day, f.emails_sent])).toEqual([
      ['firing', day, 1],
    ]);
  });

  it('sends one mail for six rules one incident tripped, listing them, and counts it for each', async () => {
    const mails = w.smtp.received.filter((m) => m.to.includes('six@example.com'));
    expect(mails).toHaveLength(1);
    const { text } = parts(mails[0]!.data);
    expect(text).toContain('6 alert rules have news');
    for (const name of [
      'DMARC failure rate',
      'SPF failure rate',
      'DKIM failure rate',
      'Volume spike or drop',
      'New sending source',
    ])
      expect(text).toContain(`${name} (${domain})\n---`);
    expect(text).toContain(`The source: ${ip}`);
    // Each rule's firing counts the one mail, and all name the same outbox row.
    const outbox = new Set<string>();
    for (const id of six) {
      const rows = await w.t.db
        .selectFrom('alert_firings')
        .select(['emails_sent', 'outbox_ids', 'pending'])
        .where('rule_id', '=', id)
        .execute();
      expect(rows.map((r) => [r.emails_sent, r.pending])).toEqual([[1, false]]);
      for (const o of r0(rows).outbox_ids as unknown[]) outbox.add(String(o));
    }
    expect(outbox.size).toBe(1);
    // Nothing is sent twice: the same jobs run again past every cool-down (a worker restarted after the
    // commit) send nothing more.
    w.t.clock.offsetMs = 3 * 3600_000;
    const again = await runBatchNow(w.t.ctx, alertEvaluateJob(), ran);
    expect(again.every((o) => o === null)).toBe(true);
    await w.t.ctx.mailer.settled();
    expect(w.smtp.received.filter((m) => m.to.includes('six@example.com'))).toHaveLength(1);
  });
});

const r0 = <T>(rows: T[]) => rows[0]!;
