import type { AppContext } from '../../context';
import { badRequest } from '../../lib/errors';
import { hmacHex, safeEqual } from '../../lib/crypto';

// The unsubscribe link of an alert e-mail: the rule, its organization and the recipient, signed with the
// instance's key (HMAC-SHA256), so the link works without signing in and names nobody else's rule. Its
// query is never logged (docs/ALERTS.md): the token only removes one address from one rule.

type Claim = { o: number; r: number; e: string };
const invalid = 'This unsubscribe link is not valid.';
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

export async function unsubscribe(ctx: AppContext, token: string) {
  const claim = readToken(ctx.config.encryptionKey, token);
  if (!claim) throw badRequest({ token: [invalid] });
  await ctx.db.transaction().execute(async (trx) => {
    const rule = await trx
      .selectFrom('alert_rules')
      .select(['destination_addresses'])
      .where('organization_id', '=', claim.o)
      .where('id', '=', claim.r)
      .forUpdate()
      .executeTakeFirst();
    if (!rule) return;
    const left = rule.destination_addresses.filter((a) => a !== claim.e);
    await trx
      .updateTable('alert_rules')
      .set({ destination_addresses: JSON.stringify(left), updated_at: new Date() })
      .where('organization_id', '=', claim.o)
      .where('id', '=', claim.r)
      .execute();
  });
  return { detail: 'You will no longer receive e-mails from this alert rule.' };
}
