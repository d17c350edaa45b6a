import pino from 'pino';
import type { AppContext } from '../../server/context';
import { jobsCommand } from '../../server/cli/jobs';
import { heldSummaryJob } from '../../server/mail/held-summary';
import { createMailer } from '../../server/mail/send';
import { runJobNow } from '../../server/jobs/handle';
import { startSlowSmtp, type SlowSmtp } from '../support/smtp';
import { testConfig, type TestApp } from './support/app';
import { openTestDatabase, type TestDatabase } from './support/db';
import { quickUser } from './support/orgs';
import { runSendJobs } from './support/send-mail';

// The outbound mail budget (MAIL_BUDGET_PER_HOUR, here 3): an organization's mail past it in an hour is held,
// audited once, shown by `msas jobs held`, and told of in one summary per recipient in a later hour, itself
// within that hour's budget. Time is the job's clock, moved by hand.

const budget = 3;
let t: TestDatabase;
let smtp: SlowSmtp;
let ctx: AppContext;
let clock = new Date('2026-03-02T10:05:00Z');
const at = (iso: string) => (clock = new Date(iso));

beforeAll(async () => {
  t = await openTestDatabase();
  smtp = await startSlowSmtp(0);
  const config = testConfig('/tmp', {
    SMTP_URL: smtp.url,
    MAIL_FROM: 'msas@example.com',
    MAIL_BUDGET_PER_HOUR: String(budget),
  });
  const logger = pino({ level: 'silent' });
  ctx = { config, db: t.db, logger, mailer: createMailer(config, logger), now: () => clock };
}, 120_000);
afterAll(async () => {
  ctx?.mailer.close();
  await smtp?.close();
  await t?.close();
});

const newOrg = (name: string) =>
  t.db
    .insertInto('organizations')
    .values({ name, benefits: '{}' })
    .returning('id')
    .executeTakeFirstOrThrow()
    .then((r) => r.id);
const send = (to: string, subject: string, organizationId: number | null) =>
  ctx.mailer.queue(t.db, { to, subject, text: `body of ${subject}`, organizationId }, { now: clock });
const row = (id: number) =>
  t.db.selectFrom('outbox').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const retry = () => runSendJobs(ctx);
const summarise = () => runJobNow(ctx, heldSummaryJob());
const audit = (organizationId: number, name: string) =>
  t.db
    .selectFrom('audit_operations')
    .selectAll()
    .where('organization_id', '=', organizationId)
    .where('name', '=', name)
    .execute();
const receivedBy = (to: string) => smtp.received.filter((r) => r.to.includes(to));

async function heldLines(): Promise<string[]> {
  const lines: string[] = [];
  expect(await jobsCommand(ctx, { command: 'held', json: false }, (l) => lines.push(l))).toBe(0);
  return lines;
}

