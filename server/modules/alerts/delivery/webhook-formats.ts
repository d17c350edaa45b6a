import { isIP } from 'node:net';
import type { WebhookFormat } from '../../../../contract/alerts';

// What a webhook carries: fields, not display strings (docs/ALERTS.md "Webhook"), in the generic JSON or in
// the body a chat or paging service takes as it is. Each ready-made format follows its service's own
// documentation of what a request must hold:
// - Slack incoming webhooks (https://api.slack.com/messaging/webhooks): `text` is required and is the
//   notification's fallback when `blocks` are given.
// - Microsoft Teams (https://learn.microsoft.com/en-us/microsoftteams/platform/webhooks-and-connectors/how-to/
//   add-incoming-webhook, "Send Adaptive Cards using an Incoming Webhook"; Workflows' "when a Teams webhook
//   request is received" takes the same body): a `message` with one attachment of content type
//   application/vnd.microsoft.card.adaptive holding an AdaptiveCard. Adaptive Cards are what Teams documents
//   for incoming webhooks today; the older MessageCard belongs to the retired Office 365 connectors.
// - PagerDuty Events API v2 (https://developer.pagerduty.com/docs/send-alert-event): one event per request,
//   `routing_key`, `event_action` trigger or resolve, a `dedup_key` (the same for an incident's trigger and
//   its resolve, so the recovery resolves it) and, for a trigger, payload.summary, payload.source and
//   payload.severity.

export type WebhookEvent = {
  firing_id: number;
  /** The first firing of the incident this event belongs to: one id from its firing to its recovery. */
  incident_id: number;
  state: 'firing' | 'recovered';
  subject: string;
  domain: string | null;
  ip: string | null;
  /** The e-mail sender (service) the IP is attributed to, when known. */
  sender: string | null;
  condition: string;
  /** The UTC day the data covers. */
  day: string;
  observed: Record<string, number | string>;
  params: Record<string, number | string | boolean>;
  fired_at: string;
  links: { rule: string; data: string };
  /** Block lists that list the IP, by name, with their delisting pages (ip_blocklisted). */
  blocklists?: { zone: string; name: string; delist_url: string | null }[];
};

export type WebhookRule = {
  id: number;
  name: string;
  condition: string;
  scope_type: string;
  target_selection: string;
  params: Record<string, number | string | boolean>;
};

/** The parts of a subject ("example.com", "192.0.2.1 · example.com"): its domain and its IP address. */
export function subjectParts(subject: string, ruleDomain: string | null) {
  const parts = subject.split(' · ');
  const ip = parts.find((p) => isIP(p) !== 0) ?? null;
  const domain = ruleDomain ?? parts.find((p) => isIP(p) === 0 && p.includes('.')) ?? null;
  return { ip, domain };
}

const values = (o: Record<string, number | string>) =>
  Object.entries(o)
    .map(([k, v]) => `${k} ${v}`)
    .join(', ');

/** One line a person reads in a chat: what, where, which day, the values. */
export function summaryOf(rule: WebhookRule, e: WebhookEvent): string {
  const what = e.state === 'firing' ? 'Firing' : 'Recovered';
  const where = [e.domain, e.ip, e.sender].filter(Boolean).join(' · ') || e.subject;
  const shown = values(e.observed);
  const name = rule.name || e.condition;
  return `${what}: ${name} on ${where} (data of ${e.day})${shown ? `: ${shown}` : ''}`;
}

function blocklistLines(e: WebhookEvent): string[] {
  return (e.blocklists ?? []).map((b) => (b.delist_url ? `${b.name}: ${b.delist_url}` : b.name));
}

function slack(rule: WebhookRule, events: WebhookEvent[]) {
  const lines = events.map((e) => summaryOf(rule, e));
  return {
    text: lines.join('\n'),
    blocks: events.map((e) => ({
      type: 'section',
      text: {
        type: 'mrkdwn',
        text: [
          summaryOf(rule, e),
          ...blocklistLines(e),
          `<${e.links.data}|See the data> · <${e.links.rule}|The rule>`,
        ].join('\n'),
      },
    })),
  };
}

function teams(rule: WebhookRule, events: WebhookEvent[]) {
  const body = events.flatMap((e) => [
    { type: 'TextBlock', text: summaryOf(rule, e), wrap: true, weight: 'Bolder' },
    {
      type: 'FactSet',
      facts: [
        ...Object.entries(e.observed).map(([k, v]) => ({ title: k, value: String(v) })),
        ...(e.blocklists ?? []).map((b) => ({ title: b.name, value: b.delist_url ?? b.zone })),
      ],
    },
  ]);
  const first = events[0]!;
  return {
    type: 'message',
    attachments: [
      {
        contentType: 'application/vnd.microsoft.card.adaptive',
        contentUrl: null,
        content: {
          $schema: 'http://adaptivecards.io/schemas/adaptive-card.json',
          type: 'AdaptiveCard',
          version: '1.4',
          body,
          actions: [
            { type: 'Action.OpenUrl', title: 'See the data', url: first.links.data },
            { type: 'Action.OpenUrl', title: 'The rule', url: first.links.rule },
          ],
        },
      },
    ],
  };
}

/** An incident's key for PagerDuty: its trigger and its resolve carry the same one. */
export const dedupKey = (organizationId: number, rule: WebhookRule, e: WebhookEvent) =>
  `msas-${organizationId}-${rule.id}-${e.incident_id}`;

function pagerDuty(organizationId: number, routingKey: string, rule: WebhookRule, e: WebhookEvent) {
  const base = {
    routing_key: routingKey,
    dedup_key: dedupKey(organizationId, rule, e),
  };
  if (e.state === 'recovered') return { ...base, event_action: 'resolve' };
  return {
    ...base,
    event_action: 'trigger',
    payload: {
      summary: summaryOf(rule, e).slice(0, 1024),
      source: e.ip ?? e.domain ?? e.subject,
      severity: 'warning',
      timestamp: e.fired_at,
      component: e.domain ?? undefined,
      class: e.condition,
      custom_details: { ...e, rule },
    },
    links: [
      { href: e.links.data, text: 'See the data' },
      { href: e.links.rule, text: 'The rule' },
      ...(e.blocklists ?? []).flatMap((b) => (b.delist_url ? [{ href: b.delist_url, text: b.name }] : [])),
    ],
    client: 'msas',
    client_url: e.links.rule,
  };
}

/**
 * The request bodies for these events in the rule's format: one for generic, Slack and Teams, one per event
 * for PagerDuty (its API takes one event a request).
 */
export function webhookBodies(
  format: WebhookFormat,
  organizationId: number,
  rule: WebhookRule,
  events: WebhookEvent[],
  routingKey: string | null,
): string[] {
  if (events.length === 0) return [];
  if (format === 'slack') return [JSON.stringify(slack(rule, events))];
  if (format === 'teams') return [JSON.stringify(teams(rule, events))];
  if (format === 'pagerduty')
    return events.map((e) => JSON.stringify(pagerDuty(organizationId, routingKey ?? '', rule, e)));
  return [
    JSON.stringify({
      rule,
      target_selection: rule.target_selection,
      events: events.map((e) => ({ ...e, kind: e.state === 'firing' ? 'firing' : 'recovery' })),
    }),
  ];
}
