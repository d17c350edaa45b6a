import { createHash, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { dispatch } from './api';
import { completeCheckout } from './api-billing';
import { advanceTo } from './clock';
import { Engine, type EngineSettings } from './engine';
import { StripeFakeError } from './errors';
import { parseForm } from './form';
import { expand } from './lists';
import type { FakeCheckoutSession, FakeEvent } from './objects';
import { page } from './pages';
import { Store } from './store';
import { deliveries, post, type DeliverOptions, type Delivery } from './webhooks';

// A Stripe-shaped HTTP server on loopback for the billing tests (docs/BILLING.md, "Testing"): the official
// SDK talks to it through { host, port, protocol }; it keeps state, moves its own clock and signs webhooks.
export type StripeFake = {
  url: string;
  apiKey: string;
  webhookSecret: string;
  /** The SDK's connection settings for this fake. */
  sdk: { host: string; port: number; protocol: 'http' };
  store: Store;
  engine: Engine;
  /** Moves the fake's clock forward by `seconds`, running what falls due. */
  advance: (seconds: number) => void;
  /** The hosted Checkout page's "pay" without a browser. */
  payCheckout: (sessionId: string, card?: string) => FakeCheckoutSession;
  /** Makes every card of the customer decline (or pay again), as a card that expired or was blocked. */
  declineCards: (customerId: string, declines?: boolean) => void;
  /** Events emitted since `from` (an index into the event log; see `mark`). */
  events: (from?: number) => FakeEvent[];
  mark: () => number;
  deliveries: (events: FakeEvent[], options?: DeliverOptions) => Delivery[];
  deliver: (url: string, events: FakeEvent[], options?: DeliverOptions) => Promise<number[]>;
  /** Requests the fake served, for tests that count calls (method, path, idempotency key). */
  requests: { method: string; path: string; idempotencyKey: string | null }[];
  close: () => Promise<void>;
};

type Remembered = { fingerprint: string; status: number; body: string };

function read(req: http.IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

function authenticate(header: string | undefined, apiKey: string): void {
  if (!header)
    throw new StripeFakeError(
      401,
      'invalid_request_error',
      "You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. 'Authorization: Bearer YOUR_SECRET_KEY').",
    );
  const key = header.replace(/^Bearer\s+/i, '');
  if (key !== apiKey) {
    const shown =
      key.length > 8 ? `${key.slice(0, 8)}${'*'.repeat(Math.max(0, key.length - 12))}${key.slice(-4)}` : key;
    throw new StripeFakeError(
      401,
      'invalid_request_error',
      `Invalid API Key provided: ${shown}`,
      'api_key_invalid',
    );
  }
}

export async function startStripeFake(
  options: { apiKey?: string; webhookSecret?: string; settings?: Partial<EngineSettings> } = {},
): Promise<StripeFake> {
  const apiKey = options.apiKey ?? `sk_test_fake_${randomBytes(12).toString('hex')}`;
  const webhookSecret = options.webhookSecret ?? `whsec_${randomBytes(24).toString('base64url')}`;
  const store = new Store();
  const settings: EngineSettings = {
    retryDays: 3,
    retries: 3,
    afterRetries: 'canceled',
    ...options.settings,
  };
  const remembered = new Map<string, Remembered>();
  const requests: StripeFake['requests'] = [];
  const engine = new Engine(store, '', settings);

  const server = http.createServer((req, res) => {
    void (async () => {
      const raw = await read(req);
      const url = new URL(req.url ?? '/', 'http://fake');
      const e = engine;
      const send = (status: number, body: string, headers: Record<string, string> = {}) => {
        res.writeHead(status, {
          'content-type': 'application/json',
          'request-id': `req_${randomBytes(7).toString('hex')}`,
          ...headers,
        });
        res.end(body);
      };
      if (!url.pathname.startsWith('/v1/')) {
        const form = new URLSearchParams(req.method === 'POST' ? raw : '');
        const shown = page(e, req.method ?? 'GET', url.pathname, form);
        if (!shown)
          return send(
            404,
            JSON.stringify(new StripeFakeError(404, 'invalid_request_error', 'Not found').body()),
          );
        res.writeHead(shown.status, shown.headers);
        return res.end(shown.body);
      }
      const idempotencyKey =
        req.method === 'POST' ? ((req.headers['idempotency-key'] as string | undefined) ?? null) : null;
      requests.push({ method: req.method ?? 'GET', path: url.pathname, idempotencyKey });
      try {
        authenticate(req.headers.authorization, apiKey);
        const params = parseForm(
          req.method === 'GET' || req.method === 'DELETE' ? url.searchParams.toString() : raw,
        );
        // Idempotency (API reference, "Idempotent requests"): the first answer to a key is replayed for the
        // same request; the same key with other parameters is refused.
        const fingerprint = createHash('sha256')
          .update(`${req.method} ${url.pathname}\n${raw}`)
          .digest('hex');
        const earlier = idempotencyKey ? remembered.get(idempotencyKey) : undefined;
        if (earlier && earlier.fingerprint !== fingerprint)
          throw new StripeFakeError(
            400,
            'idempotency_error',
            `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${idempotencyKey}' if you meant to execute a different request.`,
          );
        if (earlier) return send(earlier.status, earlier.body, { 'idempotent-replayed': 'true' });
        let status = 200;
        let body: string;
        try {
          body = JSON.stringify(
            expand(store, dispatch(e, req.method ?? 'GET', url.pathname, params), params),
          );
        } catch (error) {
          if (!(error instanceof StripeFakeError)) throw error;
          status = error.status;
          body = JSON.stringify(error.body());
        }
        // Stripe keeps the result of a request that ran (a 4xx included) but not of one refused before running.
        if (idempotencyKey) remembered.set(idempotencyKey, { fingerprint, status, body });
        send(status, body);
      } catch (error) {
        if (error instanceof StripeFakeError) return send(error.status, JSON.stringify(error.body()));
        send(500, JSON.stringify(new StripeFakeError(500, 'api_error', String(error)).body()));
      }
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  const url = `http://127.0.0.1:${port}`;
  engine.baseUrl = url;
  const events = (from = 0) => store.events.slice(from);
  return {
    url,
    apiKey,
    webhookSecret,
    sdk: { host: '127.0.0.1', port, protocol: 'http' },
    store,
    engine,
    advance: (seconds) => advanceTo(engine, store.now + seconds),
    payCheckout: (id, card = '4242424242424242') => completeCheckout(engine, id, card),
    declineCards: (customerId, declines = true) => {
      for (const pm of store.all('payment_method')) if (pm.customer === customerId) pm._declines = declines;
    },
    events,
    mark: () => store.events.length,
    deliveries: (list, opts) => deliveries(list, webhookSecret, opts),
    deliver: (target, list, opts) => post(target, deliveries(list, webhookSecret, opts)),
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
