import type { z } from 'zod';

/** A value as a URL parameter carries it; unset and empty ones are left out of the query. */
type ParamValue = string | number | undefined;

/**
 * The URL parameters of a call whose query schema (contract/) is S: only S's wire (snake_case) keys are
 * accepted, in the order given, so a key renamed in the contract breaks the call's typecheck.
 */
export function queryParams<S extends z.ZodType>(values: {
  [K in keyof z.input<S>]?: ParamValue;
}): URLSearchParams {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(values) as [string, ParamValue][])
    if (value !== undefined && value !== '') params.set(key, String(value));
  return params;
}
