import { sql } from 'kysely';
import { recipientMessages } from '../../contract/recipients';
import { startTestApp, type TestApp } from './support/app';
import { call, seedTenant, type Tenant, tokenFor } from './support/orgs';

// The digests are no open relay. A scheduled report's outside addresses get one
// confirmation mail (the organization's name and nothing the sender wrote), nothing else until the owner
// confirms from the link; a declined address never gets anything again; "Send now" is limited per report and
// per organization with 429 and Retry-After.

let t: TestApp;
type Org = Tenant & { domainId: number; groupId: number };

beforeAll(async () => {
  t = await startTestApp({
    env: {
      PUBLIC_URL: 'https://msas.example',
      DIGEST_SEND_NOW_LIMIT: '2',
      DIGEST_SEND_NOW_ORGANIZATION_LIMIT: '3',
      RECIPIENT_CONFIRMATION_LIMIT: '4',
    },
  });
}, 120_000);
afterEach(() => {
  t.clock.offsetMs = 0;
});
afterAll(() => t.close());

const mailTo = (to: string) =>
  t.db.selectFrom('outbox').select(['subject', 'text']).where('to', '=', to).orderBy('id').execute();

const report = (org: Org, name: string, addresses: string[]) =>
  call(t, 'POST', '/api/dm/digest-reports/scheduled/', org.tokens.admin, {
    name,
    schedule: { frequency: 'weekly', day_of_week: 1, hour: 7, time_zone: 'UTC' },
    time_frame: 'last_7_days',
    destination_addresses: addresses,
  });

// A token signed now: the tests move the server's clock past the limits' windows.
const sendNow = async (org: Org, id: number) =>
  call(t, 'POST', `/api/dm/digest-reports/scheduled/${id}/send/`, await tokenFor(t, org.admin));

/** The organization and token of the link in the last confirmation mail to `to`. */
async function linkOf(to: string) {
  const mails = await mailTo(to);
  const text = mails.at(-1)!.text;
  const fragment = /https:\/\/msas\.example\/recipient-confirmation#(\S+)/.exec(text)![1];
  const params = new URLSearchParams(fragment);
  return { organization: Number(params.get('organization')), token: params.get('token')! };
}

const decide = (link: { organization: number; token: string }, decision: 'confirm' | 'decline') =>
  call(t, 'POST', '/api/ph/recipient-confirmations/', null, { ...link, decision });

let n = 0;
const tenant = () => {
  n += 1;
  return seedTenant(t, `Recipients ${n}`, `recipients-${n}.example.com`);
};

