import { http, HttpResponse } from 'msw';
import type { z } from 'zod';
import type { checkWarningSchema } from '../../../../contract/check-fields';
import { userDocument } from '../../../app/testing/session';
import { patternOf, urlOf } from '../../../api/call';
import { domainGroupOps } from '../../../../contract/operations/domain-groups';
import { organizationOps } from '../../../../contract/operations/organizations';
import { userOps } from '../../../../contract/operations/users';

// Wire documents of the s2 checks contract (snake_case, as the server sends them) for the page tests.

type Warning = z.input<typeof checkWarningSchema>;

export function analysisRow(
  id: number,
  domain: string,
  extra: Partial<{
    system: string;
    status: string;
    score: number | null;
    warnings: Warning[];
    warning_count: number;
    summary: Record<string, unknown>;
    checked_at: string | null;
  }> = {},
) {
  const warnings = extra.warnings ?? [];
  return {
    type: 'domain-analysis',
    id: String(id),
    attributes: {
      domain,
      domain_id: id,
      system: 'dmarc',
      status: 'pass',
      score: 100,
      checked_at: '2026-11-20T08:30:00.000Z',
      warning_count: warnings.length,
      summary: {},
      ...extra,
      warnings,
    },
  };
}

export function pagedWire<T>(path: string, rows: T[], count = rows.length, pages = 1, page = 1) {
  const link = (p: number | null) => (p === null ? null : `${path}?page=${p}`);
  return {
    data: rows,
    links: {
      current: link(page),
      first: link(1),
      last: link(pages),
      next: link(page < pages ? page + 1 : null),
      prev: link(page > 1 ? page - 1 : null),
    },
    // The contract's page meta (contract/paging.ts): a page size that gives `pages` pages of `count` rows.
    meta: { count, page, page_size: Math.max(1, Math.ceil(count / pages)) },
  };
}

/** The calls every signed-in page makes around its own (current user, filter options). */
export const shellHandlers = [
  http.get(`*${urlOf(userOps.get, { params: { id: 7 } })}`, () => HttpResponse.json(userDocument())),
  http.get(`*${patternOf(organizationOps.list)}`, () =>
    HttpResponse.json(pagedWire(patternOf(organizationOps.list), [])),
  ),
  http.get(`*${patternOf(domainGroupOps.listV2)}`, () =>
    HttpResponse.json(pagedWire(patternOf(domainGroupOps.listV2), [])),
  ),
];

// The DMARC page's rows and the detail of alpha.example; the DKIM detail of gamma.example.
export const dmarcRows = () => [
  analysisRow(1, 'alpha.example', {
    status: 'warning',
    score: 70,
    summary: { policy: 'none', pct: 100, rua: true },
    warning_count: 4,
    warnings: [
      { code: 'policy_none', severity: 'warning', message: 'p=none only monitors.' },
      {
        code: 'pct_partial',
        severity: 'warning',
        message: 'pct=50: receivers apply it to half.',
        params: { pct: 50 },
      },
      { code: 'unheard_of', severity: 'info', message: 'A message the console has no key for.' },
    ],
  }),
  analysisRow(2, 'beta.example', { status: 'unchecked', score: null, checked_at: null }),
];

export const dmarcResult = {
  domain: 'alpha.example',
  record: 'v=DMARC1; p=none; rua=mailto:d@alpha.example',
  location: '_dmarc.alpha.example',
  valid: true,
  tags: {
    p: { value: 'none', explicit: true, name: 'Policy', default: null, description: 'What receivers do.' },
  },
  warnings: [],
  score: 70,
};

export const dkimDetail = {
  type: 'domain-analysis',
  id: '3',
  attributes: {
    domain: 'gamma.example',
    domain_id: 3,
    system: 'dkim',
    status: 'fail',
    score: 40,
    checked_at: '2026-11-20T08:30:00.000Z',
    warnings: [],
    result: {
      domain: 'gamma.example',
      selectors: [
        {
          selector: 's1024',
          source: 'both',
          found: true,
          record: 'v=DKIM1; k=rsa; p=MIGf',
          key_type: 'rsa',
          key_bits: 1024,
          testing: true,
          revoked: false,
          warnings: [{ code: 'weak_key', severity: 'warning', message: 'The key s1024 has 1024 bits.' }],
        },
      ],
      warnings: [],
      score: 40,
    },
  },
};
