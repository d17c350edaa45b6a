import type { AppContext } from '../../context';
import type { Db } from '../../db/database';
import { randomToken, sha256Hex } from '../../lib/crypto';
import { type AppError, type ErrorCode, fieldError, forbidden, tooManyAttempts } from '../../lib/errors';
import { type Actor, isSupport } from '../../lib/permissions';
import { appLink, queueTemplate } from '../../mail/app-mail';
import { confirmationSent, recipientMessages, type RecipientStateName } from '../../../contract/recipients';
import { dayWindowSeconds, firstLimitExceeded, recordFailure, spendAllowance } from '../auth';
import {
  decide,
  findByToken,
  findWaiting,
  insertWaiting,
  mailablePairs,
  memberAddresses,
  organizationName,
  setToken,
  storedStates,
} from './repo';

// The confirmation rule (docs/DIGESTS.md "Who gets the mail"): the console mails an address only when it is
// the account address of an active member of the organization, or when its owner confirmed it from the link
// mailed to it. Until then the address is waiting and gets that one mail and nothing else; a declined one
// gets nothing, ever.

export const confirmationHours = 7 * 24;
/** One address gets at most one link per hour from an organization, and three a day from all of them. */
const perAddressSeconds = 3600;
const perAddressDaily = 3;

const normal = (addresses: string[]) => [...new Set(addresses.map((a) => a.trim().toLowerCase()))];

/** Each address with its state, in the order given. */
export async function destinationStates(
  db: Db,
  organizationId: number,
  addresses: string[],
): Promise<{ address: string; state: RecipientStateName }[]> {
  const wanted = normal(addresses);
  const members = await memberAddresses(db, organizationId, wanted);
  const stored = await storedStates(db, organizationId, wanted);
  return addresses.map((address) => {
    const a = address.trim().toLowerCase();
    return { address, state: members.has(a) ? 'member' : (stored.get(a) ?? 'waiting') };
  });
}

/** The addresses of these the organization may mail now (lowercased). */
export async function mailableAddresses(db: Db, organizationId: number, addresses: string[]) {
  const keys = await mailablePairs(
    db,
    normal(addresses).map((a) => ({ o: organizationId, a })),
  );
  return new Set([...keys].map((k) => k.slice(k.indexOf(' ') + 1)));
}

/** The same for many organizations at once: `organization address` keys. */
export async function mailableByOrganization(db: Db, pairs: { organizationId: number; address: string }[]) {
  return mailablePairs(
    db,
    pairs.map((p) => ({ o: p.organizationId, a: p.address.trim().toLowerCase() })),
  );
}

/**
 * Mails a new link to a waiting address, within the limits: per address (one an hour from this
 * organization, three a day from all) and per organization (RECIPIENT_CONFIRMATION_LIMIT a day). Returns the
 * 429 of the limit reached, or null when the mail was queued.
 */
async function mailLink(
  ctx: AppContext,
  db: Db,
  outbox: number[],
  organizationId: number,
  address: string,
  language: string,
  lastSent: Date | null,
): Promise<AppError | null> {
  const now = ctx.now();
  if (lastSent && now.getTime() - new Date(lastSent).getTime() < perAddressSeconds * 1000) {
    const wait = (new Date(lastSent).getTime() + perAddressSeconds * 1000 - now.getTime()) / 1000;
    return tooManyAttempts(wait);
  }
  const limited = await spendAllowance(
    db,
    [
      { key: `recipient-link:${address}`, limit: perAddressDaily, windowSeconds: dayWindowSeconds },
      {
        key: `recipient-links:${organizationId}`,
        limit: ctx.config.mailLimits.confirmationsPerOrganization,
        windowSeconds: dayWindowSeconds,
      },
    ],
    now,
  );
  if (limited) return limited;
  const token = randomToken(32);
  await setToken(
    db,
    organizationId,
    address,
    sha256Hex(token),
    new Date(now.getTime() + confirmationHours * 3_600_000),
    now,
  );
  // The token rides in the fragment: it never reaches a server log, and a scanner's GET spends nothing.
  const link = `${appLink(ctx, '/recipient-confirmation', {})}#${new URLSearchParams({
    organization: String(organizationId),
    token,
  }).toString()}`;
  await queueTemplate(ctx, db, outbox, address, 'recipientConfirm', language, {
    organization: await organizationName(db, organizationId),
    email: address,
    link,
    hours: confirmationHours,
  });
  return null;
}

/**
 * Called when a report or a rule is saved: each outside address not seen before is stored as waiting and
 * gets one link (unless a limit is reached: then it waits without one, and can be re-sent later).
 */
export async function askConfirmations(
  ctx: AppContext,
  db: Db,
  outbox: number[],
  organizationId: number,
  addresses: string[],
  language: string,
): Promise<void> {
  const wanted = normal(addresses);
  const members = await memberAddresses(db, organizationId, wanted);
  for (const address of wanted) {
    if (members.has(address)) continue;
    if (!(await insertWaiting(db, organizationId, address))) continue;
    await mailLink(ctx, db, outbox, organizationId, address, language, null);
  }
}

/** POST /recipient-confirmations/resend/: a new link for a waiting address of the caller's organization. */
export async function resendConfirmation(
  ctx: AppContext,
  db: Db,
  outbox: number[],
  actor: Actor,
  body: { address: string },
  language: string,
) {
  if (isSupport(actor) || actor.organizationId === null) throw forbidden();
  const address = body.address.trim().toLowerCase();
  const row = await findWaiting(db, actor.organizationId, address);
  if (!row) throw fieldError('address', recipientMessages.notWaiting);
  const limited = await mailLink(
    ctx,
    db,
    outbox,
    actor.organizationId,
    address,
    language,
    row.confirmation_sent_at,
  );
  return limited ?? { detail: confirmationSent };
}

// Under the token field, each case in its own words: the page says which one it is.
const linkError = (message: ErrorCode) => fieldError('token', message);

/** POST /recipient-confirmations/ (public): the owner confirms or declines, once, before the link expires. */
export async function decideRecipient(
  ctx: AppContext,
  db: Db,
  body: { organization: number; token: string; decision: 'confirm' | 'decline' },
  ip: string,
) {
  const now = ctx.now();
  const key = `account-token:${ip}`;
  const limited = await firstLimitExceeded(db, [{ key, limit: ctx.config.loginRateLimitIp }], now);
  if (limited) return limited;
  const row = await findByToken(db, body.organization, sha256Hex(body.token));
  if (!row) {
    await recordFailure(db, [key], now);
    return linkError(recipientMessages.invalid);
  }
  if (row.state !== 'waiting') return linkError(recipientMessages.used);
  if (!row.token_expires_at || new Date(row.token_expires_at) <= now)
    return linkError(recipientMessages.expired);
  const state = body.decision === 'confirm' ? 'confirmed' : 'declined';
  if (!(await decide(db, row.organization_id, row.address, state, now)))
    return linkError(recipientMessages.used);
  return {
    address: row.address,
    organization_name: await organizationName(db, row.organization_id),
    state,
  } as const;
}
