import type { PageLinks } from '../../contract/jsonapi';

// The wire schemas of paging live in the contract; this file builds the links and meta they describe.
export { defaultPageSize, pageLinksSchema, pageMetaSchema, pageQueryShape } from '../../contract/paging';

export type Paging = { page: number; pageSize: number; offset: number };
export const paging = (q: { page: number; page_size: number }): Paging => ({
  page: q.page,
  pageSize: q.page_size,
  offset: (q.page - 1) * q.page_size,
});

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
