import type { z } from 'zod';
import type { analysisDetail as analysisDetailDocument } from '../../../contract/analysis';
import type { Db } from '../../db/database';
import type { System } from '../../checks/history/systems';
import type { Actor } from '../../lib/permissions';
import { dateWindow } from '../analytics';
import { pageLinks, pageMeta, paging } from '../../lib/paging';
import { listAnalysis, countAnalysis, storedResult, tlsSessions } from './repo';
import type { AnalysisListQuery } from '../../../contract/analysis';
import { analysisScope, visibleDomain } from './scope';
import { summaryOf, type TlsSessions } from './summary';

// Analysis by system: the stored results of one system for every domain in the caller's scope.

type Row = {
  id: number;
  name: string;
  status: string | null;
  score: number | null;
  checked_at: Date | string | null;
  warnings: unknown;
  result: unknown;
};
type Warning = { code: string; severity: 'error' | 'warning' | 'info'; message: string };

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());
const warningsOf = (row: Row): Warning[] => (Array.isArray(row.warnings) ? (row.warnings as Warning[]) : []);

function attributes(system: System, row: Row, tls?: TlsSessions) {
  const checked = row.status !== null;
  return {
    domain: row.name,
    domain_id: row.id,
    system,
    status: (checked ? row.status : 'unchecked') as 'pass' | 'warning' | 'fail' | 'unchecked',
    score: row.score,
    checked_at: iso(row.checked_at),
    warnings: warningsOf(row),
    summary: summaryOf(system, checked ? row.result : null, tls),
  };
}

export async function analysisList(
  db: Db,
  actor: Actor,
  system: System,
  q: AnalysisListQuery,
  url: string,
  now: Date,
) {
  const scope = await analysisScope(db, actor, q);
  const window = dateWindow(q, now);
  const p = paging(q);
  const count = await countAnalysis(db, scope, system);
  const rows = (await listAnalysis(db, scope, system, q.ordering, p.offset, p.pageSize)) as Row[];
  const tls =
    system === 'tls'
      ? await tlsSessions(
          db,
          scope.organizationId,
          rows.map((r) => r.name),
          window.begin,
          window.end,
        )
      : new Map<string, TlsSessions>();
  return {
    data: rows.map((row) => {
      const { warnings, ...rest } = attributes(system, row, tls.get(row.name));
      return {
        type: 'domain-analysis' as const,
        id: String(row.id),
        attributes: { ...rest, warning_count: warnings.length, warnings: warnings.slice(0, 3) },
      };
    }),
    links: pageLinks(url, p, count),
    meta: pageMeta(p, count),
  };
}

export async function analysisDetail(
  db: Db,
  actor: Actor,
  system: System,
  domainId: number,
  organization: number | undefined,
  now: Date,
) {
  const domain = await visibleDomain(db, actor, { id: domainId }, organization);
  const stored = await storedResult(db, domain.organization_id, domain.id, system);
  const row: Row = {
    id: domain.id,
    name: domain.name,
    status: stored?.status ?? null,
    score: stored?.score ?? null,
    checked_at: stored?.checked_at ?? null,
    warnings: stored?.warnings ?? [],
    result: stored?.result ?? null,
  };
  let tls: TlsSessions | undefined;
  if (system === 'tls') {
    const w = dateWindow({}, now);
    tls = (await tlsSessions(db, domain.organization_id, [domain.name], w.begin, w.end)).get(domain.name);
  }
  const document = {
    data: {
      type: 'domain-analysis' as const,
      id: String(domain.id),
      attributes: { ...attributes(system, row, tls), result: stored ? row.result : null },
    },
  };
  // The stored result is JSON whose document follows from `system`: the contract checks it on the way out.
  return document as z.input<typeof analysisDetailDocument>;
}
