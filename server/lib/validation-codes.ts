import en from '../../locales/en/errors.json';
import type { ErrorCode, ErrorItem, ErrorParams } from './errors';
import { item } from './errors';

// A zod issue as fastify-type-provider-zod hands it over: the zod code as keyword, the rest in params.
export type ValidationIssue = {
  instancePath: string;
  keyword?: string;
  message?: string;
  params?: Record<string, unknown>;
};

export const isErrorCode = (value: unknown): value is ErrorCode =>
  typeof value === 'string' && Object.hasOwn(en, value);

const bound = (value: unknown) =>
  typeof value === 'number' || typeof value === 'bigint' ? Number(value) : undefined;

// A schema names its code as the zod message (contract/errors.ts code()); the values come from the issue:
// its bound (maximum, minimum) and a refinement's own params.
function valuesOf(p: Record<string, unknown>): ErrorParams {
  const values: ErrorParams = {};
  const max = bound(p.maximum);
  const min = bound(p.minimum);
  if (max !== undefined) values.max = max;
  if (min !== undefined) values.min = min;
  const own = p.params;
  if (own && typeof own === 'object')
    for (const [k, v] of Object.entries(own))
      if (typeof v === 'string' || typeof v === 'number') values[k] = v;
  return values;
}

// zod's own issues (no code named) in DRF's words, by kind.
function defaultCode(kind: string | undefined, p: Record<string, unknown>): ErrorCode {
  const origin = p.origin;
  const sized = origin === 'array' || origin === 'set' ? 'items' : origin === 'string' ? 'length' : 'value';
  switch (kind) {
    case 'invalid_type':
      if (p.input === undefined) return 'required';
      return p.expected === 'number' || p.expected === 'int' ? 'invalid_integer' : 'invalid_value';
    case 'too_big':
      return sized === 'items' ? 'max_items' : sized === 'length' ? 'max_length' : 'max_value';
    case 'too_small':
      if (sized === 'length') return bound(p.minimum) === 1 ? 'blank' : 'min_length';
      return sized === 'items' ? 'list_empty' : 'min_value';
    case 'invalid_value':
    case 'invalid_union':
      return 'invalid_choice';
    case 'invalid_format':
      return p.format === 'email' ? 'invalid_email' : p.format === 'url' ? 'invalid_url' : 'invalid_value';
    default:
      return 'invalid_value';
  }
}

// Only the values the code's text names go on the wire.
const named = (code: ErrorCode, values: ErrorParams): ErrorParams =>
  Object.fromEntries(Object.entries(values).filter(([k]) => en[code].includes(`{{${k}`)));

/** The coded error of one validation issue. */
export function issueItem(issue: ValidationIssue): ErrorItem {
  const p = issue.params ?? {};
  const code: ErrorCode = isErrorCode(issue.message) ? issue.message : defaultCode(issue.keyword, p);
  return item(code, named(code, valuesOf(p)));
}
