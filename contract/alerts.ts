import { z } from 'zod';
import { code } from './error-codes';
import { idField } from './fields';
import { listDocument, listExample, pageQueryShape } from './paging';
import { answerExample, bodyExample, sample } from './example';
import { destinationStatesSchema } from './recipients';

// The alerts area on the wire (snake_case), under /api/dm: the rules (/alerts/), their firing history
// (/alerts/{id}/firings/), the backtest (/alerts/backtest/), the unsubscribe link of the e-mails
// (/alerts/unsubscribe/, contract/unsubscribe.ts) and the catalogue of conditions (/conditions/). docs/ALERTS.md tells the behaviour.

// Webhook formats (issue "alerts people trust", item 6): the generic JSON of fields, or the body a chat or
// paging service takes as it is (delivery/webhook-formats.ts says which documentation each follows).
export const webhookFormats = ['generic', 'slack', 'teams', 'pagerduty'] as const;
export type WebhookFormat = (typeof webhookFormats)[number];
const webhookFormatFields = () => ({
  webhook_format: z.enum(webhookFormats),
  /** Write-only: PagerDuty's integration (routing) key, 32 characters; never returned nor logged. */
  webhook_routing_key: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9]{32}$/, code('invalid_value')),
});

// Acknowledging or snoozing a firing (its incident): from the console or a signed link in the mail.
export const scopeTypes = ['domain', 'domain_group', 'organization', 'ip'] as const;
export const timeFrames = ['1d', '7d', '30d'] as const;
export const conditionIds = [
  'dmarc_failure_rate',
  'spf_failure_rate',
  'dkim_failure_rate',
  'volume_change',
  'no_reports',
  'new_source',
  'dns_change',
  'tls_failures',
  'spf_lookups',
  'dnssec_bogus',
  'mta_sts_certificate',
  'ip_blocklisted',
] as const;
export type ConditionId = (typeof conditionIds)[number];

// The problems a rule's form can provoke are named here, as codes of the errors catalogue, not left to zod.
const emailMessage = code('invalid_email');
const integerMessage = code('invalid_integer');
const address = z
  .string()
  .trim()
  .min(1, emailMessage)
  .max(254, code('max_length'))
  .regex(/^[^\s@,;<>]+@[^\s@,;<>]+\.[^\s@,;<>]+$/, emailMessage)
  .transform((v) => v.toLowerCase());
// Form posts repeat the field (destination_addresses=a&destination_addresses=b); one value is a string.
const addresses = z.preprocess(
  (v) => (v === undefined || Array.isArray(v) ? v : [v]),
  z.array(address).max(20, code('max_items')),
);
const flag = z.preprocess((v) => (v === 'true' ? true : v === 'false' ? false : v), z.boolean());
const paramValue = z.union([z.number(), z.boolean(), z.string().max(40)]);
// Form posts and query strings carry numbers as text: the catalogue's types decide (server side).
const params = z.record(z.string().max(40), paramValue);

const ruleFields = {
  name: z.string().trim().max(120, code('max_length')),
  scope_type: z.enum(scopeTypes),
  /** The scope's target: a domain name, a domain group's id, an IP address; ignored for organization. */
  target_selection: z.string().trim().max(300, code('max_length')),
  condition: z.enum(conditionIds),
  time_frame: z.enum(timeFrames),
  params,
  destination_addresses: addresses,
  is_active: flag,
  language: z.enum(['en', 'pt']),
  /** No second e-mail for a rule and recipient within this many minutes (5 minutes to 30 days). */
  cooldown_minutes: z.coerce
    .number({ error: integerMessage })
    .int(integerMessage)
    .min(5, code('min_value'))
    .max(43_200, code('max_value')),
  /** An https:// (or http://) URL on a public address; null or '' removes it. */
  webhook_url: z.union([z.literal(''), z.url(code('invalid_url')).max(500, code('max_length'))]).nullable(),
  /** Write-only: the HMAC key of the webhook signature (16 to 200 characters); never returned. */
  webhook_secret: z.string().min(16, code('min_length')).max(200, code('max_length')),
  ...webhookFormatFields(),
};

export const alertCreateBody = bodyExample(
  z.object({
    ...ruleFields,
    name: ruleFields.name.optional(),
    target_selection: ruleFields.target_selection.optional(),
    time_frame: ruleFields.time_frame.default('1d'),
    params: ruleFields.params.default({}),
    destination_addresses: ruleFields.destination_addresses.optional(),
    is_active: ruleFields.is_active.default(true),
    language: ruleFields.language.optional(),
    cooldown_minutes: ruleFields.cooldown_minutes.default(60),
    webhook_url: ruleFields.webhook_url.optional(),
    webhook_secret: ruleFields.webhook_secret.optional(),
    webhook_format: ruleFields.webhook_format.default('generic'),
    webhook_routing_key: ruleFields.webhook_routing_key.optional(),
  }),
  {
    name: 'DMARC failures on example.com',
    scope_type: 'domain',
    target_selection: sample.domain,
    condition: 'dmarc_failure_rate',
    time_frame: '1d',
    params: { threshold_percent: 10, min_messages: 100 },
    destination_addresses: ['dmarc-alerts@example.com'],
    is_active: true,
    language: 'en',
    cooldown_minutes: 60,
    webhook_url: 'https://hooks.example.com/msas',
    webhook_secret: 'a-long-shared-webhook-key',
  },
);
export type AlertCreateBody = z.output<typeof alertCreateBody>;

