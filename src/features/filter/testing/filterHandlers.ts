import { http, HttpResponse } from 'msw';
import { patternOf } from '../../../api/call';
import { domainGroupOps } from '../../../../contract/operations/domain-groups';
import { domainOps } from '../../../../contract/operations/domains';
import { organizationOps } from '../../../../contract/operations/organizations';

// msw handlers for the global filter's choices, for any page test that renders the FilterBar. They page and
// search like the real list routes (?page, ?page_size up to 100, ?search inside names, links.next).

export const filterOrganizations = [
  { id: 1, name: 'Acme' },
  { id: 2, name: 'Globex' },
];
export const filterGroups = [
  { id: 5, name: 'Marketing', domains: ['news.example.com'] },
  { id: 6, name: 'Corporate', domains: ['example.com', 'example.org'] },
];
export const filterDomains = ['example.com', 'example.org', 'news.example.com'];

function page<T>(request: Request, rows: T[], name: (row: T) => string) {
  const query = new URL(request.url).searchParams;
  const search = query.get('search')?.toLowerCase() ?? '';
  const matching = search ? rows.filter((r) => name(r).toLowerCase().includes(search)) : rows;
  const size = Math.min(Number(query.get('page_size') ?? 20), 100);
  const number = Number(query.get('page') ?? 1);
  const data = matching.slice((number - 1) * size, number * size);
  const next = number * size < matching.length ? `${new URL(request.url).pathname}?page=${number + 1}` : null;
  return HttpResponse.json({
    data,
    links: { current: null, first: null, last: null, next, prev: null },
    meta: { count: matching.length, page: number, page_size: size },
  });
}

export function filterHandlers(
  organizations = filterOrganizations,
  groups = filterGroups,
  domains = filterDomains,
) {
  const orgs = organizations.map((o) => ({ type: 'organizations', id: o.id, attributes: { name: o.name } }));
  return [
    http.get(`*${patternOf(organizationOps.list)}`, ({ request }) =>
      page(request, orgs, (o) => o.attributes.name),
    ),
    http.get(`*${patternOf(organizationOps.get)}`, ({ params }) => {
      const found = orgs.find((o) => String(o.id) === params.id);
      return found
        ? HttpResponse.json({ data: found })
        : HttpResponse.json({ detail: 'Not found.' }, { status: 404 });
    }),
    http.get(`*${patternOf(domainGroupOps.listV2)}`, ({ request }) =>
      page(
        request,
        groups.map((g) => ({
          type: 'domain-groups',
          id: g.id,
          attributes: { name: g.name, domains: g.domains },
        })),
        (g) => g.attributes.name,
      ),
    ),
    http.get(`*${patternOf(domainOps.listV2)}`, ({ request }) =>
      page(
        request,
        domains.map((name, i) => ({ type: 'domains', id: i + 1, attributes: { name } })),
        (d) => d.attributes.name,
      ),
    ),
  ];
}
