import pg from 'pg';

// Identities are bigint (docs/SCALING.md, "Citus"), and count(*) and sum(int) are bigint too. pg hands int8
// to JavaScript as a string, since a double holds integers exactly only up to 2^53 - 1. Every id and count
// msas stores is far below that, so this connection's parser returns a number and the wire keeps numeric
// ids; a value past 2^53 - 1 fails loudly instead of being rounded to a neighbour's id.

const int8Oid = 20;
const int8ArrayOid = 1016; // not in pg-types' list of builtins

export function parseInt8(text: string): number {
  const n = Number(text);
  if (!Number.isSafeInteger(n)) {
    throw new RangeError(`int8 value ${text} is beyond JavaScript's exact integers (2^53 - 1)`);
  }
  return n;
}

type Nested = string | null | Nested[];
type NestedNumbers = number | null | NestedNumbers[];

function mapInt8(value: Nested): NestedNumbers {
  if (value === null) return null;
  return Array.isArray(value) ? value.map(mapInt8) : parseInt8(value);
}

/** Type parsers for a pg Pool or Client (its `types` option): int8 and int8[] as numbers, the rest as pg's. */
export const dbTypes = {
  getTypeParser(oid: number, format?: 'text' | 'binary') {
    if (format !== 'binary') {
      if (oid === int8Oid) return parseInt8;
      if (oid === int8ArrayOid) {
        const byOid = pg.types.getTypeParser as (oid: number, format: 'text') => (text: string) => Nested;
        const parseArray = byOid(int8ArrayOid, 'text');
        return (text: string) => mapInt8(parseArray(text));
      }
    }
    return pg.types.getTypeParser(oid, format);
  },
};
