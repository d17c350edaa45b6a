import { sql, type Selectable } from 'kysely';
import type { Db } from '../../db/database';
import type { AlertRulesTable } from '../../db/schema-alerts';

// Reads and writes of the alert tables. Every query names the organization: the tables are keyed by it.

export type AlertRuleRow = Omit<Selectable<AlertRulesTable>, 'id'> & { id: number };

const asRule = <T extends { id: string | number }>(row: T) => ({ ...row, id: Number(row.id) });

export async function findRule(
  db: Db,
  id: number,
  organizationId?: number,
): Promise<AlertRuleRow | undefined> {
  let q = db.selectFrom('alert_rules').selectAll().where('id', '=', id);
  if (organizationId !== undefined) q = q.where('organization_id', '=', organizationId);
  const row = await q.executeTakeFirst();
  return row ? (asRule(row) as AlertRuleRow) : undefined;
}

/** A rule, its row locked until the caller's transaction ends. */
export async function lockRule(
  db: Db,
  id: number,
  organizationId: number,
): Promise<AlertRuleRow | undefined> {
  const row = await db
    .selectFrom('alert_rules')
    .selectAll()
    .where('organization_id', '=', organizationId)
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
  return row ? (asRule(row) as AlertRuleRow) : undefined;
}

/** An active rule, stamped as evaluated at `now`; undefined when it is gone or inactive. */
export async function markEvaluated(
  db: Db,
  id: number,
  organizationId: number,
  now: Date,
): Promise<AlertRuleRow | undefined> {
  const row = await db
    .updateTable('alert_rules')
    .set({ last_evaluated_at: now })
    .where('organization_id', '=', organizationId)
    .where('id', '=', id)
    .where('is_active', '=', true)
    .returningAll()
    .executeTakeFirst();
  return row ? (asRule(row) as AlertRuleRow) : undefined;
}

/** Rules named by organization and id, as a batch of evaluations carries them. */
export type RuleKey = { organizationId: number; ruleId: number };
export const ruleKey = (organizationId: number, ruleId: number) => `${organizationId}:${ruleId}`;

/**
 * The active ones of these rules, stamped as evaluated at `now`, in one statement. Their rows stay locked
 * until the caller's transaction ends (taken in key order, so two batches sharing rules wait instead of
 * deadlocking): two evaluations of one rule never step its states at once.
 */
export async function markEvaluatedMany(db: Db, keys: RuleKey[], now: Date): Promise<AlertRuleRow[]> {
  if (keys.length === 0) return [];
  const unique = [...new Map(keys.map((k) => [ruleKey(k.organizationId, k.ruleId), k])).values()];
  const json = JSON.stringify(unique.map((k) => ({ o: k.organizationId, r: k.ruleId })));
  const { rows } = await sql<Selectable<AlertRulesTable>>`
    update alert_rules r set last_evaluated_at = ${now}
      from (select a.organization_id, a.id from alert_rules a
              join jsonb_to_recordset(${json}::jsonb) as b(o int, r bigint)
                on a.organization_id = b.o and a.id = b.r
             where a.is_active
             order by a.organization_id, a.id
               for update of a) l
     where r.organization_id = l.organization_id and r.id = l.id
    returning r.*`.execute(db);
  return rows.map((r) => asRule(r) as AlertRuleRow);
}

/**
 * The policy domains each rule watches now (as ruleDomains answers for one), for many rules in one
 * statement; keyed by ruleKey. IP rules watch none.
 */
export async function domainsOfRules(db: Db, rules: AlertRuleRow[]): Promise<Map<string, string[]>> {
  const out = new Map<string, string[]>();
  const scoped = rules.filter((r) => r.scope_type !== 'ip');
  for (const r of scoped) out.set(ruleKey(r.organization_id, r.id), []);
  if (scoped.length === 0) return out;
  const json = JSON.stringify(
    scoped.map((r) => ({ o: r.organization_id, r: r.id, scope: r.scope_type, target: r.target_selection })),
  );
  const { rows } = await sql<{ o: number; r: string | number; name: string }>`
    select distinct b.o, b.r, d.name
      from jsonb_to_recordset(${json}::jsonb) as b(o int, r bigint, scope text, target text)
      join domains d on d.organization_id = b.o
     where b.scope = 'organization'
        or (b.scope = 'domain' and d.name = b.target)
        or (b.scope = 'domain_group' and d.id in (
              select gd.domain_id from domain_group_domains gd
                join domain_groups g on g.id = gd.group_id
               where g.organization_id = b.o and g.id::text = b.target))
     order by d.name`.execute(db);
  for (const row of rows) out.get(ruleKey(row.o, Number(row.r)))?.push(row.name);
  return out;
}

