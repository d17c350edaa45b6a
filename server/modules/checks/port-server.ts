import http from 'node:http';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';

// CHECKS_PORT: the public /checks endpoints on a port of their own, standing in for the spec's separate
// host. A small HTTP server hands every /checks request to the main app (same routes, limits, cache and
// client-IP rules); anything else is 404 there. It starts when the main app listens and stops with it.

const MAX_BODY = 64 * 1024;

export function registerChecksPort(app: FastifyInstance, ctx: AppContext): void {
  const port = ctx.config.checksPort;
  if (!port) return;
  const server = http.createServer((req, res) => {
    const url = req.url ?? '/';
    if (!/^\/checks(\/|\?|$)/.test(url)) {
      res
        .writeHead(404, { 'content-type': 'application/json; charset=utf-8' })
        .end('{"detail":"Not found."}');
      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (c: Buffer) => {
      size += c.length;
      if (size > MAX_BODY) req.destroy();
      else chunks.push(c);
    });
    req.on('end', () => {
      app
        .inject({
          method: (req.method ?? 'GET') as 'GET',
          url,
          headers: req.headers,
          remoteAddress: req.socket.remoteAddress,
          payload: chunks.length ? Buffer.concat(chunks) : undefined,
        })
        .then(
          (out) => {
            const headers = { ...out.headers };
            delete headers['transfer-encoding'];
            delete headers.connection;
            res.writeHead(out.statusCode, headers as http.OutgoingHttpHeaders).end(out.rawPayload);
          },
          () =>
            res
              .writeHead(500, { 'content-type': 'application/json' })
              .end('{"detail":"Internal server error."}'),
        );
    });
  });
  app.addHook('onListen', async () => {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, ctx.config.host, () => {
        server.off('error', reject);
        ctx.logger.info({ port }, 'public checks listening on their own port');
        resolve();
      });
    });
  });
  app.addHook('onClose', async () => {
    if (server.listening) await new Promise((resolve) => server.close(resolve));
  });
}
