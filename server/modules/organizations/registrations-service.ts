import type { AppContext } from '../../context';
import type { Db } from '../../db/database';
import type { OrganizationRow } from '../../db/schema';
import { randomToken, sha256Hex } from '../../lib/crypto';
import { AppError, badRequest, fieldError, forbidden, notFound } from '../../lib/errors';
import { type Actor, canManageAdmins, canManageMembers } from '../../lib/permissions';
import { appLink, queueTemplate } from '../../mail/app-mail';
import { passwordProblems } from '../account';
import { hashPassword } from '../../lib/password';
import { dayWindowSeconds, firstLimitExceeded, recordFailure, spendAllowance } from '../auth';
import { findUserByUsername, insertUser } from '../shared/users-repo';
import { assertSeatAvailable } from './members-service';
import {
  acceptInvitation,
  activeAccountLanguage,
  activeMemberByEmail,
  findRegistration,
  insertInvitation,
  inviterOf,
  liveInvitation,
  pendingInvitation,
  renewInvitation,
} from './registrations-repo';
import { findOrganization } from './repo';
import { permittedOrganization } from './service';

export const invitationHours = 72;
export const invitationAccepted = 'Welcome! Your account is ready; you can log in now.';

type Registration = {
  id: number;
  organization_id: number;
  email: string;
  role: string;
  expires_at: Date;
  accepted_at: Date | null;
  sent_count: number;
};
export function registrationDocument(r: Registration) {
  return {
    data: {
      type: 'member_registrations' as const,
      id: r.id,
      attributes: {
        email: r.email,
        role: r.role,
        organization: r.organization_id,
        expires_at: new Date(r.expires_at).toISOString(),
        accepted_at: r.accepted_at ? new Date(r.accepted_at).toISOString() : null,
        sent_count: r.sent_count,
      },
    },
  };
}

type Language = 'en' | 'pt';

// Invitation mail is limited (docs/OPERATIONS.md "Mail budget": not nine mails in a row to one outside
// address): per invitation, INVITATION_RESEND_LIMIT re-sends a day; per organization,
// INVITATION_ORGANIZATION_LIMIT mails a day, new and re-sent together. Past either: 429 with Retry-After,
// nothing sent, nothing changed.
function invitationAllowance(ctx: AppContext, db: Db, organizationId: number, resentId?: number) {
  const limits = ctx.config.mailLimits;
  const day = dayWindowSeconds;
  return spendAllowance(
    db,
    [
      ...(resentId === undefined
        ? []
        : [{ key: `invitation-resend:${resentId}`, limit: limits.invitationResends, windowSeconds: day }]),
      { key: `invitations:${organizationId}`, limit: limits.invitationsPerOrganization, windowSeconds: day },
    ],
    ctx.now(),
  );
}

// The invitation's language (docs/PERMISSIONS.md): the chosen language, else the invitee's own (an existing
// account), else the organization's default (Dynamic Settings), else the inviter's.
async function invitationLanguage(
  db: Db,
  org: OrganizationRow,
  inviter: { language: Language | null } | undefined,
  email: string,
  chosen: Language | undefined,
): Promise<Language> {
  if (chosen) return chosen;
  const invitee = await activeAccountLanguage(db, email);
  if (invitee?.language) return invitee.language;
  const orgDefault = (org.settings as { default_language?: Language } | null)?.default_language;
  return orgDefault ?? inviter?.language ?? 'en';
}

async function mailInvitation(
  ctx: AppContext,
  db: Db,
  outbox: number[],
  org: OrganizationRow,
  actor: Actor,
  invitation: { id: number; email: string; token: string; language?: Language },
) {
  const inviter = await inviterOf(db, actor.id);
  const { id, email, token } = invitation;
  const language = await invitationLanguage(db, org, inviter, email, invitation.language);
  await queueTemplate(ctx, db, outbox, { to: email, organizationId: org.id }, 'invitation', language, {
    organization: org.name,
    inviter: inviter?.email || inviter?.username || 'msas',
    link: appLink(ctx, '/member-registration', { id, token }),
    hours: invitationHours,
  });
}

