import { changed, emit } from './events';
import type { Engine } from './engine';
import type { FakeSubscription } from './objects';

// The fake's clock (Stripe's test clocks in spirit): moving it forward runs, in time order, whatever falls due
// on the way: trial warnings three days ahead, trial ends, renewals, payment retries, incomplete expiry.
type Due = { at: number; sub: FakeSubscription; run: () => void };

const day = 86_400;

function dueOf(engine: Engine, sub: FakeSubscription): Due | undefined {
  const { store } = engine;
  const item = sub.items.data[0]!;
  const candidates: Due[] = [];
  if (sub.status === 'incomplete')
    candidates.push({
      at: sub.created + 23 * 3600,
      sub,
      run: () => {
        const before = { ...sub };
        sub.status = 'incomplete_expired';
        sub.ended_at = store.now;
        emit(store, 'customer.subscription.updated', sub, changed(before, sub));
      },
    });
  if (sub.status === 'trialing' && sub.trial_end !== null) {
    if (!sub._trial_warned)
      candidates.push({
        at: Math.max(sub.trial_start ?? sub.created, sub.trial_end - 3 * day),
        sub,
        run: () => {
          sub._trial_warned = true;
          emit(store, 'customer.subscription.trial_will_end', sub);
        },
      });
    candidates.push({
      at: sub.trial_end,
      sub,
      run: () => (sub.cancel_at_period_end ? engine.end(sub) : engine.endTrial(sub)),
    });
  }
  if (['active', 'past_due', 'unpaid'].includes(sub.status))
    candidates.push({ at: item.current_period_end, sub, run: () => engine.renew(sub) });
  if (sub.status === 'past_due') {
    const invoice = sub.latest_invoice ? store.get('invoice', sub.latest_invoice as string) : undefined;
    if (invoice?.status === 'open' && invoice.next_payment_attempt !== null)
      candidates.push({ at: invoice.next_payment_attempt, sub, run: () => engine.charge(sub, invoice) });
  }
  return candidates.sort((a, b) => a.at - b.at)[0];
}

/** Moves the clock to `target` (unix seconds), running what falls due on the way. */
export function advanceTo(engine: Engine, target: number): void {
  const { store } = engine;
  for (let guard = 0; guard < 100_000; guard += 1) {
    const next = store
      .all('subscription')
      .map((s) => dueOf(engine, s))
      .filter((d): d is Due => d !== undefined && d.at <= target)
      .sort((a, b) => a.at - b.at)[0];
    if (!next) break;
    store.now = Math.max(store.now, next.at);
    next.run();
  }
  store.now = Math.max(store.now, target);
}
