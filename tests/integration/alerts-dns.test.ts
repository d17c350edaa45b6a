import { openQueue, type Queue } from '../../server/jobs/runner';
import { registeredJobs } from '../../server/jobs/registry';
import { checkAndStore } from '../../server/modules/analysis/recheck-service';
import { firingsOf, plain, runEvaluations } from './alerts-setup';
import { mailZone, startChecksApp, type ChecksApp } from './analysis-setup';
import { call, seedTenant } from './support/orgs';
import { startSlowSmtp, type SlowSmtp } from '../support/smtp';
import { confirmWaitingRecipients, isConfirmationMail } from './support/recipients';

// The DNS change condition, driven by real re-checks against a loopback DNS zone that changes between runs:
// the first check records the sets (no alert), a weakened DMARC policy and a removed SPF record fire, with
// the old and the new value in the history and the e-mail.

const d = 'dns-alert.example.com';
let c: ChecksApp;
let smtp: SlowSmtp;
let queue: Queue;
let tenant: Awaited<ReturnType<typeof seedTenant>>;

beforeAll(async () => {
  smtp = await startSlowSmtp(0, { ignore: isConfirmationMail });
  c = await startChecksApp(mailZone(d), { SMTP_URL: smtp.url, MAIL_FROM: 'msas@example.com' });
  queue = await openQueue(c.t.ctx, { jobs: registeredJobs, work: false });
  tenant = await seedTenant(c.t, 'DNS Alert Org', d);
}, 60_000);
afterAll(async () => {
  await queue?.stop();
  await c?.close();
  await smtp?.close();
});

const recheck = () =>
  checkAndStore(c.t.ctx, { id: tenant.domainId, name: d, organization_id: tenant.org.id });

async function rule(params: Record<string, unknown>, to: string): Promise<number> {
  const res = await call(c.t, 'POST', '/api/dm/alerts/', tenant.tokens.owner, {
    scope_type: 'domain',
    target_selection: d,
    condition: 'dns_change',
    params,
    destination_addresses: [to],
  });
  expect(res.statusCode, res.body).toBe(201);
  // The address stands for a confirmed one (the confirmation rule: recipients.test.ts).
  await confirmWaitingRecipients(c.t.db);
  return res.json().data.id as number;
}

describe('alerts on DNS changes from the re-checks', () => {
  it('fires on a changed and a removed record, with the old and the new value; weakened-only on DMARC', async () => {
    const any = await rule({}, 'dns-any@example.com');
    const weakened = await rule({ policy_weakened_only: true }, 'dns-weak@example.com');
    await recheck();
    await runEvaluations(c.t);
    expect(await firingsOf(c.t, any)).toEqual([]);
    c.dns.setRecords(mailZone(d, { dmarc: `v=DMARC1; p=quarantine; rua=mailto:dmarc@${d}`, spf: null }));
    await recheck();
    await runEvaluations(c.t);
    const today = new Date().toISOString().slice(0, 10);
    const fired = await firingsOf(c.t, any);
    expect(fired.map((f) => [f.subject, f.day, f.observed.old, f.observed.new])).toEqual([
      [
        `${d} · dmarc`,
        today,
        `v=DMARC1; p=reject; rua=mailto:dmarc@${d}`,
        `v=DMARC1; p=quarantine; rua=mailto:dmarc@${d}`,
      ],
      [`${d} · spf`, today, 'v=spf1 mx -all', '(removed)'],
    ]);
    expect((await firingsOf(c.t, weakened)).map((f) => f.subject)).toEqual([`${d} · dmarc`]);
    const mail = plain((await smtp.waitFor('dns-any@example.com')).data);
    expect(mail).toContain('old v=DMARC1; p=reject');
    expect(mail).toContain('new (removed)');
    // An unchanged re-check is no new event.
    await recheck();
    await runEvaluations(c.t);
    expect((await firingsOf(c.t, any)).length).toBe(2);
  });
});