export const alertPatchBody = bodyExample(z.object(ruleFields).partial(), {
  is_active: false,
  cooldown_minutes: 240,
});
export type AlertPatchBody = z.output<typeof alertPatchBody>;

/** The backtest takes a rule as the create form holds it; addresses and webhook play no part. */
export const alertBacktestBody = alertCreateBody;

export const alertListQuery = z.object({
  ...pageQueryShape,
  search: z.string().max(255).optional(),
  is_active: flag.optional(),
  // The global filter's organization: support picks any; others may only name their own.
  organization: idField().optional(),
});
export const alertIdParams = z.object({ id: idField() });
export const firingListQuery = z.object({ ...pageQueryShape });
const ref = z.object({ type: z.string(), id: z.number().int() });
/** The values that tripped a rule (or a day's figures), by name. */
export const observed = z.record(z.string(), z.union([z.number(), z.string()]));

export const alertResourceSchema = z.object({
  type: z.literal('alerts'),
  id: z.number().int(),
  attributes: z.object({
    name: z.string(),
    owner: z.number().int().nullable(),
    creator_email: z.string(),
    organization: z.number().int(),
    target_selection: z.string(),
    scope_type: z.enum(scopeTypes),
    condition: z.enum(conditionIds),
    time_frame: z.enum(timeFrames),
    params: z.record(z.string(), paramValue),
    domain_group_name: z.string().nullable(),
    domain: z.string().nullable(),
    ip: z.string().nullable(),
    is_active: z.boolean(),
    destination_addresses: z.array(z.string()),
    /** Each address with its state: only `member` and `confirmed` ones get mail (docs/ALERTS.md). */
    destination_states: destinationStatesSchema,
    /** No address of the rule gets mail (none is a member or confirmed): it records firings and calls its webhook only. */
    mails_nobody: z.boolean(),
    language: z.enum(['en', 'pt']),
    cooldown_minutes: z.number().int(),
    webhook_url: z.string().nullable(),
    has_webhook_secret: z.boolean(),
    webhook_format: z.enum(webhookFormats),
    /** The PagerDuty routing key is write-only: only whether one is set. */
    has_webhook_routing_key: z.boolean(),
    /** firing while any subject is firing. */
    state: z.enum(['ok', 'firing']),
    firing_subjects: z.array(z.string()),
    last_fired_at: z.string().nullable(),
    last_evaluated_at: z.string().nullable(),
    /** E-mail and webhook delivery: failures since the last success, and alert mail still waiting. */
    delivery: z.object({
      failures: z.number().int(),
      last_error: z.string().nullable(),
      last_attempt_at: z.string().nullable(),
      pending_emails: z.number().int(),
      /** Of those, the ones SMTP refused at least once (retried with back-off from the outbox). */
      failing_emails: z.number().int(),
      /** When mail a cool-down holds goes out (its end); null when none is held. */
      next_send_at: z.string().nullable(),
    }),
    created_at: z.string(),
    updated_at: z.string(),
  }),
  relationships: z.object({
    owner: z.object({ data: ref.nullable() }),
    domain_group: z.object({ data: ref.nullable() }),
  }),
});
const alertExample: z.output<typeof alertResourceSchema> = {
  type: 'alerts',
  id: 5,
  attributes: {
    name: 'DMARC failures on example.com',
    owner: 7,
    creator_email: 'ana@example.com',
    organization: 4,
    target_selection: sample.domain,
    scope_type: 'domain',
    condition: 'dmarc_failure_rate',
    time_frame: '1d',
    params: { threshold_percent: 10, min_messages: 100 },
    domain_group_name: null,
    domain: sample.domain,
    ip: null,
    is_active: true,
    destination_addresses: ['dmarc-alerts@example.com'],
    destination_states: [{ address: 'dmarc-alerts@example.com', state: 'member' }],
    mails_nobody: false,
    language: 'en',
    cooldown_minutes: 60,
    webhook_url: 'https://hooks.example.com/msas',
    has_webhook_secret: true,
    webhook_format: 'generic',
    has_webhook_routing_key: false,
    state: 'firing',
    firing_subjects: [sample.domain],
    last_fired_at: sample.laterTime,
    last_evaluated_at: sample.laterTime,
    delivery: {
      failures: 0,
      last_error: null,
      last_attempt_at: sample.laterTime,
      pending_emails: 0,
      failing_emails: 0,
      next_send_at: null,
    },
    created_at: sample.time,
    updated_at: sample.time,
  },
  relationships: { owner: { data: { type: 'users', id: 7 } }, domain_group: { data: null } },
};
export const alertDocument = answerExample(z.object({ data: alertResourceSchema }), { data: alertExample });
export const alertListDocument = listExample(listDocument(alertResourceSchema), '/api/dm/alerts/', [
  alertExample,
]);

