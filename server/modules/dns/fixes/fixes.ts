import type { AppContext } from '../../../context';
import type { Db } from '../../../db/database';
import { baseDomainOf } from '../../../checks/dns/baseDomain';
import { AppError, detailBody, notFound } from '../../../lib/errors';
import { reportAddress } from '../../../mail/report-address';

import { storedChecks } from '../../analysis';
import { dailyTotals } from '../../analytics';
import { type FixKind, fixName, proposeFixes, quarantineAfterDays } from './fix-rules';
import { changesSince, reportSlugOf, type ZoneRow } from '../repo';
import { wireRrset } from '../records/rrsets';
import { applyChanges } from '../records/apply-changes';
import { type DnsActor, historyItems, loadLive, zoneFor } from '../service';

// The suggested fixes of a hosted zone (docs/DNS.md "Suggested fixes"), listed as change set previews and
// applied one at a time with the zone's version, like any change set.

const dayMs = 86_400_000;
const day = (d: Date) => d.toISOString().slice(0, 10);

async function organizationRua(ctx: AppContext, db: Db, organizationId: number) {
  return `mailto:${reportAddress(await reportSlugOf(db, organizationId), ctx.config.reportAddress)}`;
}

// The DMARC pass share over the days with reports in the last two months, and how far back they go.
async function dmarcPass(ctx: AppContext, db: Db, zone: ZoneRow, domain: string) {
  const now = ctx.now();
  const begin = day(new Date(now.getTime() - 2 * quarantineAfterDays * dayMs));
  const rows = await dailyTotals(db, {
    organizationId: zone.organization_id,
    domains: [domain],
    begin,
    end: day(now),
  });
  const messages = rows.reduce((n, r) => n + r.messages, 0);
  if (rows.length === 0 || messages === 0) return null;
  const passed = rows.reduce((n, r) => n + r.dmarc_passed, 0);
  const days = Math.round((now.getTime() - Date.parse(`${rows[0]!.day}T00:00:00Z`)) / dayMs);
  return { rate: passed / messages, days };
}

async function planFixes(ctx: AppContext, db: Db, zone: ZoneRow) {
  const loaded = await loadLive(ctx, db, zone);
  const domain = loaded.zone.name.slice(0, -1);
  const [rua, checks, pass] = await Promise.all([
    organizationRua(ctx, db, zone.organization_id),
    storedChecks(db, zone.organization_id, [domain]),
    dmarcPass(ctx, db, zone, domain),
  ]);
  const spf = checks.find((c) => c.system === 'spf');
  const spfWarnings = (spf?.warnings ?? []).map((w) =>
    w && typeof w === 'object' && 'code' in w ? String(w.code) : '',
  );
  const planned = proposeFixes({
    zone: loaded.zone.name,
    rrsets: loaded.rrsets,
    rua,
    ruaReceivesMail: ctx.config.reportAddress.receivesMail === true,
    organizational: baseDomainOf(domain) === domain,
    spfWarnings,
    dmarcPass: pass,
  });
  return { loaded, ...planned };
}

/** The fixes of a zone the caller may read, each with the rrset before and after. */
export async function listFixes(ctx: AppContext, db: Db, actor: DnsActor, raw: string) {
  const { loaded, fixes, notes } = await planFixes(ctx, db, await zoneFor(db, actor, raw, false));
  return {
    zone: loaded.zone.name,
    version: loaded.zone.version,
    report_address_receives_mail: ctx.config.reportAddress.receivesMail === true,
    fixes: fixes.map((f) => ({
      kind: f.kind,
      reason: f.reason,
      name: f.name,
      type: f.type,
      action: f.before ? ('changed' as const) : ('added' as const),
      before: f.before ? wireRrset(f.before) : null,
      after: wireRrset(f.after),
    })),
    notes,
  };
}

/**
 * Applies one fix as a change set at `version`: 409 when the zone changed since (with the changes to the
 * fix's rrset), 404 when the fix no longer applies at the current version.
 */
export async function applyFix(
  ctx: AppContext,
  db: Db,
  actor: DnsActor,
  raw: string,
  kind: FixKind,
  version: number,
) {
  const locked = await zoneFor(db, actor, raw, true, true);
  const { loaded, fixes } = await planFixes(ctx, db, locked);
  const fix = fixes.find((f) => f.kind === kind);
  if (!fix) {
    if (version >= loaded.zone.version) return notFound();
    const key = { name: fixName(kind, loaded.zone.name), type: 'TXT' };
    const changes = await changesSince(db, loaded.zone, version, [key]);
    return new AppError(409, {
      ...detailBody('dns_stale'),
      version: loaded.zone.version,
      changes: await historyItems(db, loaded.zone, changes),
    });
  }
  const input = {
    name: fix.name,
    type: fix.type,
    ttl: fix.after.ttl,
    changetype: 'REPLACE' as const,
    records: fix.after.records,
  };
  return applyChanges(ctx, db, actor, loaded.zone, version, [input], { kind: 'edit' });
}
