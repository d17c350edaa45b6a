import { toSnakeKey } from '../../../contract/casing';
import type { scopeTypes, timeFrames, WebhookFormat } from '../../../contract/alerts';
import type { Alert, AlertCreate, Condition } from './alertsApi';

export type ScopeType = (typeof scopeTypes)[number];
export type TimeFrame = (typeof timeFrames)[number];
export type ConditionId = Condition['id'];
type ParamValue = number | boolean | string;

/** What the form holds: text as typed, params by their wire names. */
export type AlertForm = {
  name: string;
  scopeType: ScopeType;
  target: string;
  condition: ConditionId;
  timeFrame: TimeFrame;
  params: Record<string, ParamValue>;
  addresses: string;
  cooldown: string;
  webhookUrl: string;
  webhookSecret: string;
  webhookFormat: WebhookFormat;
  /** PagerDuty's routing key: write-only, empty keeps the stored one. */
  webhookRoutingKey: string;
  isActive: boolean;
};

export function emptyForm(): AlertForm {
  return {
    name: '',
    scopeType: 'domain',
    target: '',
    condition: 'dmarc_failure_rate',
    timeFrame: '1d',
    params: {},
    addresses: '',
    cooldown: '60',
    webhookUrl: '',
    webhookSecret: '',
    webhookFormat: 'generic',
    webhookRoutingKey: '',
    isActive: true,
  };
}

export function formOf(alert: Alert): AlertForm {
  const a = alert.attributes;
  // The client camelCased the params' keys with every other key of the answer; the body sends wire names.
  const params = Object.fromEntries(Object.entries(a.params).map(([k, v]) => [toSnakeKey(k), v]));
  return {
    name: a.name,
    scopeType: a.scopeType,
    target: a.scopeType === 'organization' ? '' : a.targetSelection,
    condition: a.condition,
    timeFrame: a.timeFrame,
    params,
    addresses: a.destinationAddresses.join('\n'),
    cooldown: String(a.cooldownMinutes),
    webhookUrl: a.webhookUrl ?? '',
    webhookSecret: '',
    webhookFormat: a.webhookFormat,
    webhookRoutingKey: '',
    isActive: a.isActive,
  };
}

/** The catalogue's defaults for a condition, under what the form already holds for it. */
export function paramsFor(condition: Condition | undefined, current: Record<string, ParamValue>) {
  const out: Record<string, ParamValue> = {};
  for (const p of condition?.attributes.params ?? []) out[p.name] = current[p.name] ?? p.default;
  return out;
}

export const needsTarget = (scope: ScopeType) => scope !== 'organization';

function splitAddresses(text: string): string[] {
  return text
    .split(/[\s,;]+/)
    .map((s) => s.trim())
    .filter(Boolean);
}

/** The create body (POST /alerts/ and the backtest); the server validates every field. */
export function bodyOf(form: AlertForm): AlertCreate {
  const addresses = splitAddresses(form.addresses);
  const body: AlertCreate = {
    name: form.name.trim(),
    scope_type: form.scopeType,
    target_selection: needsTarget(form.scopeType) ? form.target.trim() : '',
    condition: form.condition,
    time_frame: form.timeFrame,
    params: form.params,
    is_active: form.isActive,
    cooldown_minutes: form.cooldown.trim() === '' ? undefined : Number(form.cooldown),
    webhook_url: form.webhookUrl.trim() === '' ? null : form.webhookUrl.trim(),
  };
  if (addresses.length > 0) body.destination_addresses = addresses;
  if (form.webhookSecret) body.webhook_secret = form.webhookSecret;
  if (body.webhook_url) body.webhook_format = form.webhookFormat;
  if (form.webhookRoutingKey.trim() && form.webhookFormat === 'pagerduty')
    body.webhook_routing_key = form.webhookRoutingKey.trim();
  return body;
}

/** The backtest plays no part for addresses and webhook: the body without them, so typing there sends nothing. */
export function backtestBodyOf(form: AlertForm): AlertCreate {
  const { name, scope_type, target_selection, condition, time_frame, params } = bodyOf(form);
  return { name, scope_type, target_selection, condition, time_frame, params };
}
