import https from 'node:https';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openQueue, type Queue } from '../../server/jobs/runner';
import { registeredJobs } from '../../server/jobs/registry';
import { checkAndStore } from '../../server/modules/analysis/recheck-service';
import { createTestCa, type TestCa } from '../support/tls/certs';
import { firingsOf, plain, runEvaluations } from './alerts-setup';
import { mailZone, startChecksApp, type ChecksApp } from './analysis-setup';
import { call, seedTenant } from './support/orgs';
import { startSlowSmtp, type SlowSmtp } from '../support/smtp';
import { confirmWaitingRecipients, isConfirmationMail } from './support/recipients';

// The conditions on the re-checks' stored results, driven by real re-checks against a loopback DNS zone
// that changes between runs and a loopback HTTPS policy host: SPF past 10 lookups fires and recovers, and
// the MTA-STS policy host's certificate (one day left, read from the TLS handshake) trips a 14-day rule,
// and a DKIM selector's key record changed is a DNS change with the old and the new key.

const d = 'check-alert.example.com';
const policyHost = `mta-sts.${d}`;
const overLimit = `v=spf1 ${'a '.repeat(11)}-all`;
const key1 = 'v=DKIM1; k=ed25519; p=11qYAYKxCrfVS/7TyWQHOg7hcvPapiMlrwIaaPcHURo=';
const key2 = 'v=DKIM1; k=ed25519; p=2WnvXjpn6t7FgxqXGuZ0RM9ZMBMPgJ8v8W7O1a0ePpI=';
const zone = (spf: string, dkim = key1) => [
  ...mailZone(d, { spf }),
  { name: policyHost, type: 'A', data: '127.0.0.1', ttl: 300 } as const,
  { name: `selector1._domainkey.${d}`, type: 'TXT', data: dkim, ttl: 300 } as const,
];

let c: ChecksApp;
let smtp: SlowSmtp;
let queue: Queue;
let ca: TestCa;
let web: https.Server;
let tenant: Awaited<ReturnType<typeof seedTenant>>;

beforeAll(async () => {
  ca = createTestCa({ leafDays: 1 });
  web = https.createServer(ca.issue('policy', [policyHost]), (_req, res) => {
    res.writeHead(200, { 'content-type': 'text/plain' });
    res.end(`version: STSv1\nmode: enforce\nmx: mx.${d}\nmax_age: 604800\n`);
  });
  await new Promise<void>((resolve) => web.listen(0, '127.0.0.1', resolve));
  smtp = await startSlowSmtp(0, { ignore: isConfirmationMail });
  c = await startChecksApp(zone(overLimit), {
    SMTP_URL: smtp.url,
    MAIL_FROM: 'msas@example.com',
    MTA_STS_PORT: String((web.address() as AddressInfo).port),
    MTA_STS_CA_FILE: ca.caFile,
  });
  queue = await openQueue(c.t.ctx, { jobs: registeredJobs, work: false });
  tenant = await seedTenant(c.t, 'Check Alert Org', d);
}, 60_000);
afterAll(async () => {
  await queue?.stop();
  await c?.close();
  await smtp?.close();
  await new Promise((resolve) => web?.close(resolve));
  ca?.cleanup();
});

const recheck = () =>
  checkAndStore(c.t.ctx, { id: tenant.domainId, name: d, organization_id: tenant.org.id });

async function rule(condition: string, params: Record<string, unknown>, to: string): Promise<number> {
  const res = await call(c.t, 'POST', '/api/dm/alerts/', tenant.tokens.owner, {
    scope_type: 'domain',
    target_selection: d,
    condition,
    params,
    destination_addresses: [to],
    cooldown_minutes: 5,
  });
  expect(res.statusCode, res.body).toBe(201);
  // The address stands for a confirmed one (the confirmation rule: recipients.test.ts).
  await confirmWaitingRecipients(c.t.db);
  return res.json().data.id as number;
}

describe('alerts on the re-checks’ stored results', () => {
  it('lists the conditions with their parameters', async () => {
    const res = await call(c.t, 'GET', '/api/dm/conditions/', tenant.tokens.member);
    const byId = new Map(
      (res.json().data as { id: string; attributes: { params: unknown[] } }[]).map((x) => [x.id, x]),
    );
    expect(byId.get('spf_lookups')?.attributes.params).toEqual([
      { name: 'max_lookups', type: 'integer', unit: 'lookups', default: 10, min: 1, max: 100, choices: null },
    ]);
    expect(byId.get('mta_sts_certificate')?.attributes.params).toEqual([
      { name: 'days', type: 'integer', unit: 'days', default: 14, min: 1, max: 365, choices: null },
    ]);
    expect(byId.get('dnssec_bogus')?.attributes.params).toEqual([]);
  });

  it('fires when SPF needs more than 10 lookups and recovers when it is fixed', async () => {
    const id = await rule('spf_lookups', {}, 'spf-lookups@example.com');
    await recheck();
    await runEvaluations(c.t);
    const today = new Date().toISOString().slice(0, 10);
    const fired = await firingsOf(c.t, id);
    expect(fired.map((f) => [f.subject, f.kind, f.day, f.observed.lookups, f.observed.limit])).toEqual([
      [d, 'firing', today, 11, 10],
    ]);
    expect(plain((await smtp.waitFor('spf-lookups@example.com')).data)).toContain('lookups 11');
    // Still over the limit: nothing new.
    await recheck();
    await runEvaluations(c.t);
    expect((await firingsOf(c.t, id)).length).toBe(1);
    c.dns.setRecords(zone('v=spf1 mx -all'));
    await recheck();
    await runEvaluations(c.t);
    expect((await firingsOf(c.t, id)).map((f) => f.kind)).toEqual(['firing', 'recovery']);
  });

  it('fires when the policy host certificate expires within the days given', async () => {
    const soon = await rule('mta_sts_certificate', { days: 14 }, 'sts-cert@example.com');
    await recheck();
    await runEvaluations(c.t);
    const fired = await firingsOf(c.t, soon);
    expect(fired.map((f) => [f.subject, f.kind, f.observed.days_left])).toEqual([[d, 'firing', 0]]);
    expect(Date.parse(String(fired[0]!.observed.expires))).toBeGreaterThan(Date.now());
    expect(plain((await smtp.waitFor('sts-cert@example.com')).data)).toContain('days left 0');
  });

  it("fires when a DKIM selector's key record changes", async () => {
    const id = await rule('dns_change', { records: 'dkim' }, 'dkim-change@example.com');
    await recheck();
    await runEvaluations(c.t);
    expect(await firingsOf(c.t, id)).toEqual([]);
    c.dns.setRecords(zone('v=spf1 mx -all', key2));
    await recheck();
    await runEvaluations(c.t);
    const fired = await firingsOf(c.t, id);
    expect(fired.map((f) => [f.subject, f.observed.old, f.observed.new])).toEqual([
      [`${d} · dkim`, `selector1 ${key1}`, `selector1 ${key2}`],
    ]);
    expect(plain((await smtp.waitFor('dkim-change@example.com')).data)).toContain(`new selector1 ${key2}`);
  });
});
