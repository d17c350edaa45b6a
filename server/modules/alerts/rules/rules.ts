import { isIP } from 'node:net';
import { domainToASCII } from 'node:url';
import type { AlertCreateBody, AlertPatchBody } from '../../../../contract/alerts';
import type { Db } from '../../../db/database';
import type { AlertScopeType } from '../../../db/schema-alerts';
import { AppError, badRequest, forbidden, item, notFound, type ErrorItem } from '../../../lib/errors';
import { type Actor, belongsTo, isAdminOf, isSupport } from '../../../lib/permissions';
import { nonPublicRange } from '../../../lib/public-address';
import { encryptSecret } from '../../../lib/crypto';
import { findOrganization } from '../../shared/organization-rows';
import { overPlanLimit } from '../../shared/plan-limits';
import { scopeFor } from '../../shared/domain-scope';
import { findDomainByName, normaliseDomainName } from '../../domains';
import { neverLookedUp } from '../../reputation';
import { conditionById, resolveParams } from './catalogue';
import { liveConditions } from '../evaluation/judge';
import { type AlertRuleRow, countRules, findRule } from '../repo';

// Creating, changing and deleting alert rules: who may, what a valid rule is, the plan's limit. The form
// shows the problems below (codes of the errors catalogue) in the reader's language.

export const targetMessages = {
  domain: item('alert_target_domain'),
  domain_group: item('alert_target_domain_group'),
  ip: item('alert_target_ip'),
  limited: item('alert_target_limited'),
};
const scopeMismatch = item('alert_scope_mismatch');
/**
 * An IP rule on the block lists naming an address they are never asked about (../evaluation/blocklist.ts).
 */
const unlistedIp = (range: string) => item('alert_unlisted_ip', { range });
const privateWebhook = item('webhook_private');
const invalidUrl = item('invalid_url');

/** The instance key that encrypts webhook secrets; whether webhooks may target private addresses. */
export type SecretOptions = { key: Buffer; allowPrivate: boolean };

/** Members see and change the rules they created; owners and admins all of the organization's. */
export const canViewRule = (a: Actor, r: AlertRuleRow) =>
  isSupport(a) || isAdminOf(a, r.organization_id) || (belongsTo(a, r.organization_id) && r.owner_id === a.id);
export const canEditRule = (a: Actor, r: AlertRuleRow) =>
  isAdminOf(a, r.organization_id) || (belongsTo(a, r.organization_id) && r.owner_id === a.id);

export async function visibleRule(db: Db, actor: Actor, id: number, edit: boolean): Promise<AlertRuleRow> {
  const rule = await findRule(db, id);
  if (!rule || !canViewRule(actor, rule)) throw notFound();
  if (edit && !canEditRule(actor, rule)) throw forbidden();
  return rule;
}

type Target = { scope_type: AlertScopeType; target_selection: string };

/** The scope's target as stored: a domain's A-label name, a group's id, an IP's canonical text, or ''. */
async function checkTarget(db: Db, actor: Actor, organizationId: number, t: Target): Promise<string> {
  const scope = await scopeFor(db, actor, organizationId);
  const raw = t.target_selection.trim();
  if (scope.onlyIds && t.scope_type !== 'domain')
    throw badRequest({ target_selection: [targetMessages.limited] });
  if (t.scope_type === 'organization') return '';
  if (t.scope_type === 'ip') {
    const ip = raw.replace(/^\[|\]$/g, '');
    if (!isIP(ip)) throw badRequest({ target_selection: [targetMessages.ip] });
    return ip.toLowerCase();
  }
  if (t.scope_type === 'domain_group') {
    const id = /^\d{1,10}$/.test(raw) ? Number(raw) : -1;
    const group = await db
      .selectFrom('domain_groups')
      .select('id')
      .where('id', '=', id)
      .where('organization_id', '=', organizationId)
      .executeTakeFirst();
    if (!group) throw badRequest({ target_selection: [targetMessages.domain_group] });
    return String(group.id);
  }
  // A domain of the organization is a valid target whether or not it has a public suffix (a demo or lab
  // domain under .example, RFC 2606): the name is only looked up among the organization's own.
  const name = normaliseDomainName(raw);
  const ascii = name.ok ? name.name : domainToASCII(raw.toLowerCase());
  const domain = ascii ? await findDomainByName(db, ascii, organizationId) : undefined;
  if (!domain || (scope.onlyIds && !scope.onlyIds.includes(domain.id)))
    throw badRequest({ target_selection: [targetMessages.domain] });
  return domain.name;
}

