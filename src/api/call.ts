import type { AxiosRequestConfig, AxiosResponse } from 'axios';
import type { z } from 'zod';
import type { Wire } from '../../contract/casing';
import type { OperationShape } from '../../contract/operation';
import { api } from './client';

// The one way the SPA calls the API: by an operation's descriptor (contract/<area>.ts), never by a path
// string. The descriptor gives the method, the path and the types of what goes and what comes back; the
// client (./client.ts) adds the token, its refresh and the camelCase of answers.

type ParamValue = string | number | boolean | undefined | null;
type Success = 200 | 201 | 202 | 204;

/** What a successful call answers, camelCased as the client hands it over. */
export type Answer<O extends OperationShape> = {
  [S in keyof O['responses'] & Success]: O['responses'][S] extends z.ZodType
    ? Wire<O['responses'][S]>
    : never;
}[keyof O['responses'] & Success];

/** Query values by their wire (snake_case) keys, as the server's schema accepts them; unset ones are left out. */
export type QueryOf<O extends OperationShape> = O['query'] extends z.ZodType
  ? { [K in keyof z.input<O['query']>]?: ParamValue | readonly ParamValue[] }
  : never;

type BodyOf<O extends OperationShape> = O['encoding'] extends 'multipart'
  ? FormData
  : O['body'] extends z.ZodType
    ? z.input<O['body']>
    : never;

/** The parts of a call its descriptor asks for: path parameters, query, body. */
export type CallInput<O extends OperationShape> = (O['params'] extends z.ZodObject
  ? { params: { [K in keyof z.input<O['params']>]: string | number } }
  : { params?: never }) &
  (O['query'] extends z.ZodType ? { query?: QueryOf<O> } : { query?: never }) &
  (O['encoding'] extends 'multipart'
    ? { body: FormData }
    : O['body'] extends z.ZodType
      ? { body: BodyOf<O> }
      : { body?: never });

type Optional<O extends OperationShape> =
  object extends CallInput<O> ? [input?: CallInput<O>] : [input: CallInput<O>];

/** The URL of a call: path parameters encoded into the path, the query after it. */
export function urlOf(descriptor: OperationShape, input: { params?: object; query?: object } = {}): string {
  const values = (input.params ?? {}) as Record<string, string | number>;
  const path = descriptor.path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = values[name];
    if (value === undefined || value === '') throw new Error(`${descriptor.path}: no value for ${name}`);
    return encodeURIComponent(String(value));
  });
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(input.query ?? {}) as [string, ParamValue | ParamValue[]][])
    for (const item of Array.isArray(value) ? value : [value])
      if (item !== undefined && item !== null && item !== '') query.append(key, String(item));
  const search = query.toString();
  return search ? `${path}?${search}` : path;
}

type Parts = { params?: object; query?: object; body?: unknown };

function bodyOf(descriptor: OperationShape, body: unknown): unknown {
  if (body === undefined || descriptor.encoding !== 'form') return body;
  const form = new URLSearchParams();
  for (const [key, value] of Object.entries(body as Record<string, unknown>))
    if (value !== undefined && value !== null) form.set(key, String(value));
  return form;
}

/** The whole response of a call (status, headers): for downloads and answers read by their headers. */
export function send<O extends OperationShape>(
  descriptor: O,
  ...args: [...Optional<O>, config?: AxiosRequestConfig]
): Promise<AxiosResponse<Answer<O>>> {
  const [input, config] = args as unknown as [Parts | undefined, AxiosRequestConfig | undefined];
  const parts = input ?? {};
  return api.request<Answer<O>>({
    ...config,
    method: descriptor.method,
    url: urlOf(descriptor, parts),
    data: bodyOf(descriptor, parts.body),
    public: descriptor.auth === 'public' || config?.public,
  });
}

/** A call's answer (camelCased). */
export async function call<O extends OperationShape>(
  descriptor: O,
  ...rest: [...Optional<O>, config?: AxiosRequestConfig]
): Promise<Answer<O>> {
  return (await send(descriptor, ...rest)).data;
}

/** A descriptor's path as a route pattern (`:name` for `{name}`), for test servers (msw) that answer it. */
export function patternOf(descriptor: OperationShape): string {
  return descriptor.path.replace(/\{(\w+)\}/g, ':$1');
}
