import type { z } from 'zod';
import type { OperationShape } from '../../contract/operation';
import { errorResponses } from './schemas';

type RouteSchema<O extends OperationShape> = {
  tags: string[];
  summary: string;
  security?: { bearer: never[] }[];
  params: O['params'] extends z.ZodType ? O['params'] : undefined;
  querystring: O['query'] extends z.ZodType ? O['query'] : undefined;
  body: O['body'] extends z.ZodType ? O['body'] : undefined;
  response: O['responses'] & ReturnType<typeof errorResponses<O['errors'][number]>>;
};

/**
 * Method, URL and schema of a route, from its descriptor (contract/operation.ts), for a plugin mounted under
 * `prefix` (the instance's own, `app.prefix`): `app.route({ ...routeOf(app.prefix, ops.list), handler })`.
 */
export function routeOf<O extends OperationShape>(prefix: string, descriptor: O) {
  const { method, path, tag, summary, auth, params, query, body, responses, errors } = descriptor;
  if (!path.startsWith(`${prefix}/`)) throw new Error(`${method} ${path} is not under ${prefix}`);
  const schema: Record<string, unknown> = { tags: [tag], summary };
  if (auth === 'bearer') schema.security = [{ bearer: [] }];
  if (params) schema.params = params;
  if (query) schema.querystring = query;
  if (body) schema.body = body;
  schema.response = { ...responses, ...errorResponses(...errors) };
  return {
    method,
    // Fastify writes a path parameter `:name` where OpenAPI writes `{name}`.
    url: path.slice(prefix.length).replace(/\{(\w+)\}/g, ':$1'),
    schema: schema as RouteSchema<O>,
  };
}
