import { sql } from 'kysely';
import type { Db } from '../../../db/database';
import type { Actor } from '../../../lib/permissions';
import { isAdminOf, isSupport } from '../../../lib/permissions';
import { notFound } from '../../../lib/errors';
import { pageLinks, pageMeta, paging } from '../../../lib/paging';
import { destinationStates } from '../../recipients';
import { heldOf } from '../delivery/held';
import { scopeFor } from '../../shared/domain-scope';
import type { WebhookFormat } from '../../../../contract/alerts';
import { type AlertRuleRow, countRules, groupNames, listRules, ruleStates, type RuleQuery } from '../repo';

// The alert documents of contract/alerts.ts, built from the stored rows.

const iso = (d: Date | string | null) => (d ? new Date(d).toISOString() : null);
type States = Awaited<ReturnType<typeof ruleStates>>;
type Destinations = Awaited<ReturnType<typeof destinationStates>>;

function alertResource(
  r: AlertRuleRow,
  states: States,
  groups: Map<number, string>,
  destinations: Destinations,
  held: Map<number, Date | null>,
) {
  const s = states.get(r.id) ?? { firing: [], lastFiredAt: null, pendingEmails: 0, failingEmails: 0 };
  // Only members' and confirmed addresses get mail (docs/ALERTS.md "Recipients").
  const mailable = destinations.filter((d) => d.state === 'member' || d.state === 'confirmed').length;
  // Items a cool-down holds are mail waiting too: one e-mail per recipient when it ends.
  const holding = held.has(r.id);
  const groupId = r.scope_type === 'domain_group' ? Number(r.target_selection) : null;
  return {
    type: 'alerts' as const,
    id: r.id,
    attributes: {
      name: r.name,
      owner: r.owner_id,
      creator_email: r.creator_email,
      organization: r.organization_id,
      target_selection: r.target_selection,
      scope_type: r.scope_type,
      condition: r.condition as never,
      time_frame: r.time_frame as never,
      params: r.params,
      domain_group_name: groupId === null ? null : (groups.get(groupId) ?? null),
      domain: r.scope_type === 'domain' ? r.target_selection : null,
      ip: r.scope_type === 'ip' ? r.target_selection : null,
      is_active: r.is_active,
      destination_addresses: r.destination_addresses,
      destination_states: destinations,
      // An active rule nobody gets mail from (its last recipient unsubscribed or none confirmed) stays
      // active: it still records firings, shows them here and calls its webhook, which a person who
      // unsubscribed one address expects to keep; the console shows that it mails nobody instead.
      mails_nobody: mailable === 0,
      language: r.language === 'pt' ? ('pt' as const) : ('en' as const),
      cooldown_minutes: r.cooldown_minutes,
      webhook_url: r.webhook_url,
      has_webhook_secret: r.webhook_secret_enc !== null,
      webhook_format: r.webhook_format as WebhookFormat,
      has_webhook_routing_key: r.webhook_routing_key_enc !== null,
      state: s.firing.length ? ('firing' as const) : ('ok' as const),
      firing_subjects: s.firing,
      last_fired_at: iso(s.lastFiredAt),
      last_evaluated_at: iso(r.last_evaluated_at),
      delivery: {
        failures: r.delivery_failures,
        last_error: r.last_delivery_error,
        last_attempt_at: iso(r.last_delivery_at),
        pending_emails: s.pendingEmails + (holding ? mailable : 0),
        failing_emails: s.failingEmails,
        next_send_at: iso(held.get(r.id) ?? null),
      },
      created_at: iso(r.created_at)!,
      updated_at: iso(r.updated_at)!,
    },
    relationships: {
      owner: { data: r.owner_id === null ? null : { type: 'users', id: r.owner_id } },
      domain_group: { data: groupId === null ? null : { type: 'domain_groups', id: groupId } },
    },
  };
}

async function groupsFor(db: Db, rows: AlertRuleRow[]) {
  const out = new Map<number, string>();
  for (const org of new Set(rows.map((r) => r.organization_id))) {
    const ids = rows
      .filter((r) => r.organization_id === org && r.scope_type === 'domain_group')
      .map((r) => Number(r.target_selection));
    for (const [id, name] of await groupNames(db, org, ids)) out.set(id, name);
  }
  return out;
}

