import { sql } from 'kysely';
import type { Db } from '../../../db/database';

// The alerts of a period, for the digest (docs/DIGESTS.md): each rule and subject that fired on a day of the
// period, how often, on which last day, and whether it is still open now.

export type PeriodAlert = {
  rule: string;
  condition: string;
  subject: string;
  firings: number;
  lastDay: string;
  open: boolean;
};

const LIMIT = 20;

/**
 * `domains` limits them to a report's domains (null: all of the organization's): a firing counts when its
 * subject is one of them, or its rule watches one of them by name.
 */
export async function alertsOfPeriod(
  db: Db,
  organizationId: number,
  period: { begin: string; end: string },
  domains: string[] | null,
): Promise<PeriodAlert[]> {
  if (domains !== null && domains.length === 0) return [];
  const inScope =
    domains === null
      ? sql`true`
      : sql`(lower(f.subject) in (${sql.join(domains)})
          or (r.scope_type = 'domain' and lower(r.target_selection) in (${sql.join(domains)})))`;
  const { rows } = await sql<{
    name: string;
    condition: string;
    subject: string;
    firings: number;
    last_day: string;
    open: boolean;
  }>`
    select r.name, r.condition, f.subject, count(*)::int as firings, max(f.day)::text as last_day,
           exists (select 1 from alert_states s
                    where s.organization_id = f.organization_id and s.rule_id = f.rule_id
                      and s.subject = f.subject and s.state = 'firing') as open
      from alert_firings f
      join alert_rules r on r.organization_id = f.organization_id and r.id = f.rule_id
     where f.organization_id = ${organizationId} and f.kind = 'firing'
       and f.day between ${period.begin}::date and ${period.end}::date and ${inScope}
     group by f.organization_id, f.rule_id, r.name, r.condition, f.subject
     order by open desc, max(f.day) desc, r.name, f.subject
     limit ${LIMIT}`.execute(db);
  return rows.map((r) => ({
    rule: r.name,
    condition: r.condition,
    subject: r.subject,
    firings: Number(r.firings),
    lastDay: r.last_day,
    open: Boolean(r.open),
  }));
}
