import http from 'node:http';
import type { AddressInfo } from 'node:net';

// A small round-robin HTTP proxy for tests and benchmarks that run several `msas serve` processes. Each
// request goes, whole, to the next live backend. A backend that refuses the connection never saw the
// request, so it is marked down and the next one gets it; a backend whose socket dies once it had the
// request answers 502 from the proxy itself (the client cannot know whether it was done). Every answer is
// recorded with the backend (its label) that served it.

export type Backend = { port: number; label: string; up: boolean };
export type Served = { label: string; status: number; method: string; url: string; at: number };

export type Proxy = {
  url: string;
  backends: Backend[];
  served: Served[];
  close: () => Promise<void>;
};

const hopHeaders = new Set(['connection', 'keep-alive', 'transfer-encoding', 'host']);

function forward(backend: Backend, req: http.IncomingMessage, body: Buffer) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>(
    (resolve, reject) => {
      const headers: http.OutgoingHttpHeaders = { ...req.headers, 'content-length': String(body.length) };
      for (const h of hopHeaders) if (h !== 'host') delete headers[h];
      const out = http.request(
        { host: '127.0.0.1', port: backend.port, method: req.method, path: req.url, headers, agent: false },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () =>
            resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }),
          );
          res.on('error', reject);
        },
      );
      out.on('error', reject);
      out.end(body);
    },
  );
}

export async function startProxy(backends: Backend[]): Promise<Proxy> {
  const served: Served[] = [];
  let next = 0;
  const pick = () => {
    for (let i = 0; i < backends.length; i++) {
      const b = backends[next++ % backends.length];
      if (b.up) return b;
    }
    return undefined;
  };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', async () => {
      const body = Buffer.concat(chunks);
      const record = (label: string, status: number) =>
        served.push({ label, status, method: req.method!, url: req.url!, at: Date.now() });
      for (;;) {
        const backend = pick();
        if (!backend) {
          record('none', 503);
          res.writeHead(503).end('no live backend');
          return;
        }
        try {
          const answer = await forward(backend, req, body);
          const headers: http.OutgoingHttpHeaders = { ...answer.headers };
          for (const h of hopHeaders) delete headers[h];
          record(backend.label, answer.status);
          res.writeHead(answer.status, { ...headers, 'x-backend': backend.label }).end(answer.body);
          return;
        } catch (err) {
          if ((err as NodeJS.ErrnoException).code === 'ECONNREFUSED') {
            backend.up = false;
            continue;
          }
          record(backend.label, 502);
          res.writeHead(502, { 'x-backend': backend.label }).end('backend connection lost');
          return;
        }
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    backends,
    served,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