describe('the hourly mail budget of an organization', () => {
  let acme: number;
  let other: number;
  const ids: number[] = [];

  it('holds the mail past the budget (never sends it), audits the hold once, and counts no account mail', async () => {
    acme = await newOrg('Acme Flood');
    other = await newOrg('Quiet Org');
    at('2026-03-02T10:05:00Z');
    for (let i = 1; i <= 5; i += 1) ids.push(await send('alerts@acme.example', `alert ${i}`, acme));
    ids.push(await send('boss@acme.example', 'alert 6', acme));
    // Account mail (no organization) and another organization's mail have budgets of their own or none.
    const reset = await send('someone@acme.example', 'reset', null);
    const quiet = await send('ops@quiet.example', 'digest', other);

    const rows = await Promise.all(ids.map(row));
    expect(rows.map((r) => r.held_at !== null)).toEqual([false, false, false, true, true, true]);
    expect((await row(reset)).held_at).toBeNull();
    expect((await row(quiet)).held_at).toBeNull();

    await retry();
    expect(receivedBy('alerts@acme.example')).toHaveLength(3);
    expect(receivedBy('boss@acme.example')).toHaveLength(0);
    expect(receivedBy('someone@acme.example')).toHaveLength(1);
    expect(receivedBy('ops@quiet.example')).toHaveLength(1);
    // Delivery of a held row is refused outright, whoever asks.
    expect(await ctx.mailer.deliver(t.db, ids[5]!)).toBe(false);

    const holds = await audit(acme, 'mail.held');
    expect(holds).toHaveLength(1);
    expect(holds[0]!.request).toMatchObject({
      budget_per_hour: budget,
      to: 'alerts@acme.example',
      subject: 'alert 4',
    });
    expect(JSON.stringify(holds[0]!.request)).not.toContain('body of');
    expect(await audit(other, 'mail.held')).toHaveLength(0);

    expect(await heldLines()).toEqual([
      expect.stringMatching(
        /^organization \d+ \(Acme Flood\) {2}held 3 {2}recipients 2 {2}since 2026-03-02T10:05/,
      ),
    ]);
  });

  it('sends nothing of it while the hour lasts', async () => {
    at('2026-03-02T10:59:00Z');
    await summarise();
    await retry();
    expect(receivedBy('boss@acme.example')).toHaveLength(0);
    expect((await row(ids[5]!)).summary_id).toBeNull();
  });

  it('waits for budget in the next hour when that hour is already spent, then summarises', async () => {
    at('2026-03-02T11:00:10Z');
    for (let i = 7; i <= 9; i += 1) await send('alerts@acme.example', `alert ${i}`, acme);
    await summarise();
    expect((await row(ids[5]!)).summary_id).toBeNull();
    expect(await heldLines()).toHaveLength(1);
    // One more in this hour is held too, and told of with the rest.
    await send('boss@acme.example', 'alert 10', acme);

    at('2026-03-02T12:01:00Z');
    await summarise();
    await retry();
    const toAlerts = receivedBy('alerts@acme.example').filter((r) => r.data.includes('was held'));
    const toBoss = receivedBy('boss@acme.example');
    expect(toAlerts).toHaveLength(1);
    expect(toBoss).toHaveLength(1);
    const text = toBoss[0]!.data.replace(/=\r?\n/g, '');
    expect(text).toContain('Subject: [msas] Mail from Acme Flood was held');
    expect(text).toContain('Messages held: 2');
    expect(text).toContain('- alert 6');
    expect(text).toContain('- alert 10');
    expect(text).toContain('/msas/settings/auditing');
    expect(text).not.toContain('body of');
    expect(toAlerts[0]!.data).toContain('Messages held: 2');
    expect(await heldLines()).toEqual(['msas: no held mail']);
    expect(await audit(acme, 'mail.held.summary')).toHaveLength(2);
    // Told once: the next runs send nothing more, and the held rows themselves never go out.
    await summarise();
    await retry();
    expect(receivedBy('boss@acme.example')).toHaveLength(1);
    expect(smtp.received.some((r) => r.data.includes('Subject: alert 6'))).toBe(false);
  });

  it('counts the summaries against the budget: at most the budget in summaries per hour', async () => {
    const flood = await newOrg('Many Recipients');
    at('2026-03-02T13:10:00Z');
    for (let i = 0; i < budget; i += 1) await send(`first${i}@many.example`, 'ok', flood);
    for (let i = 0; i < 5; i += 1) await send(`held${i}@many.example`, `held ${i}`, flood);
    at('2026-03-02T14:01:00Z');
    await summarise();
    const summaries = await t.db
      .selectFrom('outbox')
      .select('to')
      .where('organization_id', '=', flood)
      .where('subject', 'like', '%was held')
      .execute();
    expect(summaries).toHaveLength(budget);
    at('2026-03-02T15:01:00Z');
    await summarise();
    expect(
      await t.db
        .selectFrom('outbox')
        .select('to')
        .where('organization_id', '=', flood)
        .where('subject', 'like', '%was held')
        .execute(),
    ).toHaveLength(5);
  });

  it('lets concurrent senders take no more than the budget, and gives back what a rollback took', async () => {
    const busy = await newOrg('Concurrent');
    at('2026-03-02T18:10:00Z');
    const one = (i: number) =>
      t.db
        .transaction()
        .execute((trx) =>
          ctx.mailer.queue(
            trx,
            { to: `c${i}@busy.example`, subject: 's', text: 't', organizationId: busy },
            { now: clock },
          ),
        );
    await expect(
      t.db.transaction().execute(async (trx) => {
        await ctx.mailer.queue(
          trx,
          { to: 'gone@busy.example', subject: 's', text: 't', organizationId: busy },
          { now: clock },
        );
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    const ids = await Promise.all(Array.from({ length: 10 }, (_, i) => one(i)));
    const rows = await Promise.all(ids.map(row));
    expect(rows.filter((r) => r.held_at === null)).toHaveLength(budget);
  });

  it('writes the summary in the recipient language', async () => {
    const org = await newOrg('Empresa');
    const user = await quickUser({ db: t.db } as unknown as TestApp, { email: 'ana@empresa.example' });
    await t.db.updateTable('users').set({ language: 'pt' }).where('id', '=', user.id).execute();
    at('2026-03-02T16:00:00Z');
    for (let i = 0; i <= budget; i += 1) await send('Ana@Empresa.example', `aviso ${i}`, org);
    at('2026-03-02T17:00:30Z');
    await summarise();
    await retry();
    const mail = receivedBy('ana@empresa.example').find((r) => r.data.includes('retidos'));
    expect(mail?.data.replace(/=\r?\n/g, '')).toContain('Mensagens retidas: 1');
  });
});
