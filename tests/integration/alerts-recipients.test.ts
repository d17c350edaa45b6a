import { runJobNow } from '../../server/jobs/handle';
import { alertSweepJob } from '../../server/modules/alerts/jobs';
import { alertWorld, type AlertWorld, dayAgo, firingsOf, ingestDay, runEvaluations } from './alerts-setup';
import { call, tokenFor } from './support/orgs';

// Alert mail reaches a member's address or a confirmed one only (an unconfirmed address
// gets its confirmation link and nothing else), and the cool-down belongs to the address and the condition,
// so deleting a rule and creating it again does not send again within it.

let w: AlertWorld;
const domain = 'recipients-alerts.example.com';

beforeAll(async () => {
  w = await alertWorld(domain);
}, 120_000);
afterAll(() => w?.close());

const outboxTo = (to: string) =>
  w.t.db.selectFrom('outbox').select(['subject']).where('to', '=', to).orderBy('id').execute();
const alertMailsTo = (to: string) => w.smtp.received.filter((m) => m.to.includes(to)).length;
const owner = () => tokenFor(w.t, w.a.owner);

const rule = async (addresses: string[]) => {
  const created = await call(w.t, 'POST', '/api/dm/alerts/', await owner(), {
    scope_type: 'domain',
    target_selection: domain,
    condition: 'dmarc_failure_rate',
    params: { threshold_percent: 20, min_messages: 10 },
    destination_addresses: addresses,
    cooldown_minutes: 60,
  });
  expect(created.statusCode).toBe(201);
  return created.json().data;
};

describe('alert recipients', () => {
  it('mails the member and not the address waiting for confirmation', async () => {
    const member = w.a.admin.email.toLowerCase();
    const created = await rule(['waiting@example.net', member]);
    expect(created.attributes.destination_states).toEqual([
      { address: 'waiting@example.net', state: 'waiting' },
      { address: member, state: 'member' },
    ]);
    await ingestDay(w.t, { domain, day: dayAgo(3), pass: 50, fail: 50 });
    await runEvaluations(w.t, { confirmRecipients: false });
    expect(await firingsOf(w.t, created.id)).toHaveLength(1);
    await w.smtp.waitFor(member);
    // The waiting address got its link and nothing more.
    expect((await outboxTo('waiting@example.net')).map((m) => m.subject)).toEqual([
      `Confirm that you want mail from ${w.a.org.name} on msas`,
    ]);
    // Deleted with its rule for the next test.
    await call(w.t, 'DELETE', `/api/dm/alerts/${created.id}/`, await owner());
  });

  it('keeps the cool-down when the rule is deleted and created again', async () => {
    const to = w.a.owner.email.toLowerCase();
    const first = await rule([to]);
    await ingestDay(w.t, { domain, day: dayAgo(2), pass: 50, fail: 50 });
    await runEvaluations(w.t);
    await w.smtp.waitFor(to);
    expect(alertMailsTo(to)).toBe(1);

    expect((await call(w.t, 'DELETE', `/api/dm/alerts/${first.id}/`, await owner())).statusCode).toBe(200);
    const second = await rule([to]);
    await ingestDay(w.t, { domain, day: dayAgo(1), pass: 50, fail: 50 });
    await runEvaluations(w.t);
    // The new rule fired, but its mail waits for the address's cool-down.
    const held = await firingsOf(w.t, second.id);
    expect(held.length).toBeGreaterThan(0);
    expect(held.every((f) => f.emails_sent === 0)).toBe(true);
    expect(alertMailsTo(to)).toBe(1);

    // Past the hour the held items go out, in one mail.
    w.t.clock.offsetMs = 61 * 60_000;
    await runJobNow(w.t.ctx, alertSweepJob());
    await w.t.ctx.mailer.settled();
    expect(alertMailsTo(to)).toBe(2);
    w.t.clock.offsetMs = 0;
  });
});
