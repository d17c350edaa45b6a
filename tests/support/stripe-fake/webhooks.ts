import { createHmac, randomInt } from 'node:crypto';
import type { FakeEvent } from './objects';

// Signed deliveries as Stripe sends them (docs "Verify webhook signatures"): the header
// Stripe-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>" under the endpoint's secret>.
export function signature(payload: string, secret: string, timestamp: number): string {
  const v1 = createHmac('sha256', secret).update(`${timestamp}.${payload}`).digest('hex');
  return `t=${timestamp},v1=${v1}`;
}

export type Delivery = { event: FakeEvent; payload: string; headers: Record<string, string> };
export type DeliveryOrder = 'created' | 'reverse' | 'shuffle';

export type DeliverOptions = {
  /** created (the default), reverse, or shuffle (a random order, as retries and parallel sends make). */
  order?: DeliveryOrder;
  /** Send each event this many times (a duplicated delivery). */
  copies?: number;
  /** Only these event types. */
  types?: string[];
  /** Sign with another secret (a forged delivery). */
  secret?: string;
  /** The signature's timestamp (unix seconds); default the real time, as Stripe signs at sending. */
  timestamp?: number;
};

export function shuffle<T>(items: T[]): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i -= 1) {
    const j = randomInt(i + 1);
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

export function deliveries(events: FakeEvent[], secret: string, options: DeliverOptions = {}): Delivery[] {
  const picked = events.filter((e) => !options.types || options.types.includes(e.type));
  const ordered =
    options.order === 'reverse'
      ? [...picked].reverse()
      : options.order === 'shuffle'
        ? shuffle(picked)
        : picked;
  const copies = Math.max(1, options.copies ?? 1);
  return ordered.flatMap((event) => {
    const payload = JSON.stringify(event, null, 2);
    const t = options.timestamp ?? Math.floor(Date.now() / 1000);
    const headers = {
      'content-type': 'application/json; charset=utf-8',
      'stripe-signature': signature(payload, options.secret ?? secret, t),
      'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
    };
    return Array.from({ length: copies }, () => ({ event, payload, headers }));
  });
}

/** POSTs each delivery to `url` in turn; answers the HTTP statuses, in order. */
export async function post(url: string, list: Delivery[]): Promise<number[]> {
  const statuses: number[] = [];
  for (const d of list) {
    const res = await fetch(url, { method: 'POST', headers: d.headers, body: d.payload });
    await res.arrayBuffer();
    statuses.push(res.status);
  }
  return statuses;
}
