import type { z } from 'zod';
import type { OperationShape } from '../../contract/operation';
import { jsonOrCsv } from './csv';
import { errorResponses } from './schemas';

type RouteSchema<O extends OperationShape> = {
  tags: string[];
  summary: string;
  security?: { bearer: never[] }[];
  params: O['params'] extends z.ZodType ? O['params'] : undefined;
  querystring: O['query'] extends z.ZodType ? O['query'] : undefined;
  body: O['body'] extends z.ZodType ? O['body'] : undefined;
  response: Responses<O> & ReturnType<typeof errorResponses<O['errors'][number]>>;
};

// A file's bytes go out as they are; the schema documents them (a binary string).
type FileAnswer<S> = { description: string; content: { 'application/octet-stream': { schema: S } } };

// A CSV operation's answers are JSON or CSV text, so its handler may return either.
type Responses<O extends OperationShape> = O['file'] extends string
  ? { [S in keyof O['responses']]: FileAnswer<O['responses'][S]> }
  : O['csv'] extends true
    ? {
        [S in keyof O['responses']]: O['responses'][S] extends z.ZodType
          ? ReturnType<typeof jsonOrCsv<O['responses'][S]>>
          : never;
      }
    : O['responses'];

/**
 * Method, URL and schema of a route, from its descriptor (contract/operation.ts), for a plugin mounted under
 * `prefix` (the instance's own, `app.prefix`): `app.route({ ...routeOf(app.prefix, ops.list), handler })`.
 */
export function routeOf<O extends OperationShape>(prefix: string, descriptor: O) {
  const { method, path, tag, summary, auth, params, query, body, encoding, responses, errors, csv, file } =
    descriptor;
  if (!path.startsWith(`${prefix}/`)) throw new Error(`${method} ${path} is not under ${prefix}`);
  const schema: Record<string, unknown> = { tags: [tag], summary };
  if (auth === 'bearer') schema.security = [{ bearer: [] }];
  if (params) schema.params = params;
  if (query) schema.querystring = query;
  if (encoding === 'multipart') schema.consumes = ['multipart/form-data'];
  if (body) schema.body = body;
  const wrap = (answer: z.ZodType) =>
    file
      ? { description: file, content: { 'application/octet-stream': { schema: answer } } }
      : jsonOrCsv(answer);
  const answers =
    csv || file
      ? Object.fromEntries(Object.entries(responses).map(([status, answer]) => [status, wrap(answer)]))
      : responses;
  schema.response = { ...answers, ...errorResponses(...errors) };
  return {
    method,
    // Fastify writes a path parameter `:name` where OpenAPI writes `{name}`.
    url: path.slice(prefix.length).replace(/\{(\w+)\}/g, ':$1'),
    schema: schema as RouteSchema<O>,
  };
}