// POST /member-registrations/ {email, organization?, role?}: counts against the member limit while pending.
export async function invite(
  ctx: AppContext,
  db: Db,
  actor: Actor,
  body: { email: string; organization?: number; role: 'member' | 'admin'; language?: Language },
  outbox: number[],
) {
  const organizationId = body.organization ?? actor.organizationId;
  if (organizationId === null) throw forbidden();
  const org = await permittedOrganization(db, actor, organizationId, canManageMembers);
  if (body.role === 'admin' && !canManageAdmins(actor, org)) throw forbidden();
  const email = body.email.trim();
  const member = await activeMemberByEmail(db, org.id, email);
  if (member) throw fieldError('email', 'already_member');
  const pending = await pendingInvitation(db, org.id, email, ctx.now());
  if (pending) throw fieldError('email', 'already_invited');
  await assertSeatAvailable(ctx, db, org);
  const limited = await invitationAllowance(ctx, db, org.id);
  if (limited) return limited;
  const token = randomToken(32);
  const row = await insertInvitation(db, {
    organization_id: org.id,
    email,
    role: body.role,
    token_hash: sha256Hex(token),
    invited_by: actor.id,
    expires_at: new Date(ctx.now().getTime() + invitationHours * 3_600_000),
  });
  await mailInvitation(ctx, db, outbox, org, actor, { id: row.id, email, token, language: body.language });
  return registrationDocument(row);
}

// POST /member-registrations/{id}/resend-email/: a new token (the old link stops working) and a new expiry.
export async function resend(ctx: AppContext, db: Db, actor: Actor, id: number, outbox: number[]) {
  const row = await findRegistration(db, id);
  if (!row || row.accepted_at) throw notFound();
  const org = await permittedOrganization(db, actor, row.organization_id, canManageMembers).catch(
    (e: unknown) => {
      throw e instanceof AppError && e.status === 404 ? notFound() : e;
    },
  );
  const limited = await invitationAllowance(ctx, db, org.id, row.id);
  if (limited) return limited;
  const token = randomToken(32);
  const expiresAt = new Date(ctx.now().getTime() + invitationHours * 3_600_000);
  const updated = await renewInvitation(db, id, sha256Hex(token), expiresAt);
  await mailInvitation(ctx, db, outbox, org, actor, { id, email: row.email, token });
  return registrationDocument(updated);
}

// POST /member-registrations/confirm/ {token, username, password} (public): single use, expiring; creates the
// invitee's account in the organization.
export async function confirmInvitation(
  ctx: AppContext,
  db: Db,
  body: { token: string; username: string; password: string },
  ip: string,
) {
  const now = ctx.now();
  const key = `account-token:${ip}`;
  const limited = await firstLimitExceeded(db, [{ key, limit: ctx.config.loginRateLimitIp }], now);
  if (limited) return limited;
  const row = await liveInvitation(db, sha256Hex(body.token.trim()), now);
  const org = row ? await findOrganization(db, row.organization_id) : undefined;
  if (!row || !org) {
    await recordFailure(db, [key], now);
    return fieldError('token', 'token_invalid');
  }
  const problems = passwordProblems(body.password, { username: body.username, email: row.email });
  if (problems.length) return badRequest({ password: problems });
  // Counted like a bad token: a link holder cannot probe usernames without limit.
  if (await findUserByUsername(db, body.username)) {
    await recordFailure(db, [key], now);
    return fieldError('username', 'username_taken');
  }
  if (!(await acceptInvitation(db, row.id, now))) return fieldError('token', 'token_invalid');
  const user = await insertUser(db, {
    username: body.username,
    email: row.email,
    password_hash: await hashPassword(body.password),
    role: row.role,
    organization_id: org.id,
    alerts_email: null,
    totp_secret_enc: null,
    totp_last_step: null,
    stripe_customer_id: null,
  });
  return { detail: invitationAccepted, username: user.username, organization: org.id };
}
