import type { FastifyInstance } from 'fastify';
import { badRequest, item, type ErrorItem } from './errors';

// Control characters are refused at the edge, for every route, before any schema or query sees them: PostgreSQL
// text cannot hold NUL (a search for it was a 500), and no C0 control belongs in a path or a query string.
// Form and JSON text may carry tab and line breaks (a multi-line message); nothing else below U+0020.

const nullMessage = item('null_characters');
const controlMessage = item('control_characters');

// eslint-disable-next-line no-control-regex
const urlControls = /[\u0000-\u001f]/;
// eslint-disable-next-line no-control-regex
const textControls = /[\u0000-\u0008\u000b\u000c\u000e-\u001f]/;

type Errors = Record<string, ErrorItem[]>;
type Input = { params?: unknown; query?: unknown; body?: unknown };

function check(errors: Errors, field: string, value: string, controls: RegExp) {
  if (!controls.test(value)) return;
  const message = value.includes('\u0000') ? nullMessage : controlMessage;
  const list = (errors[field] ??= []);
  if (!list.includes(message)) list.push(message);
}

const join = (parent: string, key: string) => (parent ? `${parent}.${key}` : key);

// Field names as the validation errors spell them: top-level keys, nested ones dotted (networks.0.range).
// Iterative, so a deeply nested JSON body cannot overflow the stack.
function walk(errors: Errors, root: unknown, controls: RegExp) {
  const stack: [string, unknown][] = [['', root]];
  while (stack.length > 0) {
    const [field, value] = stack.pop()!;
    if (typeof value === 'string') check(errors, field || 'non_field_errors', value, controls);
    else if (Array.isArray(value)) value.forEach((v, i) => stack.push([join(field, String(i)), v]));
    else if (value !== null && typeof value === 'object' && !Buffer.isBuffer(value)) {
      for (const [key, v] of Object.entries(value)) {
        // A key that is itself unreadable is reported on the object that holds it.
        check(errors, field || 'non_field_errors', key, controls);
        stack.push([join(field, key), v]);
      }
    }
  }
}

/** The field errors for control characters in a request's path parameters, query and body; null if none. */
export function controlCharErrors(request: Input): Errors | null {
  const errors: Errors = {};
  for (const part of [request.params, request.query]) {
    if (part === null || typeof part !== 'object') continue;
    for (const [key, value] of Object.entries(part)) {
      check(errors, 'non_field_errors', key, urlControls);
      for (const v of Array.isArray(value) ? value : [value])
        if (typeof v === 'string') check(errors, key, v, urlControls);
    }
  }
  walk(errors, request.body, textControls);
  return Object.keys(errors).length > 0 ? errors : null;
}

/** One preValidation hook for every route, present and future (registered before any route). */
export function rejectControlChars(app: FastifyInstance) {
  app.addHook('preValidation', async (request) => {
    // An unknown path stays a 404, whatever it holds.
    if (request.is404) return;
    const errors = controlCharErrors(request);
    if (errors) throw badRequest(errors);
  });
}
