import type { z } from 'zod';

// Response keys arrive snake_case; the SPA reads camelCase. Year-month keys ('2024-05') are data,
// not names, and stay as they are (spec section 3). The runtime mapping below runs in the API client
// (src/api/client.ts); the types mirror it so the SPA reads z.infer of the contract's wire schemas.
const yearMonth = /^\d{4}-\d{2}$/;

export function toCamelKey(key: string): string {
  if (yearMonth.test(key)) return key;
  // Only separators between letters/digits: '__all__' keeps its underscores.
  return key.replace(/(?<=[a-z0-9])[_-]+([a-z0-9])/gi, (_, c: string) => c.toUpperCase());
}

export function toSnakeKey(key: string): string {
  if (yearMonth.test(key)) return key;
  return key.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toLowerCase();
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== 'object') return false;
  const proto: unknown = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

function convertKeys(value: unknown, convert: (key: string) => string): unknown {
  if (Array.isArray(value)) return value.map((item) => convertKeys(item, convert));
  if (!isPlainObject(value)) return value;
  const out: Record<string, unknown> = {};
  for (const [key, inner] of Object.entries(value)) out[convert(key)] = convertKeys(inner, convert);
  return out;
}

export function camelCaseKeys<T = unknown>(value: unknown): T {
  return convertKeys(value, toCamelKey) as T;
}

export function snakeCaseKeys<T = unknown>(value: unknown): T {
  return convertKeys(value, toSnakeKey) as T;
}

// Type-level twin of toCamelKey for literal keys: 'verified_at' -> 'verifiedAt',
// 'has_2_factor_authentication' -> 'has2FactorAuthentication'; a leading separator stays.
type CamelSegment<S extends string> = S extends `${infer Head}${'_' | '-'}${infer Tail}`
  ? Tail extends ''
    ? S
    : `${Head}${CamelSegment<Capitalize<Tail>>}`
  : S;
export type CamelKey<S extends string> = S extends `${'_' | '-'}${infer Rest}`
  ? `${S extends `_${string}` ? '_' : '-'}${CamelKey<Rest>}`
  : CamelSegment<S>;

export type CamelCased<T> = T extends readonly (infer Item)[]
  ? CamelCased<Item>[]
  : T extends Blob | Date
    ? T
    : T extends object
      ? { [K in keyof T as K extends string ? CamelKey<K> : K]: CamelCased<T[K]> }
      : T;

/** What the SPA reads from a response whose wire schema is S (after the client's camelCase mapping). */
export type Wire<S extends z.ZodType> = CamelCased<z.output<S>>;

/**
 * What the SPA sends as the query whose schema is S, camelCased: the keys and their optionality are the
 * schema's input (what the server accepts), each value is what the server reads it as (z.output), so a
 * coerced `page` is a number, not `unknown`. The api module turns the keys back to snake_case
 * (`snakeCaseKeys`) before they go out.
 */
export type WireQuery<S extends z.ZodType> = CamelCased<{
  [K in keyof z.input<S>]: K extends keyof z.output<S> ? z.output<S>[K] : z.input<S>[K];
}>;
