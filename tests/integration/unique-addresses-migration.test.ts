import type { Kysely } from 'kysely';
import { down, up } from '../../server/db/migrations/0041_unique_addresses';
import { insertUser } from '../../server/modules/shared/users-repo';
import { openTestDatabase, type TestDatabase } from './support/db';

// Migration 0041 on a database that already holds what it forbids: addresses shared by several accounts are
// kept (all but the oldest marked shared_email), usernames that differ only in case stop it with their ids.
let database: TestDatabase;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database.close();
});

const raw = () => database.db as unknown as Kysely<unknown>;
const user = (username: string, email: string) =>
  database.db
    .insertInto('users')
    .values({
      username,
      email,
      password_hash: 'x',
      alerts_email: null,
      totp_secret_enc: null,
      totp_last_step: null,
      stripe_customer_id: null,
      organization_id: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();

describe('migration 0041_unique_addresses', () => {
  it('keeps accounts that shared an address and makes every new address unique', async () => {
    await down(raw());
    const first = await user('shared-one', 'Shared@Example.com');
    const second = await user('shared-two', 'shared@example.com');
    const deletedA = await user('deleted-a', '');
    const deletedB = await user('deleted-b', '');
    await up(raw());
    const rows = await database.db
      .selectFrom('users')
      .select(['id', 'shared_email'])
      .where('id', 'in', [first.id, second.id, deletedA.id, deletedB.id])
      .orderBy('id')
      .execute();
    expect(rows.map((r) => r.shared_email)).toEqual([false, true, false, false]);
    await expect(
      insertUser(database.db, {
        username: 'shared-three',
        email: 'SHARED@example.com',
        password_hash: 'x',
        alerts_email: null,
        totp_secret_enc: null,
        totp_last_step: null,
        stripe_customer_id: null,
        organization_id: null,
      }),
    ).rejects.toMatchObject({
      status: 400,
      body: { email: ['A user with that e-mail address already exists.'] },
    });
  });

  it('stops on usernames that differ only in case and names them', async () => {
    await down(raw());
    const a = await user('Twin@example.com', 'twin-a@example.com');
    const b = await user('twin@example.com', 'twin-b@example.com');
    await expect(up(raw())).rejects.toThrow(
      `these usernames differ only in case, so logging in with them is ambiguous: twin@example.com (user ids ${a.id}, ${b.id})`,
    );
    await database.db.deleteFrom('users').where('id', '=', b.id).execute();
    await up(raw());
  });
});
