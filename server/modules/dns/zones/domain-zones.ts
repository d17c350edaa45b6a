import type { AppContext } from '../../../context';
import type { Db } from '../../../db/database';
import { AppError, detailBody } from '../../../lib/errors';
import { insertAuditOperation } from '../../shared/audit-repo';
import { deleteZoneRow, holdsZoneName, zonesUnder } from '../repo';
import { pdnsOf } from '../service';
import { removeFromPdns } from './zones';

// What happens to hosted zones when their domain changes hands (docs/DNS.md "Who controls a zone"): called by
// the domains area in its own transaction.

type Domain = { id: number; organization_id: number; name: string; verified_at: Date | null };

/** The zones the organization controls only through this domain. */
async function zonesHeldBy(db: Db, domain: Domain) {
  if (domain.verified_at === null) return [];
  const zones = await zonesUnder(db, domain.organization_id, domain);
  const kept = await Promise.all(
    zones.map((z) => holdsZoneName(db, domain.organization_id, z.name, domain.id)),
  );
  return zones.filter((_, i) => !kept[i]);
}

/**
 * Before a domain is deleted: without `deleteZones` a domain whose zones hang on it is refused (409
 * domain_has_zone, the zones named) so no zone is left behind unnoticed; with it, those zones are deleted
 * from PowerDNS and msas, each audited.
 */
export async function releaseDomainZones(
  ctx: AppContext,
  db: Db,
  domain: Domain,
  userId: number,
  deleteZones: boolean,
): Promise<void> {
  const zones = await zonesHeldBy(db, domain);
  if (zones.length === 0) return;
  if (!deleteZones) {
    throw new AppError(409, { ...detailBody('domain_has_zone'), zones: zones.map((z) => z.name) });
  }
  const pdns = pdnsOf(ctx);
  for (const zone of zones) {
    await deleteZoneRow(db, zone);
    await removeFromPdns(pdns, zone.name);
    await insertAuditOperation(db, {
      name: 'dns.zone_delete',
      user_id: userId,
      organization_id: zone.organization_id,
      request: { zone: zone.name, domain: domain.name },
      response_status: 204,
    });
  }
}

/**
 * A domain was just verified by `domain`'s organization: other organizations' zones under it that they no
 * longer hold a verified domain for are out of their hands now, which their audit log says (without naming
 * who verified it). The new holder takes such a zone over or replaces it (zones.ts createZone).
 */
export async function noteZonesHandedOver(
  db: Db,
  domain: { organization_id: number; name: string },
): Promise<void> {
  for (const zone of await zonesUnder(db, 'others', domain)) {
    if (await holdsZoneName(db, zone.organization_id, zone.name)) continue;
    await insertAuditOperation(db, {
      name: 'dns.zone_control_lost',
      user_id: null,
      organization_id: zone.organization_id,
      request: { zone: zone.name },
      response_status: 200,
    });
  }
}