/**
 * One subject's days in the backtest, oldest first: its state once the day is judged, as live evaluation
 * would have left it. `fired`: a firing is recorded for the day (an incident's first day, or an event).
 */
export const backtestTimelineRow = z.object({
  subject: z.string(),
  days: z.array(
    z.object({
      day: z.string(),
      /** firing: open after the day; recovered: it cleared that day; no_data: nothing judged that day. */
      state: z.enum(['firing', 'recovered', 'ok', 'no_data']),
      fired: z.boolean(),
      /** The day's values: what tripped on a firing day; the evaluator's figures on a clear one. */
      observed,
    }),
  ),
});

// The example's 30 days: quiet, one incident from sample.day to its recovery three days later, a second
// firing on the last day.
const exampleTimeline = Array.from({ length: 30 }, (_, i) => {
  const day = new Date(Date.parse('2026-04-11T00:00:00Z') + i * 86_400_000).toISOString().slice(0, 10);
  const state = i < 9 ? 'no_data' : i >= 23 && i <= 25 ? 'firing' : i === 26 ? 'recovered' : 'ok';
  const fired = day === sample.day || day === sample.endDay;
  const observed: Record<string, number> =
    i < 9 ? {} : { rate: fired ? 8.4 : 1.2, failed: fired ? 105 : 15, messages: 1250 };
  return { day, state: fired ? 'firing' : state, fired, observed } as const;
});

export const backtestDocument = answerExample(
  z.object({
    data: z.object({
      from: z.string(),
      to: z.string(),
      /**
       * false: the condition keeps no history to replay (ip_blocklisted: blocklist state is only known as
       * of each lookup); fired_count is then null and days empty.
       */
      available: z.boolean(),
      /** How many firings (subject and day) the rule would have produced; recoveries are not counted. */
      fired_count: z.number().int().nullable(),
      days: z.array(
        z.object({ day: z.string(), subjects: z.array(z.object({ subject: z.string(), observed })) }),
      ),
      /** Each subject's 30 days (those with a firing first), at most 50 rows. */
      timeline: z.array(backtestTimelineRow),
      /** How many subjects were judged; the timeline holds the first 50. */
      timeline_subjects: z.number().int(),
    }),
  }),
  {
    data: {
      from: '2026-04-11',
      to: sample.endDay,
      available: true,
      fired_count: 2,
      days: [
        {
          day: sample.day,
          subjects: [{ subject: sample.domain, observed: { failure_rate: 6.1, messages: 730 } }],
        },
        {
          day: sample.endDay,
          subjects: [{ subject: sample.domain, observed: { failure_rate: 8.4, messages: 1250 } }],
        },
      ],
      timeline: [{ subject: sample.domain, days: exampleTimeline }],
      timeline_subjects: 1,
    },
  },
);

export const conditionParamSchema = z.object({
  name: z.string(),
  type: z.enum(['integer', 'number', 'boolean', 'choice']),
  unit: z
    .enum(['percent', 'messages', 'days', 'factor', 'sessions', 'lookups', 'sources', 'lists'])
    .nullable(),
  default: paramValue,
  min: z.number().nullable(),
  max: z.number().nullable(),
  choices: z.array(z.string()).nullable(),
});
export type ConditionParam = z.output<typeof conditionParamSchema>;

export const conditionResourceSchema = z.object({
  type: z.literal('conditions'),
  id: z.enum(conditionIds),
  attributes: z.object({
    label: z.string(),
    description: z.string(),
    /** What a subject of this condition is: each has a state of its own. */
    subject: z.enum(['domain', 'ip', 'source', 'reporter']),
    /** false: the condition reads its own window (params), not time_frame. */
    uses_time_frame: z.boolean(),
    /** event: fires once per subject and clears silently; state: fires and sends a recovery when it clears. */
    kind: z.enum(['state', 'event']),
    scope_types: z.array(z.enum(scopeTypes)),
    params: z.array(conditionParamSchema),
  }),
});
export const conditionListDocument = answerExample(z.object({ data: z.array(conditionResourceSchema) }), {
  data: [
    {
      type: 'conditions',
      id: 'dmarc_failure_rate',
      attributes: {
        label: 'DMARC failure rate',
        description: 'The share of messages failing DMARC is above the threshold.',
        subject: 'domain',
        uses_time_frame: true,
        kind: 'state',
        scope_types: ['domain', 'domain_group', 'organization'],
        params: [
          {
            name: 'threshold_percent',
            type: 'number',
            unit: 'percent',
            default: 10,
            min: 0,
            max: 100,
            choices: null,
          },
          {
            name: 'min_messages',
            type: 'integer',
            unit: 'messages',
            default: 100,
            min: 1,
            max: null,
            choices: null,
          },
        ],
      },
    },
  ],
});
export const detailDocument = answerExample(z.object({ detail: z.string() }), { detail: 'Alert deleted.' });
