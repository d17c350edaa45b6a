// JSON:API-style documents of DESIGN.md section 3 (snake_case keys from the server).
export type PageLinks = {
  current: string | null;
  first: string | null;
  last: string | null;
  next: string | null;
  prev: string | null;
};
export type Resource<A, R = Record<string, unknown>> = {
  type: string;
  id: string | number;
  attributes: A;
  relationships?: R;
};
export type ListDocument<A, R = Record<string, unknown>> = {
  data: Resource<A, R>[];
  links: PageLinks;
  meta: { count: number; page: number; page_size: number; [k: string]: unknown };
};
export type SingleDocument<A, R = Record<string, unknown>> = { data: Resource<A, R> };
