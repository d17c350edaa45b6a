import type { Db } from '../db/database';
import { roles, type Role } from '../db/schema';
import { randomReadable } from '../lib/crypto';
import { AppError } from '../lib/errors';
import { defaultOrganizationName } from '../bootstrap';
import { createAccount } from '../modules/users/accounts';
import { findUserByUsername } from '../modules/shared/users-repo';
import { findOrganizationByName } from '../modules/shared/organization-rows';
import { insertAuditOperation } from '../modules/shared/audit-repo';
import { addDemoDomains, ingestDemoReports, storeDemoChecks } from '../modules/demo';
import { UsageError } from './errors';

export type CreateUserArgs = { email?: string; password?: string; role?: string; organization?: string };

// msas create-user: prints the password when it was generated.
export async function createUserCommand(
  db: Db,
  args: CreateUserArgs,
  print: (line: string) => void,
): Promise<void> {
  if (!args.email || !/^[^\s@]+@[^\s@]+$/.test(args.email))
    throw new UsageError('--email is required (an email address)');
  const role = (args.role ?? 'member') as Role;
  if (!roles.includes(role)) throw new UsageError(`--role must be one of ${roles.join(', ')}`);
  if (args.password !== undefined && args.password.length < 8)
    throw new UsageError('--password needs at least 8 characters');
  const password = args.password ?? randomReadable(16);
  const organizationName = args.organization ?? (role === 'support' ? undefined : defaultOrganizationName);
  try {
    const user = await db.transaction().execute(async (trx) => {
      const created = await createAccount(trx, { email: args.email!, password, role, organizationName });
      await insertAuditOperation(trx, {
        name: 'cli.users.create',
        user_id: created.id,
        organization_id: created.organization_id,
        request: { email: created.email, role, organization: organizationName ?? null },
        response_status: 201,
      });
      return created;
    });
    const where = organizationName ? ` in "${organizationName}"` : '';
    print(
      `msas: created ${role} ${user.email}${where}` +
        (args.password ? '' : ` with password ${password} (shown once)`),
    );
  } catch (error) {
    if (error instanceof AppError)
      throw new UsageError(`user ${args.email} already exists`, { cause: error });
    throw error;
  }
}

export const demoOrganizationName = 'Demo';
export const demoUsers: { email: string; role: Role }[] = [
  { email: 'demo-owner@example.com', role: 'owner' },
  { email: 'demo-admin@example.com', role: 'admin' },
  { email: 'demo-member@example.com', role: 'member' },
];

// msas seed --demo: the "Demo" organization with three users sharing one printed password, a publication,
// and its demo data (modules/demo: a dozen domains, groups, 30 days of reports). Idempotent: users that
// exist are left alone (their password is not changed), and data goes only into an organization without any.
export async function seedDemo(
  db: Db,
  print: (line: string) => void,
  password = randomReadable(16),
  now = new Date(),
  days = 30,
): Promise<number> {
  const created = await db.transaction().execute(async (trx) => {
    const made: string[] = [];
    for (const user of demoUsers) {
      if (await findUserByUsername(trx, user.email)) continue;
      await createAccount(trx, { ...user, password, organizationName: demoOrganizationName });
      made.push(user.email);
    }
    const organization = await findOrganizationByName(trx, demoOrganizationName);
    if (made.length > 0 && organization) {
      await trx
        .insertInto('publications')
        .values({
          organization_id: organization.id,
          title: 'Welcome to msas',
          body: 'Demo data for a first look.',
        })
        .execute();
      await insertAuditOperation(trx, {
        name: 'cli.seed.demo',
        user_id: null,
        organization_id: organization.id,
        request: { users: made },
        response_status: 201,
      });
    }
    return made;
  });
  if (created.length > 0)
    print(`msas: created demo users ${created.join(', ')} with password ${password} (shown once)`);
  const organization = await findOrganizationByName(db, demoOrganizationName);
  const owner = organization && (await findUserByUsername(db, demoUsers[0].email));
  const added = organization
    ? await db.transaction().execute(async (trx) => {
        const result = await addDemoDomains(trx, organization.id, owner?.id ?? null);
        if (!(result instanceof AppError))
          await insertAuditOperation(trx, {
            name: 'cli.seed.demo.data',
            user_id: null,
            organization_id: organization.id,
            request: result,
            response_status: 201,
          });
        return result;
      })
    : null;
  if (!organization || !added || added instanceof AppError) {
    if (created.length === 0) print('msas: the demo organization already exists; nothing to do');
    return created.length;
  }
  const started = Date.now();
  const stored = await ingestDemoReports(db, organization.id, now, days);
  await storeDemoChecks(db, organization.id, () => now);
  print(
    `msas: demo organization "${demoOrganizationName}": ${added.domains} domains in ${added.groups} groups, ` +
      `${stored.reports} reports (${stored.records} records) of the last ${days} days and their checks, in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
  return created.length;
}
