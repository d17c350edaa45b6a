import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import escapeHtml from 'escape-html';
import type { AppContext } from '../../../context';
import type { Language } from '../../../db/schema';
import type { MailAction } from './mail-blocks';
import { hmacHex, safeEqual } from '../../../lib/crypto';
import { fieldError } from '../../../lib/errors';
import { serverT } from '../../../lib/i18n';
import { errorResponses } from '../../../lib/schemas';
import { withAudit } from '../../shared/with-audit';
import { detailDocument } from '../../../../contract/alerts';
import {
  firingActionBody,
  firingActionPage,
  firingActionQuery,
  snoozeDurations,
  type SnoozeDuration,
} from '../../../../contract/alert-firings';
import { findRule } from '../repo';
import { actOnFiring, snoozeMs } from './acknowledge';

// The acknowledge and snooze links of an alert e-mail, like its unsubscribe link (./unsubscribe.ts): the
// organization, rule, firing, action and recipient signed with the instance's key (HMAC-SHA256, its own
// purpose string), so they work without signing in and act on one firing of one rule only. GET answers a
// page with a button, because mail scanners open links and must not act; POST acts. The request log drops
// ?token= values and the audit log redacts `token` fields: the token is never logged.

export type LinkAction = 'ack' | SnoozeDuration;
const linkActions: readonly LinkAction[] = ['ack', ...snoozeDurations];
type Claim = { o: number; r: number; f: number; a: LinkAction; e: string; l: Language; x: number };
/** A link acts for 30 days after its mail: an incident older than that is not one to snooze. */
const lifetimeSeconds = 30 * 86_400;
const mac = (key: Buffer, payload: string) => hmacHex(key, `alert-firing-action\u0000${payload}`);
const path = '/alerts/firing-action/';

export function firingActionToken(key: Buffer, claim: Omit<Claim, 'x'>, now: Date): string {
  const full: Claim = { ...claim, x: Math.floor(now.getTime() / 1000) + lifetimeSeconds };
  const payload = Buffer.from(JSON.stringify(full)).toString('base64url');
  return `${payload}.${mac(key, payload)}`;
}

export function readFiringActionToken(key: Buffer, token: string, now: Date): Claim | null {
  const [payload, signature] = token.split('.');
  if (!payload || !signature || !safeEqual(signature, mac(key, payload))) return null;
  try {
    const c = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Claim;
    const ok =
      [c.o, c.r, c.f, c.x].every(Number.isSafeInteger) &&
      linkActions.includes(c.a) &&
      typeof c.e === 'string' &&
      (c.l === 'en' || c.l === 'pt') &&
      c.x * 1000 > now.getTime();
    return ok ? c : null;
  } catch {
    return null;
  }
}

/** The links an alert e-mail shows under a firing: acknowledge, snooze 1 hour, 1 day, 1 week. */
export function firingActions(
  key: Buffer,
  publicUrl: string,
  claim: { o: number; r: number; f: number; e: string; l: Language },
  now: Date,
): MailAction[] {
  const t = serverT(claim.l, 'alertMail');
  const base = `${publicUrl.replace(/\/$/, '')}/api/dm${path}`;
  return linkActions.map((a) => ({
    label: t(`actions.${a}`),
    url: `${base}?token=${firingActionToken(key, { ...claim, a }, now)}`,
  }));
}

function page(token: string, claim: Claim) {
  const t = serverT(claim.l, 'alertMail');
  return (
    `<!doctype html><html lang="${claim.l}"><head><meta charset="utf-8">` +
    '<meta name="referrer" content="no-referrer"><meta name="viewport" content="width=device-width">' +
    `<title>${escapeHtml(t('actionPage.title'))}</title></head>` +
    `<body style="font-family:Arial,sans-serif;margin:2rem;"><form method="post" action="/api/dm${path}">` +
    `<input type="hidden" name="token" value="${escapeHtml(token)}">` +
    `<p>${escapeHtml(t(`actionPage.question.${claim.a}`))}</p>` +
    `<button type="submit">${escapeHtml(t(`actions.${claim.a}`))}</button></form></body></html>`
  );
}

/** GET /alerts/firing-action/ (the confirmation page) and POST (its button: acknowledge or snooze). */
export function firingActionRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const read = (token: string | undefined) =>
    readFiringActionToken(ctx.config.encryptionKey, token ?? '', ctx.now());
  const invalid = () => fieldError('token', 'link_invalid');
  return async (app) => {
    app.get(
      path,
      {
        schema: {
          tags: ['alerts'],
          summary: "An alert e-mail's acknowledge or snooze link: a page that confirms with a POST",
          querystring: firingActionQuery,
          response: { 200: firingActionPage, ...errorResponses(400) },
        },
      },
      async (request, reply) => {
        const claim = read(request.query.token);
        if (!claim) throw invalid();
        return reply
          .type('text/html; charset=utf-8')
          .header('cache-control', 'no-store')
          .send(page(request.query.token!, claim));
      },
    );

    app.post(
      path,
      {
        schema: {
          tags: ['alerts'],
          summary: "Acknowledge or snooze the signed link's firing",
          querystring: firingActionQuery,
          body: firingActionBody,
          response: { 200: detailDocument, ...errorResponses(400, 404) },
        },
      },
      (request) => {
        const claim = read(request.body?.token ?? request.query.token);
        const name = claim && claim.a !== 'ack' ? 'alerts.firing.snooze' : 'alerts.firing.acknowledge';
        // Audited like every change, a refused token too; the audit row keeps the path, never the token.
        return withAudit(ctx, request, name, async (trx, scope) => {
          if (!claim) throw invalid();
          scope.organizationId = claim.o;
          const rule = await findRule(trx, claim.r, claim.o);
          // The address must still be a destination of the rule: an old mail's link acts no more once removed.
          if (!rule?.destination_addresses.includes(claim.e)) throw invalid();
          await actOnFiring(
            trx,
            rule,
            claim.f,
            claim.a === 'ack'
              ? { kind: 'acknowledge', by: claim.e, at: ctx.now() }
              : { kind: 'snooze', until: new Date(ctx.now().getTime() + snoozeMs[claim.a]) },
          );
          const t = serverT(claim.l, 'alertMail');
          return { detail: t(claim.a === 'ack' ? 'actionPage.done.ack' : 'actionPage.done.snooze') };
        });
      },
    );
  };
}
