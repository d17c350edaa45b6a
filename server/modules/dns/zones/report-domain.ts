import type { AppContext } from '../../../context';
import type { StoredRrset } from '../../../db/schema-dns';
import type { Job } from '../../../jobs/job';
import { AppError } from '../../../lib/errors';
import { reportDomainRecords, type DnsRecord } from '../../../mail/report-domain';
import { insertAuditOperation } from '../../shared/audit-repo';
import { findZone } from '../repo';
import { byKey, keyOf } from '../records/rrsets';
import { applyChanges } from '../records/apply-changes';
import { loadLive } from '../service';
import { txtText } from '../fixes/fix-rules';
import type { RrsetChangeInput } from '../records/validate';

// When the report domain's zone is hosted here (docs/INGESTION.md, "Reports from the internet"), msas
// keeps its records itself: the MX to the SMTP listener and the RFC 7489 section 7.1 authorisation. It adds
// what is missing and never removes or rewrites what the zone's owner put there: an MX to another host is
// left alone (and logged), other TXT records at the wildcard stay.

const ttl = 3600;
const absolute = (name: string) => `${name.replace(/\.$/, '')}.`;

/** The report domain and its parents, most specific first: the zone is the nearest one hosted. */
const candidates = (domain: string) =>
  domain.split('.').map((_, i, labels) => absolute(labels.slice(i).join('.')));

function missing(want: DnsRecord, have: StoredRrset | undefined, logger: AppContext['logger']) {
  const enabled = (have?.records ?? []).filter((r) => !r.disabled);
  if (want.type === 'MX') {
    const host = want.content.split(' ')[1]!.toLowerCase();
    if (enabled.some((r) => r.content.split(/\s+/)[1]?.toLowerCase() === host)) return null;
    if (enabled.length > 0) {
      logger.warn(
        { name: want.name, want: want.content },
        'report domain: its MX names another host, left alone',
      );
      return null;
    }
  } else if (enabled.some((r) => /^v=DMARC1\s*(;|$)/i.test(txtText(r.content)))) return null;
  const input: RrsetChangeInput = {
    name: absolute(want.name),
    type: want.type,
    ttl: have?.ttl ?? ttl,
    changetype: 'REPLACE',
    records: [...(have?.records ?? []), { content: want.content, disabled: false }],
  };
  return input;
}

/** Adds the report domain's missing records to its hosted zone; what it did, for the log and the tests. */
export async function keepReportDomainRecords(ctx: AppContext) {
  const wanted = reportDomainRecords(ctx.config.reportAddress);
  if (!ctx.config.powerDns || wanted.length === 0) return 'off' as const;
  return ctx.db.transaction().execute(async (trx) => {
    let zone = null;
    for (const name of candidates(ctx.config.reportAddress.domain)) {
      zone = await findZone(trx, 'any', { name }, true);
      if (zone) break;
    }
    if (!zone) return 'no zone' as const;
    const loaded = await loadLive(ctx, trx, zone);
    const current = byKey(loaded.rrsets);
    const inputs = wanted
      .map((w) => missing(w, current.get(keyOf({ name: absolute(w.name), type: w.type })), ctx.logger))
      .filter((i) => i !== null);
    if (inputs.length === 0) return 'unchanged' as const;
    const result = await applyChanges(ctx, trx, null, loaded.zone, loaded.zone.version, inputs, {
      kind: 'edit',
    });
    if (result instanceof AppError) throw result;
    await insertAuditOperation(trx, {
      name: 'dns.report_domain_records',
      user_id: null,
      organization_id: zone.organization_id,
      request: { zone: zone.name, rrsets: inputs.map(keyOf) },
      response_status: 200,
    });
    return 'added' as const;
  });
}

/** Hourly, and soon after start: a zone created or edited later gets the records within the hour. */
export function reportDomainRecordsJob(): Job {
  return {
    name: 'report-domain-records',
    cron: '17 * * * *',
    inTransaction: false,
    run: async (ctx) => {
      const outcome = await keepReportDomainRecords(ctx);
      ctx.logger.info({ outcome }, 'report domain records');
    },
  };
}
