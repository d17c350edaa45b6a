import type { AppContext } from '../../../context';
import type { Db } from '../../../db/database';
import { hmacHex, safeEqual } from '../../../lib/crypto';
import { unsubscribeRoutes } from '../../shared/unsubscribe-routes';
import { lockRuleAddresses, setRuleAddresses } from '../repo';

// The unsubscribe link of an alert e-mail: the rule, its organization and the recipient, signed with the
// instance's key (HMAC-SHA256), so the link works without signing in and names nobody else's rule. Its
// query is never logged (docs/ALERTS.md): the token only removes one address from one rule. GET shows a page
// that asks, POST removes (server/modules/shared/unsubscribe-routes.ts).

type Claim = { o: number; r: number; e: string };
const invalid = 'unsubscribe_link_invalid';
const mac = (key: Buffer, payload: string) => hmacHex(key, `alert-unsubscribe\u0000${payload}`);

export function unsubscribeToken(key: Buffer, organizationId: number, ruleId: number, email: string): string {
  const payload = Buffer.from(JSON.stringify({ o: organizationId, r: ruleId, e: email })).toString(
    'base64url',
  );
  return `${payload}.${mac(key, payload)}`;
}

function readToken(key: Buffer, token: string): Claim | null {
  const [payload, signature] = token.split('.');
  if (!payload || !signature || !safeEqual(signature, mac(key, payload))) return null;
  try {
    const c = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Claim;
    return Number.isSafeInteger(c.o) && Number.isSafeInteger(c.r) && typeof c.e === 'string' ? c : null;
  } catch {
    return null;
  }
}

/** Removes the token's address from its rule (a deleted rule sends nothing any more: the same answer). */
async function removeAddress(trx: Db, claim: Claim) {
  const addresses = await lockRuleAddresses(trx, claim.o, claim.r);
  if (!addresses) return;
  await setRuleAddresses(
    trx,
    claim.o,
    claim.r,
    addresses.filter((a) => a !== claim.e),
  );
}

/** GET /alerts/unsubscribe/ (the confirmation page) and POST (the page's button, RFC 8058 one-click). */
export function alertUnsubscribeRoutes(ctx: AppContext) {
  return unsubscribeRoutes(ctx, {
    path: '/alerts/unsubscribe/',
    tag: 'alerts',
    what: 'alert',
    auditName: 'alerts.unsubscribe',
    read: (token) => readToken(ctx.config.encryptionKey, token),
    apply: removeAddress,
    invalid,
    done: 'You will no longer receive e-mails from this alert rule.',
  });
}
