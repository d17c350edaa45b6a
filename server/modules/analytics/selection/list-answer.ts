import type { FastifyReply } from 'fastify';
import { csvRowCap, sendCsv, toCsv } from '../../../lib/csv';
import { pageLinks, pageMeta, paging } from '../../../lib/paging';
import type { Selection } from './filter';

// One way every analytics list answers: a page of JSON:API-ish rows with links and meta, or with
// ?format=csv every row under the filter (at most csvRowCap; X-Total-Count tells how many matched) as CSV
// with the same attribute names as columns.

export type Page = { offset: number; limit: number; search?: string; ordering?: string };
type Attributes = Record<string, unknown>;

// T and A are the resource type and attributes the route's contract schema names (contract/analytics.ts);
// M, what a list adds to its meta.
export type ListSpec<
  R,
  T extends string = string,
  A extends Attributes = Attributes,
  M extends Attributes = Record<never, never>,
> = {
  type: T;
  id: (row: R) => string;
  attributes: (rows: R[]) => A[] | Promise<A[]>;
  /** File name stem and columns of the CSV export. */
  csv: { name: string; columns: readonly string[] };
  fetch: (page: Page) => Promise<{ count: number; rows: R[]; meta?: M }>;
};

type ListQuery = { page: number; page_size: number; search?: string; ordering?: string; format?: string };

export async function answerList<
  R,
  T extends string,
  A extends Attributes,
  M extends Attributes = Record<never, never>,
>(reply: FastifyReply, url: string, q: ListQuery, s: Selection, spec: ListSpec<R, T, A, M>) {
  if (q.format === 'csv') {
    const { count, rows } = await spec.fetch({
      offset: 0,
      limit: csvRowCap,
      search: q.search,
      ordering: q.ordering,
    });
    const attrs = await spec.attributes(rows);
    const columns = spec.csv.columns.map((k) => ({ header: k, value: (a: Attributes) => a[k] }));
    return sendCsv(reply, `${spec.csv.name}_${s.begin}_${s.end}`, toCsv(columns, attrs), count);
  }
  const p = paging(q);
  const { count, rows, meta } = await spec.fetch({
    offset: p.offset,
    limit: p.pageSize,
    search: q.search,
    ordering: q.ordering,
  });
  const attrs = await spec.attributes(rows);
  return {
    data: rows.map((r, i) => ({ type: spec.type, id: spec.id(r), attributes: attrs[i] })),
    links: pageLinks(url, p, count),
    meta: { ...pageMeta(p, count), begin_date: s.begin, end_date: s.end, ...(meta as M) },
  };
}