export type RuleQuery = {
  organizationId: number | 'all';
  ownerId: number | null;
  search?: string;
  isActive?: boolean;
};

function scoped(db: Db, scope: RuleQuery) {
  let q = db.selectFrom('alert_rules');
  if (scope.organizationId !== 'all') q = q.where('organization_id', '=', scope.organizationId);
  if (scope.ownerId !== null) q = q.where('owner_id', '=', scope.ownerId);
  if (scope.isActive !== undefined) q = q.where('is_active', '=', scope.isActive);
  if (scope.search) {
    const like = `%${scope.search.toLowerCase().replace(/[%_\\]/g, '\\$&')}%`;
    q = q.where((eb) =>
      eb.or([eb(sql`lower(name)`, 'like', like), eb(sql`lower(target_selection)`, 'like', like)]),
    );
  }
  return q;
}

export async function countRules(db: Db, scope: RuleQuery): Promise<number> {
  const row = await scoped(db, scope)
    .select(sql<number>`count(*)::int`.as('n'))
    .executeTakeFirstOrThrow();
  return row.n;
}

export async function listRules(db: Db, scope: RuleQuery, offset: number, limit: number) {
  const rows = await scoped(db, scope).selectAll().orderBy('id').offset(offset).limit(limit).execute();
  return rows.map((r) => asRule(r) as AlertRuleRow);
}

/** Per rule: the subjects firing now and the last firing time. */
export async function ruleStates(db: Db, rules: AlertRuleRow[]) {
  const out = new Map<
    number,
    { firing: string[]; lastFiredAt: Date | null; pendingEmails: number; failingEmails: number }
  >();
  for (const r of rules) out.set(r.id, { firing: [], lastFiredAt: null, pendingEmails: 0, failingEmails: 0 });
  if (rules.length === 0) return out;
  const orgs = [...new Set(rules.map((r) => r.organization_id))];
  const ids = rules.map((r) => r.id);
  const states = await db
    .selectFrom('alert_states')
    .select(['rule_id', 'subject'])
    .where('organization_id', 'in', orgs)
    .where('rule_id', 'in', ids)
    .where('state', '=', 'firing')
    .orderBy('subject')
    .execute();
  for (const s of states) out.get(Number(s.rule_id))?.firing.push(s.subject);
  const last = await db
    .selectFrom('alert_firings')
    .select(['rule_id', sql<Date>`max(fired_at)`.as('at')])
    .where('organization_id', 'in', orgs)
    .where('rule_id', 'in', ids)
    .where('kind', '=', 'firing')
    .groupBy('rule_id')
    .execute();
  for (const l of last) out.get(Number(l.rule_id))!.lastFiredAt = new Date(l.at);
  // Alert mail not yet handed to SMTP: the outbox rows of the last 30 days' firings still unsent.
  const pending = await sql<{ rule_id: string | number; n: number; failing: number }>`
    select f.rule_id, count(distinct o.id)::int as n,
           count(distinct o.id) filter (where o.attempts > 0)::int as failing
      from alert_firings f
      cross join lateral jsonb_array_elements_text(f.outbox_ids) as x(id)
      join outbox o on o.id = x.id::int and o.sent_at is null
     where f.organization_id in (${sql.join(orgs)}) and f.rule_id in (${sql.join(ids)})
       and f.fired_at > now() - interval '30 days'
     group by f.rule_id`.execute(db);
  for (const p of pending.rows) {
    out.get(Number(p.rule_id))!.pendingEmails = p.n;
    out.get(Number(p.rule_id))!.failingEmails = p.failing;
  }
  return out;
}

