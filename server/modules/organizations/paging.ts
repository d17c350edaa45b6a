import { z } from 'zod';
import type { PageLinks } from '../../../contract/jsonapi';

// Page-number paging for every list: ?page= (1-based) and ?page_size= (default 20, at most 100).
export const defaultPageSize = 20;
export const pageQueryShape = {
  page: z.coerce.number().int().min(1).default(1),
  page_size: z.coerce.number().int().min(1).max(100).default(defaultPageSize),
};

export type Paging = { page: number; pageSize: number; offset: number };
export const paging = (q: { page: number; page_size: number }): Paging => ({
  page: q.page,
  pageSize: q.page_size,
  offset: (q.page - 1) * q.page_size,
});

export const pageLinksSchema = z.object({
  current: z.string().nullable(),
  first: z.string().nullable(),
  last: z.string().nullable(),
  next: z.string().nullable(),
  prev: z.string().nullable(),
});
export const pageMetaSchema = z.looseObject({ count: z.number(), page: z.number(), page_size: z.number() });

// Links keep the caller's other query parameters and change only the page.
export function pageLinks(url: string, p: Paging, count: number): PageLinks {
  const last = Math.max(1, Math.ceil(count / p.pageSize));
  const link = (page: number) => {
    const u = new URL(url, 'http://x');
    u.searchParams.set('page', String(page));
    return `${u.pathname}?${u.searchParams.toString()}`;
  };
  return {
    current: link(p.page),
    first: link(1),
    last: link(last),
    next: p.page < last ? link(p.page + 1) : null,
    prev: p.page > 1 ? link(Math.min(p.page - 1, last)) : null,
  };
}

export function pageMeta(p: Paging, count: number) {
  return { count, page: p.page, page_size: p.pageSize };
}
