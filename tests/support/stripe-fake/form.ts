// Stripe's request encoding: application/x-www-form-urlencoded with bracket notation, as the SDK writes it
// (items[0][price]=p&metadata[org]=1&expand[0]=customer). Decoded into nested objects and arrays; every leaf
// stays a string, as Stripe receives it, and each handler coerces what it reads.
export type Params = { [key: string]: Param };
export type Param = string | Param[] | Params;

function segments(key: string): string[] {
  const head = key.split('[', 1)[0] ?? '';
  const rest = [...key.slice(head.length).matchAll(/\[([^\]]*)\]/g)].map((m) => m[1] ?? '');
  return [head, ...rest];
}

function assign(target: Params | Param[], path: string[], value: string): void {
  const [key, ...rest] = path;
  if (key === undefined) return;
  const slot = Array.isArray(target) ? (key === '' ? target.length : Number(key)) : key;
  const container = target as Record<string | number, Param>;
  if (rest.length === 0) {
    container[slot] = value;
    return;
  }
  const nextIsIndex = rest[0] === '' || /^\d+$/.test(rest[0] ?? '');
  container[slot] ??= nextIsIndex ? [] : {};
  assign(container[slot] as Params | Param[], rest, value);
}

export function parseForm(body: string): Params {
  const out: Params = {};
  for (const [key, value] of new URLSearchParams(body)) assign(out, segments(key), value);
  return out;
}

// Readers for one decoded parameter; a wrong type is Stripe's "Invalid ..." 400 (see errors.ts).
export const str = (p: Param | undefined): string | undefined => (typeof p === 'string' ? p : undefined);
export const int = (p: Param | undefined): number | undefined => {
  if (typeof p !== 'string' || !/^-?\d+$/.test(p)) return undefined;
  return Number(p);
};
export const bool = (p: Param | undefined): boolean | undefined =>
  p === 'true' ? true : p === 'false' ? false : undefined;
export const obj = (p: Param | undefined): Params | undefined =>
  p !== undefined && typeof p === 'object' && !Array.isArray(p) ? p : undefined;
export const list = (p: Param | undefined): Param[] =>
  Array.isArray(p) ? p : p !== undefined && typeof p === 'object' ? Object.values(p) : [];
export const strings = (p: Param | undefined): Record<string, string> =>
  Object.fromEntries(
    Object.entries(obj(p) ?? {}).filter((e): e is [string, string] => typeof e[1] === 'string'),
  );
