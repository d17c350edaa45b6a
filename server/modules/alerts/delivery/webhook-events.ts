import { sql } from 'kysely';
import type { AppContext } from '../../../context';
import { namedBlocklists } from '../../reputation';
import type { AlertRuleRow } from '../repo';
import { dataLink } from './mail';
import { subjectParts, type WebhookEvent, type WebhookRule } from './webhook-formats';

// The events of a webhook call read from the firings: each with its incident (the firing that opened it),
// the domain and IP of its subject, the sender its IP is attributed to, and the console's links.

export const ruleFields = (rule: AlertRuleRow): WebhookRule => ({
  id: rule.id,
  name: rule.name,
  condition: rule.condition,
  scope_type: rule.scope_type,
  target_selection: rule.target_selection,
  params: rule.params,
});

/** The console's page of the rule (the alerts page opens it from ?alert=). */
export const ruleLink = (publicUrl: string, rule: AlertRuleRow) =>
  `${publicUrl.replace(/\/$/, '')}/msas/monitoring/alerts?alert=${rule.id}`;

/** The zones of a blocklist firing's observed values ("zen.spamhaus.org, bl.spamcop.net"). */
export const listedZones = (observed: Record<string, number | string>): string[] =>
  typeof observed.blocklists === 'string' && observed.blocklists !== '(none)'
    ? observed.blocklists.split(', ').filter(Boolean)
    : [];

export async function webhookEvents(
  ctx: AppContext,
  rule: AlertRuleRow,
  firingIds: number[],
): Promise<WebhookEvent[]> {
  const { rows } = await sql<{
    id: number | string;
    subject: string;
    kind: 'firing' | 'recovery';
    day: string;
    observed: Record<string, number | string>;
    fired_at: Date | string;
    incident_id: number | string | null;
  }>`
    select f.id, f.subject, f.kind, f.day::text as day, f.observed, f.fired_at,
           (select max(o.id) from alert_firings o
             where o.organization_id = f.organization_id and o.rule_id = f.rule_id
               and o.subject = f.subject and o.kind = 'firing' and o.id <= f.id) as incident_id
      from alert_firings f
     where f.organization_id = ${rule.organization_id} and f.rule_id = ${rule.id}
       and f.id = any(${firingIds.map(Number)}::bigint[])
     order by f.id`.execute(ctx.db);
  const parts = rows.map((f) =>
    subjectParts(f.subject, rule.scope_type === 'domain' ? rule.target_selection : null),
  );
  const ips = [...new Set(parts.flatMap((p) => (p.ip ? [p.ip] : [])))];
  const senders = new Map<string, string>();
  if (ips.length) {
    const found = await ctx.db
      .selectFrom('ip_enrichment')
      .select(['ip', 'sender_service'])
      .where('ip', 'in', ips)
      .execute();
    for (const s of found) if (s.sender_service) senders.set(s.ip, s.sender_service);
  }
  return rows.map((f, i) => {
    const { ip, domain } = parts[i]!;
    const zones = rule.condition === 'ip_blocklisted' ? listedZones(f.observed) : [];
    return {
      firing_id: Number(f.id),
      incident_id: Number(f.incident_id ?? f.id),
      state: f.kind === 'firing' ? 'firing' : 'recovered',
      subject: f.subject,
      domain,
      ip,
      sender: ip ? (senders.get(ip) ?? null) : null,
      condition: rule.condition,
      day: f.day,
      observed: f.observed,
      params: rule.params,
      fired_at: new Date(f.fired_at).toISOString(),
      links: { rule: ruleLink(ctx.config.publicUrl, rule), data: dataLink(ctx.config.publicUrl, rule, f) },
      ...(zones.length ? { blocklists: namedBlocklists(ctx, zones) } : {}),
    };
  });
}
