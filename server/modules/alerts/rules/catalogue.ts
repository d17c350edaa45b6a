import { item, type ErrorItem } from '../../../lib/errors';
import type { ConditionId, ConditionParam } from '../../../../contract/alerts';
import type { AlertScopeType } from '../../../db/schema-alerts';

// The conditions GET /conditions/ serves and the evaluator of each reads (../evaluation/evaluate.ts). Each
// parameter has a type, a unit and a default, so the form can be built from this list alone and a rule saved
// with no params still means something.

export type ConditionInfo = {
  id: ConditionId;
  label: string;
  description: string;
  subject: 'domain' | 'ip' | 'source' | 'reporter';
  uses_time_frame: boolean;
  kind: 'state' | 'event';
  scope_types: AlertScopeType[];
  params: ConditionParam[];
};

const int = (name: string, unit: ConditionParam['unit'], value: number, min: number, max: number) =>
  ({ name, type: 'integer', unit, default: value, min, max, choices: null }) as ConditionParam;
const num = (name: string, unit: ConditionParam['unit'], value: number, min: number, max: number) =>
  ({ name, type: 'number', unit, default: value, min, max, choices: null }) as ConditionParam;
const bool = (name: string, value: boolean) =>
  ({
    name,
    type: 'boolean',
    unit: null,
    default: value,
    min: null,
    max: null,
    choices: null,
  }) as ConditionParam;
const choice = (name: string, value: string, choices: string[]) =>
  ({ name, type: 'choice', unit: null, default: value, min: null, max: null, choices }) as ConditionParam;

const allScopes: AlertScopeType[] = ['domain', 'domain_group', 'organization', 'ip'];
const domainScopes: AlertScopeType[] = ['domain', 'domain_group', 'organization'];
const threshold = num('threshold_percent', 'percent', 10, 0, 100);
const minMessages = (value: number) => int('min_messages', 'messages', value, 0, 1_000_000_000);

export const catalogue: ConditionInfo[] = [
  {
    id: 'dmarc_failure_rate',
    label: 'DMARC failure rate',
    description:
      'The share of messages failing DMARC over the time frame is above the threshold, once at least ' +
      'min_messages were reported.',
    subject: 'domain',
    uses_time_frame: true,
    kind: 'state',
    scope_types: allScopes,
    params: [threshold, minMessages(100)],
  },
  {
    id: 'spf_failure_rate',
    label: 'SPF failure rate',
    description:
      'The share of messages without an aligned SPF pass is above the threshold (with ' +
      'count_unaligned_pass off, only messages whose SPF did not pass at all count).',
    subject: 'domain',
    uses_time_frame: true,
    kind: 'state',
    scope_types: allScopes,
    params: [threshold, minMessages(100), bool('count_unaligned_pass', true)],
  },
  {
    id: 'dkim_failure_rate',
    label: 'DKIM failure rate',
    description:
      'The share of messages without an aligned DKIM pass is above the threshold (with ' +
      'count_unaligned_pass off, only messages with no passing signature count).',
    subject: 'domain',
    uses_time_frame: true,
    kind: 'state',
    scope_types: allScopes,
    params: [threshold, minMessages(100), bool('count_unaligned_pass', true)],
  },
  {
    id: 'volume_change',
    label: 'Volume spike or drop',
    description:
      "A day's message volume is factor times above (spike) or below (drop) the median of the " +
      'baseline_days before it; days without reports count as zero.',
    subject: 'domain',
    uses_time_frame: false,
    kind: 'state',
    scope_types: domainScopes,
    params: [
      num('factor', 'factor', 3, 1.1, 1000),
      int('baseline_days', 'days', 14, 3, 60),
      choice('direction', 'both', ['spike', 'drop', 'both']),
      minMessages(100),
    ],
  },
  {
    id: 'no_reports',
    label: 'No aggregate report received',
    description:
      'No aggregate report covered the last `days` days: for the domain overall, and for each reporter ' +
      'that reported it in the 30 days before.',
    subject: 'reporter',
    uses_time_frame: false,
    kind: 'state',
    scope_types: domainScopes,
    params: [int('days', 'days', 3, 1, 60), bool('per_reporter', true)],
  },
  {
    id: 'new_source',
    label: 'New sending source',
    description:
      'A source IP (or sender service) sends for the scope that was not seen in the lookback_days before, ' +
      'once the scope has had reports for learning_days; optionally only above min_messages.',
    subject: 'source',
    uses_time_frame: false,
    kind: 'event',
    scope_types: domainScopes,
    params: [
      choice('source', 'ip', ['ip', 'sender']),
      int('learning_days', 'days', 14, 0, 365),
      int('lookback_days', 'days', 90, 7, 365),
      minMessages(1),
    ],
  },
  {
    id: 'dns_change',
    label: 'DNS record changed',
    description:
      "A scheduled or on-demand re-check found a domain's DMARC, SPF, DKIM key (per selector), MX/A, NS or " +
      'MTA-STS record changed or ' +
      'removed; with policy_weakened_only, only a DMARC policy made weaker (reject → quarantine → none, ' +
      'pct lowered, or the record removed). The e-mail shows the old and the new value.',
    subject: 'domain',
    uses_time_frame: false,
    kind: 'event',
    scope_types: domainScopes,
    params: [
      choice('records', 'all', ['all', 'dmarc', 'spf', 'dkim', 'dns', 'ns', 'mtaSts']),
      bool('policy_weakened_only', false),
    ],
  },
  {
    id: 'tls_failures',
    label: 'TLS-RPT failures',
    description:
      'SMTP TLS reports (RFC 8460) for the domain count at least min_failed_sessions failed sessions over ' +
      'the time frame, and failures are above threshold_percent of the sessions.',
    subject: 'domain',
    uses_time_frame: true,
    kind: 'state',
    scope_types: domainScopes,
    params: [
      int('min_failed_sessions', 'sessions', 1, 1, 1_000_000_000),
      num('threshold_percent', 'percent', 0, 0, 100),
    ],
  },
  {
    id: 'spf_lookups',
    label: 'SPF past the lookup limit',
    description:
      "The latest re-check counts more than max_lookups DNS lookups in the domain's SPF policy; past 10, " +
      'receivers answer permerror (RFC 7208 section 4.6.4).',
    subject: 'domain',
    uses_time_frame: false,
    kind: 'state',
    scope_types: domainScopes,
    params: [int('max_lookups', 'lookups', 10, 1, 100)],
  },
  {
    id: 'dnssec_bogus',
    label: 'DNSSEC bogus',
    description:
      "The latest re-check finds the domain's DNSSEC validation failing (bogus, RFC 4035 section 4.3): " +
      'validating resolvers refuse its records.',
    subject: 'domain',
    uses_time_frame: false,
    kind: 'state',
    scope_types: domainScopes,
    params: [],
  },
  {
    id: 'mta_sts_certificate',
    label: 'MTA-STS certificate expiring',
    description:
      "The certificate of the domain's MTA-STS policy host (mta-sts.<domain>) expires within `days` days " +
      'of the latest re-check, or has expired; senders then cannot fetch the policy (RFC 8461 section 3.3).',
    subject: 'domain',
    uses_time_frame: false,
    kind: 'state',
    scope_types: domainScopes,
    params: [int('days', 'days', 14, 1, 365)],
  },
  {
    id: 'ip_blocklisted',
    label: 'IP on a blocklist',
    description:
      'The IP of the scope, or each of the scope’s top_sources largest sending IPs of the last 7 days, is ' +
      'listed on at least min_listings of the configured DNS blocklists (RFC 5782), or, with ' +
      'reputation_drop, the reputation zone answers a negative level (L1 to L5). Judged by the hourly sweep ' +
      'with live lookups; there is no history to backtest.',
    subject: 'ip',
    uses_time_frame: false,
    kind: 'state',
    scope_types: allScopes,
    params: [
      int('top_sources', 'sources', 20, 1, 200),
      int('min_listings', 'lists', 1, 1, 50),
      bool('reputation_drop', true),
    ],
  },
];

