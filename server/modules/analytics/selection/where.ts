import { sql, type Expression, type SqlBool } from 'kysely';
import { addDays, type Selection } from './filter';

// Where-conditions for a selection: on dmarc_rollups aliased `u` (day is the report's UTC begin day; the
// summaries of migration 0033 have the same organization_id, domain, day columns), and on
// dmarc_reports aliased `r` (the same days, as a timestamp range so the (organization_id, begin_date) index
// serves it).

export function domainCondition(column: string, s: Selection): Expression<SqlBool> {
  if (s.domains === null) return sql<SqlBool>`true`;
  if (s.domains.length === 0) return sql<SqlBool>`false`;
  return sql<SqlBool>`${sql.ref(column)} = any(${s.domains}::text[])`;
}

export function rollupCondition(s: Selection): Expression<SqlBool> {
  const org =
    s.organizationId === 'all' ? sql<SqlBool>`true` : sql<SqlBool>`u.organization_id = ${s.organizationId}`;
  return sql<SqlBool>`${org} and ${domainCondition('u.domain', s)}
    and u.day >= ${s.begin}::date and u.day <= ${s.end}::date`;
}

export function reportCondition(s: Selection): Expression<SqlBool> {
  const org =
    s.organizationId === 'all'
      ? sql<SqlBool>`r.organization_id is not null`
      : sql<SqlBool>`r.organization_id = ${s.organizationId}`;
  return sql<SqlBool>`${org} and ${domainCondition('r.domain', s)}
    and r.begin_date >= ${`${s.begin}T00:00:00Z`}::timestamptz
    and r.begin_date < ${`${addDays(s.end, 1)}T00:00:00Z`}::timestamptz`;
}