/** A webhook URL is http(s) and, when its host is an address literal, a public one (RFC 6890 ranges). */
function checkWebhook(url: string | null | undefined, allowPrivate: boolean): string | null | undefined {
  if (url === undefined) return undefined;
  if (url === null || url === '') return null;
  const parsed = new URL(url);
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:')
    throw badRequest({ webhook_url: [invalidUrl] });
  const host = parsed.hostname.replace(/^\[|\]$/g, '');
  if (allowPrivate) return parsed.toString();
  if (host === 'localhost' || host.endsWith('.localhost') || (isIP(host) && nonPublicRange(host)))
    throw badRequest({ webhook_url: [privateWebhook] });
  return parsed.toString();
}

/** PagerDuty takes no event without the service's routing key (Events API v2, "routing_key" required). */
function checkRoutingKey(webhook: string | null, format: string, hasKey: boolean) {
  if (webhook && format === 'pagerduty' && !hasKey)
    throw badRequest({ webhook_routing_key: [item('required')] });
}

function checkParams(
  condition: AlertCreateBody['condition'],
  scopeType: AlertScopeType,
  target: string,
  given: object,
) {
  const info = conditionById.get(condition)!;
  const errors: Record<string, ErrorItem[]> = {};
  if (!info.scope_types.includes(scopeType)) errors.condition = [scopeMismatch];
  // The sweep never looks up private, loopback or link-local addresses: such a rule could never fire.
  const range = scopeType === 'ip' && liveConditions.has(condition) ? neverLookedUp(target) : null;
  if (range) errors.target_selection = [unlistedIp(range)];
  const { params, errors: paramErrors } = resolveParams(condition, given as Record<string, unknown>);
  if (paramErrors.length) errors.params = paramErrors;
  if (Object.keys(errors).length) throw badRequest(errors);
  return params;
}

async function actorDefaults(db: Db, actor: Actor) {
  const user = await db
    .selectFrom('users')
    .select(['email', 'alerts_email', 'language'])
    .where('id', '=', actor.id)
    .executeTakeFirstOrThrow();
  return {
    email: user.email,
    address: (user.alerts_email || user.email).toLowerCase(),
    language: user.language,
  };
}

/** The target and params of a rule as the create form holds it (also the backtest's check). */
export async function checkRule(db: Db, actor: Actor, organizationId: number, body: AlertCreateBody) {
  const target = await checkTarget(db, actor, organizationId, {
    scope_type: body.scope_type,
    target_selection: body.target_selection ?? '',
  });
  return { target, params: checkParams(body.condition, body.scope_type, target, body.params) };
}

