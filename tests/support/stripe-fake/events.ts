import Stripe from 'stripe';
import { wire, type FakeEvent, type FakeObject } from './objects';
import type { Store } from './store';

// Every change the fake makes is recorded as an event carrying a snapshot of the object at that moment, as
// Stripe's are: a late delivery shows the old state, which is why msas re-reads the object (docs/BILLING.md).
export function emit(
  store: Store,
  type: FakeEvent['type'],
  object: FakeObject,
  previous?: Record<string, unknown>,
  request: { id: string | null; idempotency_key: string | null } = { id: null, idempotency_key: null },
): FakeEvent {
  const event: FakeEvent = {
    id: store.id('evt'),
    object: 'event',
    api_version: Stripe.API_VERSION,
    created: store.now,
    livemode: false,
    pending_webhooks: 1,
    type,
    data: {
      object: structuredClone(wire(object)) as Record<string, unknown>,
      ...(previous
        ? { previous_attributes: structuredClone(wire(previous)) as Record<string, unknown> }
        : {}),
    },
    request,
  };
  store.events.push(event);
  return store.put(event);
}

/** The fields of `before` that differ from `after`, with their old values (data.previous_attributes). */
export function changed(before: Record<string, unknown>, after: object): Record<string, unknown> | undefined {
  const now = after as Record<string, unknown>;
  const diff = Object.fromEntries(
    Object.entries(before).filter(
      ([k, v]) => !k.startsWith('_') && JSON.stringify(v) !== JSON.stringify(now[k]),
    ),
  );
  return Object.keys(diff).length ? diff : undefined;
}
