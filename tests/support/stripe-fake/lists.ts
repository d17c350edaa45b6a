import { int, list, str, type Params } from './form';
import { invalid, missing } from './errors';
import { wire } from './objects';
import type { Store } from './store';

// List answers (API reference, "Pagination"): newest first, `limit` 1..100 (default 10), a cursor in
// starting_after or ending_before, { object: 'list', data, has_more, url }.
export function page<T extends { id: string }>(all: T[], params: Params, url: string) {
  const limit = params.limit === undefined ? 10 : int(params.limit);
  if (limit === undefined || limit < 1 || limit > 100)
    throw invalid('limit', 'This value must be greater than or equal to 1 and less than or equal to 100.');
  const newestFirst = [...all].reverse();
  const after = str(params.starting_after);
  const before = str(params.ending_before);
  let data: T[];
  if (after) {
    const at = newestFirst.findIndex((o) => o.id === after);
    if (at < 0) throw missing('object', after, 'starting_after');
    data = newestFirst.slice(at + 1, at + 1 + limit);
    return { object: 'list' as const, data, has_more: at + 1 + limit < newestFirst.length, url };
  }
  if (before) {
    const at = newestFirst.findIndex((o) => o.id === before);
    if (at < 0) throw missing('object', before, 'ending_before');
    const start = Math.max(0, at - limit);
    return { object: 'list' as const, data: newestFirst.slice(start, at), has_more: start > 0, url };
  }
  data = newestFirst.slice(0, limit);
  return { object: 'list' as const, data, has_more: limit < newestFirst.length, url };
}

// expand[]=customer, expand[]=data.default_price, expand[]=items.data.price.product: every id string on the
// path is replaced by the object it names (API reference, "Expanding responses"); at most four levels.
export function expand(store: Store, value: unknown, params: Params): unknown {
  let out = wire(value);
  for (const raw of list(params.expand)) {
    const path = str(raw);
    if (!path) continue;
    if (path.split('.').length > 4)
      throw invalid('expand', 'You cannot expand more than 4 levels of a property.');
    out = expandPath(store, out, path.split('.'));
  }
  return out;
}

function expandPath(store: Store, value: unknown, path: string[]): unknown {
  if (Array.isArray(value)) return value.map((v) => expandPath(store, v, path));
  if (path.length === 0) {
    if (typeof value !== 'string') return value;
    const found = store.find(value);
    return found ? wire(found) : value;
  }
  // An id on the way is expanded too (expand[]=customer.invoice_settings.default_payment_method).
  if (typeof value === 'string') {
    const found = store.find(value);
    if (!found) return value;
    value = wire(found);
  }
  if (value === null || typeof value !== 'object') return value;
  const [head, ...rest] = path as [string, ...string[]];
  const record = value as Record<string, unknown>;
  if (!(head in record)) return value;
  return { ...record, [head]: expandPath(store, record[head], rest) };
}
