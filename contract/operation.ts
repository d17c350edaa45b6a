import type { z } from 'zod';

// One descriptor per API operation: the server registers its route from it (server/lib/operation.ts) and the
// SPA calls it through one client (src/api/call.ts), so a path, a method or a parameter is written once.
// docs/ARCHITECTURE.md "One operation, one descriptor".

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export type ErrorStatus = 400 | 401 | 403 | 404 | 429;

export type OperationShape = {
  readonly method: Method;
  /** The full path as OpenAPI writes it: `{name}` for a path parameter, the trailing slash of spec section 7. */
  readonly path: `/${string}`;
  readonly tag: string;
  readonly summary: string;
  /** `bearer`: an access token (or API token); `public`: none, and the SPA sends none. */
  readonly auth: 'bearer' | 'public';
  readonly params?: z.ZodObject;
  readonly query?: z.ZodType;
  readonly body?: z.ZodType;
  /** How the SPA sends the body: JSON (the default), a form, or multipart (a FormData built by the caller). */
  readonly encoding?: 'json' | 'form' | 'multipart';
  /** The success answer is also offered as CSV (`?format=csv`, spec section 7 contract 6); the schema is the JSON one. */
  readonly csv?: true;
  /** The success answer is a file's bytes (application/octet-stream), described by this text. */
  readonly file?: string;
  /** Answers by status: the success one(s), and error answers with a shape of their own (e.g. a 409). */
  readonly responses: { readonly [status: number]: z.ZodType };
  /** Error answers in the common shapes of contract/errors.ts. */
  readonly errors: readonly ErrorStatus[];
};

/** The names in a path's `{…}` segments. */
export type PathParams<P extends string> = P extends `${string}{${infer N}}${infer R}`
  ? N | PathParams<R>
  : never;
type ParamKeys<O extends OperationShape> =
  O['params'] extends z.ZodObject<infer S> ? keyof S & string : never;
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;

/**
 * A descriptor, checked: the `params` schema names exactly the path's `{…}` segments, so renaming one
 * without the other fails the typecheck.
 */
export function operation<const O extends OperationShape>(
  descriptor: O &
    (Same<PathParams<O['path']>, ParamKeys<O>> extends true
      ? unknown
      : { params_must_name_exactly: PathParams<O['path']> }),
): O {
  return descriptor;
}
