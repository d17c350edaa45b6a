import { startTestApp, type TestApp } from './support/app';
import { call, seedTenant } from './support/orgs';

// Invitation mail is limited, so an organization cannot mail one outside address over and over:
// INVITATION_RESEND_LIMIT re-sends per invitation and INVITATION_ORGANIZATION_LIMIT invitation mails per
// organization, each per 24 hours; past either, 429 with Retry-After and nothing sent or stored.

let t: TestApp;
let a: Awaited<ReturnType<typeof seedTenant>>;

beforeAll(async () => {
  t = await startTestApp({ env: { INVITATION_RESEND_LIMIT: '2', INVITATION_ORGANIZATION_LIMIT: '4' } });
  a = await seedTenant(t, 'Inviting', 'inviting.example.com');
}, 120_000);
afterAll(() => t.close());

const mailsTo = async (to: string) =>
  (await t.db.selectFrom('outbox').select('id').where('to', '=', to).execute()).length;
const invite = (email: string) => call(t, 'POST', '/api/ph/member-registrations/', a.tokens.admin, { email });
const resend = (id: number) =>
  call(t, 'POST', `/api/ph/member-registrations/${id}/resend-email/`, a.tokens.admin);

describe('invitation limits', () => {
  it('limits the re-sends of one invitation and the invitations of the organization', async () => {
    const first = await invite('far@example.net');
    expect(first.statusCode).toBe(201);
    const id = first.json().data.id as number;
    expect((await resend(id)).statusCode).toBe(200);
    expect((await resend(id)).statusCode).toBe(200);
    const third = await resend(id);
    expect(third.statusCode).toBe(429);
    expect(Number(third.headers['retry-after'])).toBeGreaterThan(23 * 3600);
    expect(await mailsTo('far@example.net')).toBe(3);
    // The refused re-send changed nothing: the invitation still counts its three mails.
    const row = await t.db
      .selectFrom('member_registrations')
      .select('sent_count')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.sent_count).toBe(3);

    // Three mails so far; the organization's fourth is the last one today.
    expect((await invite('near@example.net')).statusCode).toBe(201);
    const over = await invite('other@example.net');
    expect(over.statusCode).toBe(429);
    expect(await mailsTo('other@example.net')).toBe(0);
    const stored = await t.db
      .selectFrom('member_registrations')
      .select('id')
      .where('email', '=', 'other@example.net')
      .execute();
    expect(stored).toHaveLength(0);
  });
});
