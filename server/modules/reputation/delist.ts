import type { AppContext } from '../../context';
import type { Db } from '../../db/database';
import type { ParsedIp } from '../../checks/dnsbl/reverse';
import { lookupReputation, type ReputationResult } from '../../checks/reputation/lookup';
import type { AppError } from '../../lib/errors';
import { serverT } from '../../lib/i18n';
import { renderMail } from '../../mail/templates/render';
import type { AuditScope } from '../shared/with-audit';
import { statusError } from './protection/limits';
import { insertDelistRequest } from './repo';
import type { ReputationServices } from './services';

// A delist request for our own reputation zone: only an address the zone rates below neutral can be
// delisted. Checked before the transaction (DNS must not hold a database connection), recorded and mailed
// to DELIST_EMAIL inside it.

export async function checkDelistable(
  services: ReputationServices,
  ip: ParsedIp,
): Promise<ReputationResult | AppError> {
  const zone = services.settings.reputationZone;
  if (!zone) return statusError(400, 'delist_unavailable');
  const reputation = await lookupReputation(services.resolver, zone, ip, services.settings.dnsblTimeoutMs);
  if (reputation.lookup !== 'ok') return statusError(503, 'delist_check_failed');
  if (reputation.level === null || reputation.level >= 0)
    return statusError(400, 'delist_not_listed', 'target');
  return reputation;
}

export async function recordDelistRequest(
  ctx: AppContext,
  trx: Db,
  scope: AuditScope,
  request: { ip: ParsedIp; reputation: ReputationResult; requesterIp: string; requesterEmail: string | null },
): Promise<{ id: number; outboxId: number }> {
  const { ip, reputation } = request;
  const zone = reputation.zone ?? '';
  const to = ctx.config.reputation.delistEmail ?? ctx.config.operatorEmail;
  const t = serverT('en', 'mail');
  const outboxId = await ctx.mailer.queue(trx, {
    to,
    ...(request.requesterEmail ? { replyTo: request.requesterEmail } : {}),
    // The operator has no account and so no language setting: English.
    ...renderMail('delistRequest', 'en', {
      ip: ip.ip,
      zone,
      label: reputation.label,
      description: reputation.description,
      address: reputation.address ?? '',
      requester: request.requesterEmail ?? t('delistRequest.unknownUser'),
      requesterIp: request.requesterIp,
      organization: scope.organizationId ?? t('delistRequest.noOrganization'),
    }),
    organizationId: scope.organizationId ?? null,
  });
  const id = await insertDelistRequest(trx, {
    target: ip.ip,
    zone,
    category: reputation.category,
    requester_ip: request.requesterIp,
    user_id: scope.userId,
    organization_id: scope.organizationId,
    outbox_id: outboxId,
  });
  return { id, outboxId };
}
