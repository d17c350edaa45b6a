import { outboxMaxAttempts } from '../../server/mail/outbox';
import { resetFloorMs, signupFloorMs } from '../../server/modules/account/routes';
import { postForm, startTestApp, type TestApp } from './support/app';
import { quickUser, seedTenant } from './support/orgs';
import { startSlowSmtp, type SlowSmtp } from '../support/smtp';
import { runSendJobs } from './support/send-mail';

// Public account routes must not tell a known address from an unknown one by the time they take, with a real
// relay that is slow to accept mail: the answer waits out the same floor on both paths and never waits on SMTP.
const smtpDelayMs = 400;
const toleranceMs = 60;

let smtp: SlowSmtp;
let t: TestApp;
beforeAll(async () => {
  smtp = await startSlowSmtp(smtpDelayMs);
  t = await startTestApp({ env: { SMTP_URL: smtp.url, MAIL_FROM: 'msas@example.com' } });
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

const post = (url: string, payload: Record<string, string>, ip: string) => postForm(t.app, url, payload, ip);

async function timed(send: () => ReturnType<typeof post>) {
  const started = performance.now();
  const res = await send();
  return { res, ms: performance.now() - started };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

describe('password reset with a slow SMTP relay', () => {
  it('answers a known and an unknown address in the same time, and the mail still arrives', async () => {
    const user = await quickUser(t, { email: 'timing-known@example.com' });
    const known: number[] = [];
    const unknown: number[] = [];
    for (let round = 0; round < 3; round += 1) {
      const pair = [
        () => post('/api/ph/password-reset/', { email: user.email }, `10.7.0.${round}`),
        () => post('/api/ph/password-reset/', { email: `nobody-${round}@example.com` }, `10.7.1.${round}`),
      ] as const;
      // Alternate the order so a warm-up or a neighbour's load does not favour one path.
      const order = round % 2 === 0 ? [0, 1] : [1, 0];
      for (const i of order) {
        const { res, ms } = await timed(pair[i]!);
        expect(res.statusCode).toBe(201);
        (i === 0 ? known : unknown).push(ms);
      }
    }
    for (const ms of [...known, ...unknown]) expect(ms).toBeGreaterThanOrEqual(resetFloorMs - 5);
    expect(Math.abs(median(known) - median(unknown)), `known ${known} unknown ${unknown}`).toBeLessThan(
      toleranceMs,
    );
    expect(median(known)).toBeLessThan(resetFloorMs + smtpDelayMs);
    const mail = await smtp.waitFor(user.email);
    expect(mail.data).toContain('Reset your msas password');
    await t.ctx.mailer.settled();
    const rows = await t.db.selectFrom('outbox').select('sent_at').where('to', '=', user.email).execute();
    expect(rows).toHaveLength(3);
    for (const row of rows) expect(row.sent_at).toBeInstanceOf(Date);
  });
});

describe('sign-up with a slow SMTP relay', () => {
  it('answers a taken address or username like a new one, in the same time, and mails both', async () => {
    const holder = await quickUser(t, { email: 'timing-holder@example.com' });
    await t.db.updateTable('users').set({ is_active: true }).where('id', '=', holder.id).execute();
    const signup = (n: number, username: string, email: string) =>
      post(
        '/api/ph/register-client/',
        { name: `N ${n}`, username, password: 'amber-river-77-kite', email },
        `10.8.0.${n}`,
      );
    const fresh: number[] = [];
    const taken: number[] = [];
    const bodies = new Set<string>();
    for (let round = 0; round < 3; round += 1) {
      const pair = [
        () => signup(round * 2, `new-${round}`, `timing-new-${round}@example.com`),
        () =>
          round === 1
            ? signup(round * 2 + 1, holder.username, `timing-other-${round}@example.com`)
            : signup(round * 2 + 1, `other-${round}`, holder.email),
      ] as const;
      const order = round % 2 === 0 ? [0, 1] : [1, 0];
      for (const i of order) {
        const { res, ms } = await timed(pair[i]!);
        expect(res.statusCode).toBe(201);
        bodies.add(res.body);
        (i === 0 ? fresh : taken).push(ms);
      }
    }
    expect(bodies.size).toBe(1);
    for (const ms of [...fresh, ...taken]) expect(ms).toBeGreaterThanOrEqual(signupFloorMs - 5);
    expect(Math.abs(median(fresh) - median(taken)), `new ${fresh} taken ${taken}`).toBeLessThan(toleranceMs);
    expect((await smtp.waitFor('timing-new-2@example.com')).data).toContain('Confirm your msas account');
    expect((await smtp.waitFor(holder.email)).data).toContain('Someone tried to sign up to msas');
    await t.ctx.mailer.settled();
    const toHolder = smtp.received.filter((r) => r.to.includes(holder.email));
    expect(toHolder).toHaveLength(3);
    expect(smtp.received.some((r) => r.to.includes('timing-other-1@example.com'))).toBe(false);
  });
});

describe('invitations with a slow SMTP relay', () => {
  it('answer without waiting on the relay, and the invitation arrives', async () => {
    const tenant = await seedTenant(t, 'Timing Org', 'timing.example');
    const { res, ms } = await timed(() =>
      t.app.inject({
        method: 'POST',
        url: '/api/ph/member-registrations/',
        headers: { authorization: `Bearer ${tenant.tokens.owner}` },
        payload: { email: 'timing-invitee@example.com' },
      }),
    );
    expect(res.statusCode).toBe(201);
    expect(ms).toBeLessThan(smtpDelayMs);
    expect((await smtp.waitFor('timing-invitee@example.com')).data).toContain('Timing Org');
  });
});

describe("the messages' send-mail jobs", () => {
  it('sends later what the relay refused, and gives up after the last attempt', async () => {
    const user = await quickUser(t, { email: 'timing-retry@example.com' });
    smtp.failNext(1);
    const res = await post('/api/ph/password-reset/', { email: user.email }, '10.9.0.1');
    expect(res.statusCode).toBe(201);
    await t.ctx.mailer.settled();
    const row = await t.db
      .selectFrom('outbox')
      .selectAll()
      .where('to', '=', user.email)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ sent_at: null, attempts: 1 });
    const wait = new Date(row.next_attempt_at!).getTime() - Date.now();
    expect(wait).toBeGreaterThan(3 * 60_000);
    const given = await t.db
      .insertInto('outbox')
      .values({ to: 'timing-given-up@example.com', subject: 's', text: 't', attempts: outboxMaxAttempts })
      .returning('id')
      .executeTakeFirstOrThrow();

    const run = (offsetMs: number) => runSendJobs({ ...t.ctx, now: () => new Date(Date.now() + offsetMs) });
    await run(0);
    expect(smtp.received.some((r) => r.to.includes(user.email))).toBe(false);
    await run(6 * 60_000);
    expect((await smtp.waitFor(user.email, 1)).data).toContain('Reset your msas password');
    const after = await t.db
      .selectFrom('outbox')
      .select(['id', 'sent_at', 'attempts'])
      .where('id', 'in', [row.id, given.id])
      .orderBy('id')
      .execute();
    expect(after[0]).toMatchObject({ attempts: 2 });
    expect(after[0]?.sent_at).toBeInstanceOf(Date);
    expect(after[1]).toMatchObject({ sent_at: null, attempts: outboxMaxAttempts });
  });
});
