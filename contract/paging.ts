import { z } from 'zod';

// Page-number paging for every list: ?page= (1-based) and ?page_size= (default 20, at most 100).
export const defaultPageSize = 20;
export const pageQueryShape = {
  page: z.coerce.number().int().min(1).default(1),
  page_size: z.coerce.number().int().min(1).max(100).default(defaultPageSize),
};

export const pageLinksSchema = z.object({
  current: z.string().nullable(),
  first: z.string().nullable(),
  last: z.string().nullable(),
  next: z.string().nullable(),
  prev: z.string().nullable(),
});
export const pageMetaSchema = z.object({
  count: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
});

/** `?format=csv` on a list route; anything else (or nothing) answers JSON. */
export const formatShape = { format: z.enum(['json', 'csv']).optional() };

/** A JSON:API-style list document (DESIGN.md section 3) of one resource schema. */
export function listDocument<R extends z.ZodType>(resource: R) {
  return z.object({ data: z.array(resource), links: pageLinksSchema, meta: pageMetaSchema });
}

/**
 * A list schema with an example answer: the first (and only) page of `path` holding `data`; `meta` adds the
 * fields a list's meta has beyond count and paging (the analytics window).
 */
export function listExample<S extends z.ZodType<{ data: unknown[] }>>(
  schema: S,
  path: string,
  data: z.output<S>['data'],
  meta: Record<string, unknown> = {},
): S {
  const page = `${path}?page=1&page_size=${defaultPageSize}`;
  return schema.meta({
    example: {
      data,
      links: { current: page, first: page, last: page, next: null, prev: null },
      meta: { count: data.length, page: 1, page_size: defaultPageSize, ...meta },
    },
  });
}
