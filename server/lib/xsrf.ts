import type { FastifyInstance } from 'fastify';
import { randomToken } from './crypto';

// The SPA's HTTP layer copies cookie XSRF-TOKEN into header X-XSRF-TOKEN (spec section 7), so GET responses
// issue the cookie. It is not enforced: the API authenticates with a bearer token from localStorage, which a
// cross-site form cannot attach, so the cookie adds nothing against CSRF; it is kept for compatibility and
// becomes the check if cookie-based sessions are ever added.
export const xsrfCookie = 'XSRF-TOKEN';

export function registerXsrfCookie(app: FastifyInstance, secure: boolean): void {
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.method === 'GET' && !request.cookies[xsrfCookie] && reply.statusCode < 400) {
      reply.setCookie(xsrfCookie, randomToken(24), { path: '/', sameSite: 'lax', secure, httpOnly: false });
    }
    return payload;
  });
}
