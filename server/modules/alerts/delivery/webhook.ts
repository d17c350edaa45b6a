import { createHmac } from 'node:crypto';
import { sql } from 'kysely';
import type { AppContext } from '../../../context';
import { decryptSecret } from '../../../lib/crypto';
import { lapsedOrganizations } from '../../shared/billing-access';
import type { WebhookFormat } from '../../../../contract/alerts';
import { findRule } from '../repo';
import { postToTarget, webhookTarget } from './webhook-target';
import { webhookBodies } from './webhook-formats';
import { ruleFields, webhookEvents } from './webhook-events';

// The optional webhook of a rule: one POST per batch of firings (per firing for PagerDuty), a JSON body
// in the rule's format (webhook-formats.ts) signed with the rule's secret
// (HMAC-SHA256 over "<timestamp>.<body>", docs/ALERTS.md), retried by the queue with back-off. The target
// must resolve to public addresses only, checked at each delivery (a name may change what it points at), and
// the post goes to the address checked (webhook-target.ts); CHECKS_ALLOW_PRIVATE_TARGETS, the operator's
// switch for private targets of the checks, lifts the check too.

export const signatureHeader = 'x-msas-signature';
export const timestampHeader = 'x-msas-timestamp';

export function signBody(secret: string, timestamp: number, body: string): string {
  return `sha256=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;
}

type Data = { organizationId: number; ruleId: number; firingIds: number[] };

export async function deliverWebhook(ctx: AppContext, data: Data): Promise<void> {
  const rule = await findRule(ctx.db, data.ruleId, data.organizationId);
  if (!rule?.webhook_url || data.firingIds.length === 0) return;
  // Read-only for billing since the firing: its alerts are stopped, the webhook too (docs/BILLING.md).
  const terms = [ctx.config.billing?.trialDays, ctx.now()] as const;
  if ((await lapsedOrganizations(ctx.db, [rule.organization_id], ...terms)).size) return;
  const events = await webhookEvents(ctx, rule, data.firingIds);
  const routingKey = rule.webhook_routing_key_enc
    ? decryptSecret(ctx.config.encryptionKey, rule.webhook_routing_key_enc)
    : null;
  const bodies = webhookBodies(
    rule.webhook_format as WebhookFormat,
    rule.organization_id,
    ruleFields(rule),
    events,
    routingKey,
  );
  const secret = rule.webhook_secret_enc
    ? decryptSecret(ctx.config.encryptionKey, rule.webhook_secret_enc)
    : null;
  const timestamp = Math.floor(ctx.now().getTime() / 1000);
  const headersOf = (body: string): Record<string, string> => ({
    'content-type': 'application/json',
    [timestampHeader]: String(timestamp),
    ...(secret ? { [signatureHeader]: signBody(secret, timestamp, body) } : {}),
  });
  const mark = (error: string | null) =>
    ctx.db
      .updateTable('alert_rules')
      .set({
        last_delivery_at: ctx.now(),
        last_delivery_error: error,
        delivery_failures: error === null ? 0 : sql`delivery_failures + 1`,
      })
      .where('organization_id', '=', rule.organization_id)
      .where('id', '=', rule.id)
      .execute();
  try {
    const target = await webhookTarget(new URL(rule.webhook_url), ctx.config.checks.allowPrivateTargets);
    // PagerDuty takes one event a request; a retry sends them all again, which its dedup_key makes harmless.
    for (const body of bodies) {
      const status = await postToTarget(target, headersOf(body), body);
      if (status < 200 || status > 299) throw new Error(`webhook answered ${status}`);
    }
  } catch (error) {
    await mark(error instanceof Error ? error.message.slice(0, 300) : 'webhook failed');
    // The queue retries with back-off (alertWebhookJob's retryLimit).
    throw error;
  }
  await mark(null);
}