export async function alertDocumentOf(db: Db, row: AlertRuleRow) {
  const states = await ruleStates(db, [row]);
  const destinations = await destinationStates(db, row.organization_id, row.destination_addresses);
  const held = await heldOf(db, [row]);
  return { data: alertResource(row, states, await groupsFor(db, [row]), destinations, held) };
}

/** Support reads any organization's rules (or ?organization=); owners and admins theirs; members their own. */
export async function alertList(
  db: Db,
  actor: Actor,
  query: { page: number; page_size: number; search?: string; is_active?: boolean; organization?: number },
  url: string,
) {
  const scope = await scopeFor(db, actor, query.organization);
  if (scope.organizationId === -1) throw notFound();
  const admin = isSupport(actor) || (actor.organizationId !== null && isAdminOf(actor, actor.organizationId));
  const q: RuleQuery = {
    organizationId: scope.organizationId,
    ownerId: admin ? null : actor.id,
    search: query.search,
    isActive: query.is_active,
  };
  const p = paging(query);
  const count = await countRules(db, q);
  const rows = await listRules(db, q, p.offset, p.pageSize);
  const states = await ruleStates(db, rows);
  const groups = await groupsFor(db, rows);
  const held = await heldOf(db, rows);
  const data = [];
  for (const r of rows)
    data.push(
      alertResource(
        r,
        states,
        groups,
        await destinationStates(db, r.organization_id, r.destination_addresses),
        held,
      ),
    );
  return {
    data,
    links: pageLinks(url, p, count),
    meta: pageMeta(p, count),
  };
}

export async function firingList(
  db: Db,
  rule: AlertRuleRow,
  query: { page: number; page_size: number },
  url: string,
) {
  const p = paging(query);
  const nextSend = await firingNextSend(db, rule);
  const base = db
    .selectFrom('alert_firings')
    .where('organization_id', '=', rule.organization_id)
    .where('rule_id', '=', rule.id);
  const { n } = await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  const rows = await base
    .select(firingColumns)
    .select(sql<string>`day::text`.as('day'))
    .orderBy('fired_at', 'desc')
    .orderBy('id', 'desc')
    .offset(p.offset)
    .limit(p.pageSize)
    .execute();
  return {
    data: rows.map((f) => firingResource(f, nextSend)),
    links: pageLinks(url, p, Number(n)),
    meta: pageMeta(p, Number(n)),
  };
}

export const firingColumns = [
  'id',
  'subject',
  'kind',
  'observed',
  'fired_at',
  'emails_sent',
  'pending',
  'acknowledged_at',
  'acknowledged_by',
  'snoozed_until',
] as const;

type FiringRow = {
  id: number | string;
  subject: string;
  kind: 'firing' | 'recovery';
  day: string;
  observed: Record<string, number | string>;
  fired_at: Date;
  emails_sent: number;
  pending: boolean;
  acknowledged_at: Date | null;
  acknowledged_by: string | null;
  snoozed_until: Date | null;
};

/** nextSend: when the rule's held mail goes (firingNextSend), shown on a firing the cool-down holds. */
export function firingResource(f: FiringRow, nextSend: string | null) {
  return {
    type: 'alert_firings' as const,
    id: Number(f.id),
    attributes: {
      subject: f.subject,
      kind: f.kind,
      day: f.day,
      observed: f.observed,
      fired_at: iso(f.fired_at)!,
      emails_sent: f.emails_sent,
      pending: f.pending,
      next_send_at: f.pending ? nextSend : null,
      acknowledged_at: iso(f.acknowledged_at),
      acknowledged_by: f.acknowledged_by,
      snoozed_until: iso(f.snoozed_until),
    },
  };
}

/** When the mail a rule's cool-down holds goes out (null: nothing held). */
export async function firingNextSend(db: Db, rule: AlertRuleRow): Promise<string | null> {
  return iso((await heldOf(db, [rule])).get(rule.id) ?? null);
}
