import type { AppContext } from '../../../context';
import type { Db } from '../../../db/database';
import { appLink, queueTemplate } from '../../../mail/app-mail';

// Billing mails go to the organization's owner, in the owner's language (locales/<lang>/mail.json,
// billing*).
async function ownerOf(db: Db, organizationId: number) {
  return db
    .selectFrom('organizations')
    .innerJoin('users', 'users.id', 'organizations.owner_id')
    .select([
      'organizations.name as organization',
      'users.email',
      'users.name',
      'users.username',
      'users.language',
    ])
    .where('organizations.id', '=', organizationId)
    .executeTakeFirst();
}

export async function notifyPastDue(
  ctx: AppContext,
  db: Db,
  organizationId: number,
  plan: string,
  outbox: number[],
) {
  const owner = await ownerOf(db, organizationId);
  if (!owner) return;
  const to = { to: owner.email, organizationId };
  await queueTemplate(ctx, db, outbox, to, 'billingPaymentFailed', owner.language, {
    name: owner.name ?? owner.username,
    organization: owner.organization,
    plan,
    link: appLink(ctx, '/msas/settings/billing', {}),
  });
}

export async function notifyTrialEnding(
  ctx: AppContext,
  db: Db,
  organizationId: number,
  plan: string,
  ends: Date,
  outbox: number[],
) {
  const owner = await ownerOf(db, organizationId);
  if (!owner) return;
  const to = { to: owner.email, organizationId };
  await queueTemplate(ctx, db, outbox, to, 'billingTrialEnding', owner.language, {
    name: owner.name ?? owner.username,
    organization: owner.organization,
    plan,
    // Written out in the owner's language ("December 10, 2026", "10 de dezembro de 2026").
    date: ends,
    link: appLink(ctx, '/msas/settings/subscriptions', {}),
  });
}