export const conditionById = new Map(catalogue.map((c) => [c.id, c]));

/** The params' field errors, as codes of the errors catalogue; the form names a param by its label. */
export const paramMessages = {
  unknown: (param: string, condition: string) => item('alert_param_unknown', { param, condition }),
  boolean: (param: string) => item('alert_param_boolean', { param }),
  choice: (param: string, choices: string[]) =>
    item('alert_param_choice', { param, choices: choices.join(', ') }),
  integer: (param: string) => item('alert_param_integer', { param }),
  number: (param: string) => item('alert_param_number', { param }),
  min: (param: string, min: number) => item('alert_param_min', { param, min }),
  max: (param: string, max: number) => item('alert_param_max', { param, max }),
};

export type ResolvedParams = Record<string, number | string | boolean>;

/**
 * The rule's params checked against the catalogue: unknown names, wrong types and values out of range are
 * field errors under `params` (one message each, joinable by the form); missing ones take their default.
 */
export function resolveParams(
  condition: ConditionId,
  given: Record<string, unknown>,
): { params: ResolvedParams; errors: ErrorItem[] } {
  const info = conditionById.get(condition)!;
  const out: ResolvedParams = {};
  const errors: ErrorItem[] = [];
  const known = new Set(info.params.map((p) => p.name));
  for (const name of Object.keys(given))
    if (!known.has(name)) errors.push(paramMessages.unknown(name, condition));
  for (const p of info.params) {
    const raw = given[p.name];
    if (raw === undefined || raw === '') {
      out[p.name] = p.default;
      continue;
    }
    const value = coerce(p, raw);
    if (value === undefined) errors.push(paramMessages[p.type](p.name, p.choices ?? []));
    else if (typeof value === 'number' && p.min !== null && value < p.min)
      errors.push(paramMessages.min(p.name, p.min));
    else if (typeof value === 'number' && p.max !== null && value > p.max)
      errors.push(paramMessages.max(p.name, p.max));
    else out[p.name] = value;
  }
  return { params: out, errors };
}

function coerce(p: ConditionParam, raw: unknown): number | string | boolean | undefined {
  if (p.type === 'boolean') {
    if (typeof raw === 'boolean') return raw;
    return raw === 'true' ? true : raw === 'false' ? false : undefined;
  }
  if (p.type === 'choice') return typeof raw === 'string' && p.choices!.includes(raw) ? raw : undefined;
  const n = typeof raw === 'number' ? raw : typeof raw === 'string' && raw.trim() !== '' ? Number(raw) : NaN;
  if (!Number.isFinite(n)) return undefined;
  if (p.type === 'integer' && !Number.isInteger(n)) return undefined;
  return n;
}
