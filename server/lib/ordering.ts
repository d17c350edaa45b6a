import { sql, type RawBuilder } from 'kysely';
import { fieldError } from './errors';

// ?ordering=field or -field (descending), Django REST framework style, over a fixed list of columns.
export function orderBy(
  ordering: string | undefined,
  allowed: readonly string[],
  fallback: string,
): RawBuilder<unknown> {
  const value = ordering ?? fallback;
  const desc = value.startsWith('-');
  const field = desc ? value.slice(1) : value;
  if (!allowed.includes(field)) throw fieldError('ordering', 'invalid_choice_value', { value });
  return sql`${sql.ref(field)} ${sql.raw(desc ? 'desc' : 'asc')} nulls last`;
}

/** A LIKE pattern matching the text anywhere, with LIKE's wildcards escaped. */
export const containsPattern = (text: string) =>
  `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
