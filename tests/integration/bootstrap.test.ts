import { bootstrap, defaultOrganizationName } from '../../server/bootstrap';
import { openTestDatabase, type TestDatabase } from './support/db';
import { login, startTestApp } from './support/app';

describe('first-start bootstrap', () => {
  let database: TestDatabase;
  beforeEach(async () => {
    database = await openTestDatabase();
  });
  afterEach(async () => {
    await database.close();
  });

  it('creates the default organization and an owner with a generated password shown once', async () => {
    const printed: string[] = [];
    const result = await bootstrap(
      database.db,
      { adminEmail: 'admin@localhost', adminPassword: undefined },
      (l) => printed.push(l),
    );
    expect(result).toEqual({ created: true, email: 'admin@localhost', generatedPassword: true });
    expect(printed).toHaveLength(1);
    const match = /msas: created owner admin@localhost with password (\S+) \(shown once\)/.exec(printed[0]!);
    expect(match).not.toBeNull();
    expect(printed[0]).toMatch(/^┌─+┐\n│ msas: created owner/);
    const password = match![1]!;
    expect(password.length).toBeGreaterThanOrEqual(16);

    const owner = await database.db
      .selectFrom('users')
      .innerJoin('organizations', 'organizations.id', 'users.organization_id')
      .select(['users.username', 'users.role', 'users.password_hash', 'organizations.name'])
      .executeTakeFirstOrThrow();
    expect(owner).toMatchObject({
      username: 'admin@localhost',
      role: 'owner',
      name: defaultOrganizationName,
    });
    expect(owner.password_hash).toMatch(/^\$argon2id\$/);
    expect(owner.password_hash).not.toContain(password);

    // The printed password logs in.
    const t = await startTestApp({ database });
    try {
      expect((await login(t.app, { username: 'admin@localhost', password })).statusCode).toBe(200);
      expect(t.logs.join('')).not.toContain(password);
    } finally {
      await t.close();
    }

    // A second start does nothing and prints nothing.
    const again: string[] = [];
    expect(
      await bootstrap(database.db, { adminEmail: 'admin@localhost', adminPassword: undefined }, (l) =>
        again.push(l),
      ),
    ).toEqual({
      created: false,
    });
    expect(again).toEqual([]);
  });

  it('uses MSAS_ADMIN_EMAIL and MSAS_ADMIN_PASSWORD and never prints the password', async () => {
    const printed: string[] = [];
    await bootstrap(database.db, { adminEmail: 'boss@example.com', adminPassword: 'from-the-env-123' }, (l) =>
      printed.push(l),
    );
    expect(printed.join('\n')).not.toContain('from-the-env-123');
    expect(printed.join('\n')).toContain('boss@example.com');
    const audit = await database.db.selectFrom('audit_operations').select(['name', 'request']).execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]?.name).toBe('bootstrap.owner.create');
    expect(JSON.stringify(audit[0]?.request)).not.toContain('from-the-env-123');
    const t = await startTestApp({ database });
    try {
      expect(
        (await login(t.app, { username: 'boss@example.com', password: 'from-the-env-123' })).statusCode,
      ).toBe(200);
    } finally {
      await t.close();
    }
  });
});
