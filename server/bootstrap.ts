import { defaultOrganizationName } from '../contract/organizations';
import type { Config } from './config';
import type { Db } from './db/database';
import { randomReadable } from './lib/crypto';
import { insertAuditOperation } from './modules/shared/audit-repo';
import { createAccount } from './modules/users';
import { countUsers } from './modules/shared/users-repo';

export { defaultOrganizationName };

export type BootstrapResult =
  { created: false } | { created: true; email: string; generatedPassword: boolean };

export function passwordBox(email: string, password: string): string {
  const line = `msas: created owner ${email} with password ${password} (shown once)`;
  const bar = '─'.repeat(line.length + 2);
  return [`┌${bar}┐`, `│ ${line} │`, `└${bar}┘`].join('\n');
}

// First start: with no user at all, create "Default organization" and its owner. The password comes from
// MSAS_ADMIN_PASSWORD, or is generated and printed once; it is never stored or logged anywhere else.
export async function bootstrap(
  db: Db,
  config: Pick<Config, 'adminEmail' | 'adminPassword'>,
  print: (text: string) => void,
): Promise<BootstrapResult> {
  const generated = config.adminPassword ? undefined : randomReadable(16);
  const password = config.adminPassword ?? generated!;
  const created = await db.transaction().execute(async (trx) => {
    if ((await countUsers(trx)) > 0) return null;
    const owner = await createAccount(trx, {
      email: config.adminEmail,
      password,
      role: 'owner',
      organizationName: defaultOrganizationName,
    });
    await insertAuditOperation(trx, {
      name: 'bootstrap.owner.create',
      user_id: owner.id,
      organization_id: owner.organization_id,
      request: { email: owner.email, password_from: generated ? 'generated' : 'MSAS_ADMIN_PASSWORD' },
      response_status: 201,
    });
    return owner;
  });
  if (!created) return { created: false };
  if (generated) print(passwordBox(created.email, generated));
  else print(`msas: created owner ${created.email} with the password from MSAS_ADMIN_PASSWORD`);
  return { created: true, email: created.email, generatedPassword: Boolean(generated) };
}
