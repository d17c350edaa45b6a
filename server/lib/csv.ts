import type { FastifyReply } from 'fastify';
import { z, type ZodType } from 'zod';

// CSV export (RFC 4180): CRLF line ends, fields quoted when they hold a comma, quote, CR or LF, quotes
// doubled (section 2, rules 5-7). Text cells a spreadsheet would read as a formula (= + - @ tab CR first)
// get a leading apostrophe (OWASP "CSV injection"); numbers are written as they are.

/** Most rows one export writes; the X-Total-Count header tells how many matched. */
export const csvRowCap = 100_000;

export { formatShape } from '../../contract/paging';

const formulaStart = /^[=+\-@\t\r]/;

export function csvCell(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number' || typeof value === 'bigint' || typeof value === 'boolean')
    return String(value);
  let text: string;
  if (Array.isArray(value))
    text = value.map((v) => (v === null || v === undefined ? '' : String(v))).join('; ');
  else if (value instanceof Date) text = value.toISOString();
  else if (typeof value === 'object') text = JSON.stringify(value);
  else text = String(value);
  if (formulaStart.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export type CsvColumn<R> = { header: string; value: (row: R) => unknown };

/** Header line, then one line per row; every line ends in CRLF (RFC 4180 section 2, rule 1). */
export function toCsv<R>(columns: CsvColumn<R>[], rows: Iterable<R>): string {
  const lines = [columns.map((c) => csvCell(c.header)).join(',')];
  for (const row of rows) lines.push(columns.map((c) => csvCell(c.value(row))).join(','));
  return `${lines.join('\r\n')}\r\n`;
}

/** Columns named after the keys of the rows (the wire attribute names), in the order given. */
export const keyColumns = <R extends Record<string, unknown>>(keys: readonly (keyof R & string)[]) =>
  keys.map((k): CsvColumn<R> => ({ header: k, value: (r) => r[k] }));

/**
 * A 200 response that is `schema` as JSON or a CSV text. Fastify picks the serializer by the reply's
 * content type; a string sent as text/csv goes out untouched, and the type provider lets the handler
 * return either.
 */
export function jsonOrCsv<S extends ZodType>(schema: S) {
  return {
    description: 'JSON, or CSV with ?format=csv',
    content: {
      'application/json': { schema },
      'text/csv': { schema: z.string() },
    },
  };
}

/** Marks the reply as a CSV download named `<name>.csv`; return the CSV text from the handler next. */
export function sendCsv(reply: FastifyReply, name: string, csv: string, total?: number): string {
  const safe = name.replace(/[^A-Za-z0-9._-]+/g, '-');
  reply.header('content-type', 'text/csv; charset=utf-8');
  reply.header('content-disposition', `attachment; filename="${safe}.csv"`);
  if (total !== undefined) reply.header('x-total-count', String(total));
  return csv;
}
