import { http, HttpResponse } from 'msw';

// msw handlers for the global filter's choices, for any page test that renders the FilterBar.

export const filterOrganizations = [
  { id: 1, name: 'Acme' },
  { id: 2, name: 'Globex' },
];
export const filterGroups = [
  { id: 5, name: 'Marketing', domains: ['news.example.com'] },
  { id: 6, name: 'Corporate', domains: ['example.com', 'example.org'] },
];
export const filterDomains = ['example.com', 'example.org', 'news.example.com'];

const page = <T>(data: T[]) => ({
  data,
  links: { current: null, first: null, last: null, next: null, prev: null },
  meta: { count: data.length, page: 1, page_size: 100 },
});

export function filterHandlers(organizations = filterOrganizations) {
  return [
    http.get('*/api/ph/organizations/', () =>
      HttpResponse.json(
        page(organizations.map((o) => ({ type: 'organizations', id: o.id, attributes: { name: o.name } }))),
      ),
    ),
    http.get('*/api/dm/v2/domain-groups/', () =>
      HttpResponse.json(
        page(
          filterGroups.map((g) => ({
            type: 'domain-groups',
            id: g.id,
            attributes: { name: g.name, domains: g.domains },
          })),
        ),
      ),
    ),
    http.get('*/api/dm/v2/domains/', () =>
      HttpResponse.json(
        page(filterDomains.map((name, i) => ({ type: 'domains', id: i + 1, attributes: { name } }))),
      ),
    ),
  ];
}