describe('outside recipients of reports', () => {
  it('mails a waiting address only its confirmation, and the report only once it is confirmed', async () => {
    const a = await tenant();
    const spam = 'BUY NOW http://spam.example';
    const created = await report(a, spam, [a.member.email, 'Ext-1@example.net', 'ext-2@example.net']);
    expect(created.statusCode).toBe(201);
    const id = created.json().data.id as number;
    expect(created.json().data.attributes.destination_states).toEqual([
      { address: a.member.email, state: 'member' },
      { address: 'ext-1@example.net', state: 'waiting' },
      { address: 'ext-2@example.net', state: 'waiting' },
    ]);
    // One confirmation each, naming the organization and not the report's name.
    const [confirmation] = await mailTo('ext-1@example.net');
    expect(await mailTo('ext-1@example.net')).toHaveLength(1);
    expect(confirmation.subject).toBe(`Confirm that you want mail from ${a.org.name} on msas`);
    expect(confirmation.text + confirmation.subject).not.toContain('BUY NOW');
    expect(confirmation.text).toContain('ignore this message');

    const first = await sendNow(a, id);
    expect(first.statusCode).toBe(200);
    expect(first.json().recipients).toBe(1);
    expect(await mailTo('ext-1@example.net')).toHaveLength(1);

    const confirmed = await decide(await linkOf('ext-1@example.net'), 'confirm');
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toEqual({
      address: 'ext-1@example.net',
      organization_name: a.org.name,
      state: 'confirmed',
    });
    const declined = await decide(await linkOf('ext-2@example.net'), 'decline');
    expect(declined.json().state).toBe('declined');
    // A link works once.
    const again = await decide(await linkOf('ext-1@example.net'), 'decline');
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ error_codes: { token: [{ code: recipientMessages.used }] } });

    const second = await sendNow(a, id);
    expect(second.json().recipients).toBe(2);
    expect(await mailTo('ext-1@example.net')).toHaveLength(2);
    expect(await mailTo('ext-2@example.net')).toHaveLength(1);

    // Saving again asks nothing of a declined address, and it stays out.
    const saved = await call(t, 'PATCH', `/api/dm/digest-reports/scheduled/${id}/`, a.tokens.admin, {
      name: 'Renamed',
    });
    expect(saved.json().data.attributes.destination_states.map((s: { state: string }) => s.state)).toEqual([
      'member',
      'confirmed',
      'declined',
    ]);
    expect(await mailTo('ext-2@example.net')).toHaveLength(1);
  });

  it('says so when a link has expired or is not one', async () => {
    const a = await tenant();
    expect((await report(a, 'Expiring', ['late@example.net'])).statusCode).toBe(201);
    const link = await linkOf('late@example.net');
    await sql`update recipient_addresses set token_expires_at = now() - interval '1 minute'
      where address = 'late@example.net'`.execute(t.db);
    const expired = await decide(link, 'confirm');
    expect(expired.statusCode, expired.body).toBe(400);
    expect(expired.json()).toMatchObject({ error_codes: { token: [{ code: recipientMessages.expired }] } });
    const wrong = await decide({ ...link, token: 'not-the-token' }, 'confirm');
    expect(wrong.json()).toMatchObject({ error_codes: { token: [{ code: recipientMessages.invalid }] } });
    // Another organization's id with the right token finds nothing either.
    const otherOrg = await decide({ ...link, organization: link.organization + 1000 }, 'confirm');
    expect(otherOrg.json()).toMatchObject({ error_codes: { token: [{ code: recipientMessages.invalid }] } });
  });

  it('limits confirmation mails per address and per organization', async () => {
    const a = await tenant();
    const many = Array.from({ length: 6 }, (_, i) => `many-${i}@example.net`);
    expect((await report(a, 'Many', many)).statusCode).toBe(201);
    const sent = await t.db.selectFrom('outbox').select('to').where('to', 'in', many).execute();
    // RECIPIENT_CONFIRMATION_LIMIT is 4 here: the other two wait without a link.
    expect(sent).toHaveLength(4);
    const resend = async (address: string) =>
      call(t, 'POST', '/api/ph/recipient-confirmations/resend/', await tokenFor(t, a.admin), { address });
    const again = await resend('many-0@example.net');
    expect(again.statusCode, again.body).toBe(429);
    expect(Number(again.headers['retry-after'])).toBeGreaterThan(3000);
    // Past the hour the address may get a new link, but the organization's day is used up.
    t.clock.offsetMs += 3_700_000;
    const later = await resend('many-0@example.net');
    expect(later.statusCode).toBe(429);
    expect(Number(later.headers['retry-after'])).toBeGreaterThan(3600 * 20);
    // A member's address is never waiting.
    const member = await resend(a.member.email);
    expect(member.statusCode).toBe(400);
  });
});

describe('send now', () => {
  it('is limited per report and per organization, with 429 and Retry-After', async () => {
    const a = await tenant();
    const one = (await report(a, 'One', [a.admin.email])).json().data.id as number;
    const two = (await report(a, 'Two', [a.admin.email])).json().data.id as number;
    expect((await sendNow(a, one)).statusCode).toBe(200);
    expect((await sendNow(a, one)).statusCode).toBe(200);
    const third = await sendNow(a, one);
    expect(third.statusCode).toBe(429);
    const wait = Number(third.headers['retry-after']);
    expect(wait).toBeGreaterThan(3500);
    expect(wait).toBeLessThanOrEqual(3600);
    // The other report has its own count, until the organization's (3 an hour here) is used up.
    expect((await sendNow(a, two)).statusCode).toBe(200);
    expect((await sendNow(a, two)).statusCode).toBe(429);
    const mails = await t.db
      .selectFrom('outbox')
      .select(({ fn }) => fn.countAll<number>().as('n'))
      .where('to', '=', a.admin.email)
      .executeTakeFirstOrThrow();
    expect(Number(mails.n)).toBe(3);
    // An hour later the report can be sent again.
    t.clock.offsetMs += 3_601_000;
    expect((await sendNow(a, one)).statusCode).toBe(200);
  });
});
