import { http, HttpResponse } from 'msw';
import type { z } from 'zod';
import type { zoneDocument } from '../../../contract/dns';
import { userDocument } from '../../app/testing/session';
import { patternOf, urlOf } from '../../api/call';
import type { OperationShape } from '../../../contract/operation';
import { dnsOps } from '../../../contract/operations/dns';
import { userOps } from '../../../contract/operations/users';

// What the zone page tests share: a zone document typed by the contract and the calls every zone page
// makes besides its own (the user, DNS status, the history tab's first page).
/** A descriptor's path as the test servers' route (any origin). */
export const at = (op: OperationShape) => `*${patternOf(op)}`;

export const zoneFixture = (
  over: Partial<z.input<typeof zoneDocument>> = {},
): z.input<typeof zoneDocument> => ({
  id: 3,
  name: 'example.com.',
  kind: 'Native',
  version: 4,
  records: 0,
  organization: 1,
  created_at: '2026-11-20T10:00:00.000Z',
  updated_at: '2026-11-21T10:00:00.000Z',
  account: 'msas-org-1',
  serial: 2026112104,
  dnssec: false,
  outside_change: null,
  rrsets: [],
  ...over,
});

export const zonePageHandlers = (zone: z.input<typeof zoneDocument>) => [
  http.get(`*${urlOf(userOps.get, { params: { id: 7 } })}`, () =>
    HttpResponse.json(userDocument({ language: 'en' })),
  ),
  http.get(at(dnsOps.status), () =>
    HttpResponse.json({ configured: true, reachable: true, server: 'localhost', default_nameservers: [] }),
  ),
  http.get(at(dnsOps.zone), () => HttpResponse.json(zone)),
  http.get(at(dnsOps.history), () =>
    HttpResponse.json({
      data: [],
      links: { current: null, first: null, last: null, next: null, prev: null },
      meta: { count: 0, page: 1, page_size: 20 },
    }),
  ),
];
