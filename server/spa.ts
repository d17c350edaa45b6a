import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

export const notBuiltMessage = 'The interface is not built: run npm run build';

// Vite puts content-hashed files under assets/: cached for a year; everything else (index.html) revalidates.
function cacheControl(filePath: string): string {
  return filePath.split(path.sep).includes('assets') ? 'public, max-age=31536000, immutable' : 'no-cache';
}

export async function registerSpa(app: FastifyInstance, staticDir: string): Promise<void> {
  if (!fs.existsSync(staticDir)) return;
  await app.register(fastifyStatic, {
    root: staticDir,
    prefix: '/',
    index: false,
    cacheControl: false,
    // Only real files: extension-less paths (/, /msas/...) fall through to the history fallback below.
    allowedPath: (pathName) => path.extname(pathName) !== '',
    setHeaders: (reply, filePath) => {
      reply.header('cache-control', cacheControl(filePath));
    },
  });
}

const apiPrefixes = ['/api/', '/checks/'];

// Unknown API paths answer JSON 404; other GETs without a file extension get index.html (history routing).
export function notFoundHandler(staticDir: string) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const urlPath = request.url.split('?')[0] ?? '/';
    const isApi =
      apiPrefixes.some((p) => urlPath.startsWith(p)) || urlPath === '/api' || urlPath === '/checks';
    const isPage = (request.method === 'GET' || request.method === 'HEAD') && !path.extname(urlPath);
    if (isApi || !isPage) return reply.code(404).send({ detail: 'Not found.' });
    const indexFile = path.join(staticDir, 'index.html');
    let html: Buffer;
    try {
      html = await fs.promises.readFile(indexFile);
    } catch {
      return reply
        .code(503)
        .type('text/plain; charset=utf-8')
        .header('cache-control', 'no-store')
        .send(notBuiltMessage);
    }
    return reply.code(200).type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(html);
  };
}