export async function createRule(
  db: Db,
  actor: Actor,
  body: AlertCreateBody,
  options: SecretOptions,
): Promise<AlertRuleRow | AppError> {
  if (isSupport(actor) || actor.organizationId === null) throw forbidden();
  const org = await findOrganization(db, actor.organizationId);
  if (!org) throw notFound();
  const { target, params } = await checkRule(db, actor, org.id, body);
  const webhook = checkWebhook(body.webhook_url, options.allowPrivate) ?? null;
  checkRoutingKey(webhook, body.webhook_format, Boolean(body.webhook_routing_key));
  const over = await overPlanLimit(db, org.id, 'alerts', () =>
    countRules(db, { organizationId: org.id, ownerId: null }),
  );
  if (over) return over;
  const me = await actorDefaults(db, actor);
  const addresses = body.destination_addresses?.length ? body.destination_addresses : [me.address];
  const row = await db
    .insertInto('alert_rules')
    .values({
      organization_id: org.id,
      owner_id: actor.id,
      creator_email: me.email,
      name: body.name ?? '',
      scope_type: body.scope_type,
      target_selection: target,
      condition: body.condition,
      time_frame: body.time_frame,
      params: JSON.stringify(params),
      destination_addresses: JSON.stringify([...new Set(addresses)]),
      language: body.language ?? me.language ?? 'en',
      is_active: body.is_active,
      cooldown_minutes: body.cooldown_minutes,
      webhook_url: webhook,
      webhook_secret_enc:
        webhook && body.webhook_secret ? encryptSecret(options.key, body.webhook_secret) : null,
      webhook_format: body.webhook_format,
      webhook_routing_key_enc:
        webhook && body.webhook_routing_key ? encryptSecret(options.key, body.webhook_routing_key) : null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return (await findRule(db, Number(row.id), org.id))!;
}

export async function updateRule(
  db: Db,
  actor: Actor,
  id: number,
  body: AlertPatchBody,
  options: SecretOptions,
): Promise<AlertRuleRow> {
  const rule = await visibleRule(db, actor, id, true);
  const scopeType = body.scope_type ?? rule.scope_type;
  const condition = body.condition ?? (rule.condition as AlertCreateBody['condition']);
  const target =
    body.scope_type !== undefined || body.target_selection !== undefined
      ? await checkTarget(db, actor, rule.organization_id, {
          scope_type: scopeType,
          target_selection: body.target_selection ?? rule.target_selection,
        })
      : rule.target_selection;
  // A new condition starts from its own defaults; the same one keeps the stored values not given.
  const base = body.condition && body.condition !== rule.condition ? {} : rule.params;
  const params = checkParams(condition, scopeType, target, { ...base, ...(body.params ?? {}) });
  const webhook = checkWebhook(body.webhook_url, options.allowPrivate);
  checkRoutingKey(
    webhook === undefined ? rule.webhook_url : webhook,
    body.webhook_format ?? rule.webhook_format,
    Boolean(body.webhook_routing_key || (webhook !== null && rule.webhook_routing_key_enc)),
  );
  const scopeChanged = target !== rule.target_selection || scopeType !== rule.scope_type;
  const ruleChanged = scopeChanged || condition !== rule.condition;
  await db
    .updateTable('alert_rules')
    .set({
      ...(body.name !== undefined ? { name: body.name } : {}),
      scope_type: scopeType,
      target_selection: target,
      condition,
      params: JSON.stringify(params),
      ...(body.time_frame ? { time_frame: body.time_frame } : {}),
      ...(body.destination_addresses?.length
        ? { destination_addresses: JSON.stringify([...new Set(body.destination_addresses)]) }
        : {}),
      ...(body.is_active !== undefined ? { is_active: body.is_active } : {}),
      ...(body.language ? { language: body.language } : {}),
      ...(body.cooldown_minutes ? { cooldown_minutes: body.cooldown_minutes } : {}),
      ...(webhook !== undefined ? { webhook_url: webhook } : {}),
      ...(webhook === null ? { webhook_secret_enc: null } : {}),
      ...(body.webhook_secret ? { webhook_secret_enc: encryptSecret(options.key, body.webhook_secret) } : {}),
      ...webhookFormatChange(body, webhook, options.key),
      updated_at: new Date(),
    })
    .where('organization_id', '=', rule.organization_id)
    .where('id', '=', rule.id)
    .execute();
  // Another scope or condition watches other subjects: the old states mean nothing for it.
  if (ruleChanged)
    await db
      .deleteFrom('alert_states')
      .where('organization_id', '=', rule.organization_id)
      .where('rule_id', '=', rule.id)
      .execute();
  return (await findRule(db, rule.id, rule.organization_id))!;
}

export async function deleteRule(db: Db, actor: Actor, id: number): Promise<void> {
  const rule = await visibleRule(db, actor, id, true);
  await db
    .deleteFrom('alert_rules')
    .where('organization_id', '=', rule.organization_id)
    .where('id', '=', rule.id)
    .execute();
}

/** A patch's webhook format and PagerDuty routing key (kept encrypted; removing the URL removes the key). */
function webhookFormatChange(body: AlertPatchBody, webhook: string | null | undefined, key: Buffer) {
  return {
    ...(body.webhook_format ? { webhook_format: body.webhook_format } : {}),
    ...(webhook === null ? { webhook_routing_key_enc: null } : {}),
    ...(body.webhook_routing_key
      ? { webhook_routing_key_enc: encryptSecret(key, body.webhook_routing_key) }
      : {}),
  };
}