export async function groupNames(
  db: Db,
  organizationId: number,
  ids: number[],
): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('domain_groups')
    .select(['id', 'name'])
    .where('organization_id', '=', organizationId)
    .where('id', 'in', ids)
    .execute();
  return new Map(rows.map((r) => [r.id, r.name]));
}

/** The policy domains a rule watches now (a rule keeps names, not keys: a removed domain drops out). */
export async function ruleDomains(db: Db, rule: AlertRuleRow): Promise<string[]> {
  if (rule.scope_type === 'ip') return [];
  let q = db
    .selectFrom('domains')
    .select('domains.name')
    .where('domains.organization_id', '=', rule.organization_id);
  if (rule.scope_type === 'domain') q = q.where('domains.name', '=', rule.target_selection);
  if (rule.scope_type === 'domain_group') {
    const groupId = Number(rule.target_selection);
    q = q.where('domains.id', 'in', (eb) =>
      eb
        .selectFrom('domain_group_domains')
        .innerJoin('domain_groups', 'domain_groups.id', 'domain_group_domains.group_id')
        .select('domain_group_domains.domain_id')
        .where('domain_groups.organization_id', '=', rule.organization_id)
        .where('domain_group_domains.group_id', '=', Number.isSafeInteger(groupId) ? groupId : -1),
    );
  }
  const rows = await q.orderBy('domains.name').execute();
  return [...new Set(rows.map((r) => r.name))];
}

/**
 * The active rules of these organizations whose condition is one of `conditions`, each with its group's
 * domain names when it watches a group: what an ingest batch queues evaluations for, in one statement.
 */
export async function rulesToQueue(db: Db, organizationIds: number[], conditions: string[]) {
  if (organizationIds.length === 0 || conditions.length === 0) return [];
  const { rows } = await sql<{
    organization_id: number;
    id: string | number;
    scope_type: string;
    target_selection: string;
    condition: string;
    group_domains: string[] | null;
  }>`
    select r.organization_id, r.id, r.scope_type, r.target_selection, r.condition,
           case when r.scope_type = 'domain_group' then (
             select coalesce(jsonb_agg(d.name), '[]'::jsonb)
               from domain_group_domains gd
               join domain_groups g on g.id = gd.group_id
               join domains d on d.id = gd.domain_id and d.organization_id = g.organization_id
              where g.organization_id = r.organization_id and g.id::text = r.target_selection) end as group_domains
      from alert_rules r
     where r.organization_id in (${sql.join(organizationIds)}) and r.is_active
       and r.condition in (${sql.join(conditions)})
     order by r.organization_id, r.id`.execute(db);
  return rows.map((r) => ({ ...r, id: Number(r.id), group_domains: r.group_domains ?? [] }));
}

export async function activeRulesOf(db: Db, organizationIds: number[]): Promise<AlertRuleRow[]> {
  if (organizationIds.length === 0) return [];
  const rows = await db
    .selectFrom('alert_rules')
    .selectAll()
    .where('organization_id', 'in', organizationIds)
    .where('is_active', '=', true)
    .execute();
  return rows.map((r) => asRule(r) as AlertRuleRow);
}

/** A rule's e-mail addresses, its row locked until the transaction ends; undefined when it is gone. */
export async function lockRuleAddresses(
  trx: Db,
  organizationId: number,
  ruleId: number,
): Promise<string[] | undefined> {
  const rule = await trx
    .selectFrom('alert_rules')
    .select(['destination_addresses'])
    .where('organization_id', '=', organizationId)
    .where('id', '=', ruleId)
    .forUpdate()
    .executeTakeFirst();
  return rule?.destination_addresses;
}

export async function setRuleAddresses(trx: Db, organizationId: number, ruleId: number, addresses: string[]) {
  await trx
    .updateTable('alert_rules')
    .set({ destination_addresses: JSON.stringify(addresses), updated_at: new Date() })
    .where('organization_id', '=', organizationId)
    .where('id', '=', ruleId)
    .execute();
}
