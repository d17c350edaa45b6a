import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import type { Db } from '../../db/database';
import { type ErrorCode, fieldError } from '../../lib/errors';
import escapeHtml from 'escape-html';
import { serverT } from '../../lib/i18n';
import { errorResponses } from '../../lib/schemas';
import { withAudit } from './with-audit';
import {
  unsubscribeBody,
  unsubscribeDocument,
  unsubscribePage,
  unsubscribeQuery,
} from '../../../contract/unsubscribe';
import type { AuditOperationName } from '../../../contract/audit';

// The link at the foot of an alert or digest e-mail (no sign-in: the signed token is the proof). GET answers
// a small page with a button, because mail scanners open links and must not unsubscribe anyone; the button,
// or a mail client's one-click unsubscribe (RFC 8058 section 3.1: a POST of "List-Unsubscribe=One-Click"
// to the List-Unsubscribe URL), removes the address. Tokens are never logged: the request log drops
// ?token= values and the audit log redacts `token` fields.

export type UnsubscribeTarget<Claim> = {
  path: string;
  tag: string;
  /** What is unsubscribed from, in the page's question: locales/<lang>/unsubscribePage.json what.<key>. */
  what: 'digest' | 'alert';
  auditName: AuditOperationName;
  read: (token: string) => Claim | null;
  apply: (trx: Db, claim: Claim) => Promise<unknown>;
  invalid: ErrorCode;
  done: string;
};

// The link names no reader, so the page asks in both languages at once.
function page(action: string, token: string, what: UnsubscribeTarget<unknown>['what']) {
  const both = (key: string) =>
    (['en', 'pt'] as const)
      .map((lang) => {
        const t = serverT(lang, 'unsubscribePage');
        return escapeHtml(t(key, { what: t(`what.${what}`) }));
      })
      .join(' / ');
  return (
    '<!doctype html><html><head><meta charset="utf-8"><meta name="referrer" content="no-referrer">' +
    `<meta name="viewport" content="width=device-width"><title>${both('title')}</title></head>` +
    `<body style="font-family:Arial,sans-serif;margin:2rem;"><form method="post" action="${escapeHtml(action)}">` +
    `<input type="hidden" name="token" value="${escapeHtml(token)}">` +
    `<p>${both('question')}</p>` +
    `<button type="submit">${both('button')}</button></form></body></html>`
  );
}

export function unsubscribeRoutes<Claim>(
  ctx: AppContext,
  target: UnsubscribeTarget<Claim>,
): FastifyPluginAsyncZod {
  const invalid = () => fieldError('token', target.invalid);
  return async (app) => {
    app.get(
      target.path,
      {
        schema: {
          tags: [target.tag],
          summary: 'The unsubscribe link of an e-mail: a page that confirms with a POST',
          querystring: unsubscribeQuery,
          response: { 200: unsubscribePage, ...errorResponses(400) },
        },
      },
      async (request, reply) => {
        const token = request.query.token ?? '';
        if (!target.read(token)) throw invalid();
        return reply
          .type('text/html; charset=utf-8')
          .header('cache-control', 'no-store')
          .send(page(`/api/dm${target.path}`, token, target.what));
      },
    );

    app.post(
      target.path,
      {
        schema: {
          tags: [target.tag],
          summary: 'Remove the address of a signed unsubscribe token (RFC 8058 one-click too)',
          querystring: unsubscribeQuery,
          body: unsubscribeBody,
          response: { 200: unsubscribeDocument, ...errorResponses(400) },
        },
      },
      // Audited like every change, a refused token too; the audit row keeps the path, never the token.
      (request) =>
        withAudit(ctx, request, target.auditName, async (trx) => {
          const claim = target.read(request.body?.token ?? request.query.token ?? '');
          if (!claim) throw invalid();
          await target.apply(trx, claim);
          return { detail: target.done };
        }),
    );
  };
}
