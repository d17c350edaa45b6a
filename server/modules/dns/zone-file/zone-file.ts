import type { AppContext } from '../../../context';
import type { Db } from '../../../db/database';
import type { StoredRrset } from '../../../db/schema-dns';
import { AppError, codesOf, type ErrorItem, errorText, item } from '../../../lib/errors';
import type { LineError } from './bind-lexer';
import { type ParsedRrset, parseZoneFile } from './bind-parse';
import { byKey, keyOf, nameTypes, sameRrset, wireRrset } from '../records/rrsets';
import { applyChanges } from '../records/apply-changes';
import { type DnsActor, loadLive, pdnsOf, reaching, zoneDocument, zoneFor } from '../service';
import { checkChanges, type RrsetChangeInput } from '../records/validate';

// Import and export of a zone as a BIND master file (docs/DNS.md "Zone files"). An import replaces only the
// rrsets the file holds, each as a whole (REPLACE); rrsets of the zone the file does not mention stay, so a
// partial file cannot wipe a zone. SOA is PowerDNS's and is skipped. Comments of a replaced rrset are kept.

/** PowerDNS's export of a zone the caller may read. */
export async function exportZoneFile(ctx: AppContext, db: Db, actor: DnsActor, raw: string) {
  const zone = await zoneFor(db, actor, raw, false);
  const text = await reaching(() => pdnsOf(ctx).exportZone(zone.name));
  return { name: zone.name, text };
}

// A file's problems under text: the English "Line 3: …" (zone_file_line), and on the wire each problem's own
// code with the line among its values, so the page words both in the reader's language.
const lineMessage = (e: LineError) =>
  errorText(item('zone_file_line', { line: e.line, message: errorText(e.message) }));
const fileErrors = (errors: LineError[]) =>
  new AppError(400, {
    text: errors.map(lineMessage),
    error_codes: { text: errors.map((e) => item(e.message.code, { ...e.message.params, line: e.line })) },
  });

type Planned = { rrset: ParsedRrset; before: StoredRrset | null; after: StoredRrset };

/** Which rrsets of the file differ from the zone now, checked as one change set; 400 by line otherwise. */
function plan(zoneName: string, text: string, current: StoredRrset[]) {
  const { rrsets, errors } = parseZoneFile(text, zoneName);
  if (errors.length) return fileErrors(errors);
  const now = byKey(current);
  const changed: Planned[] = [];
  for (const rrset of rrsets) {
    const before = now.get(keyOf(rrset)) ?? null;
    const after: StoredRrset = {
      name: rrset.name,
      type: rrset.type,
      ttl: rrset.ttl,
      records: [...rrset.records]
        .sort((a, b) => a.localeCompare(b))
        .map((content) => ({ content, disabled: false })),
      comments: before?.comments ?? [],
    };
    if (!sameRrset(before, after)) changed.push({ rrset, before, after });
  }
  const inputs: RrsetChangeInput[] = changed.map(({ after }) => ({
    name: after.name,
    type: after.type,
    ttl: after.ttl,
    changetype: 'REPLACE',
    records: after.records,
  }));
  const checked = checkChanges(zoneName, inputs, nameTypes(current));
  const problems = byLine(checked.errors, changed);
  if (problems.length) return fileErrors(problems);
  return { unchanged: rrsets.length - changed.length, changed, inputs };
}

// A change set's field errors (rrsets.<i>…) put back on the line where the file starts that rrset.
function byLine(errors: Record<string, ErrorItem[]>, changed: Planned[]): LineError[] {
  const out: LineError[] = [];
  for (const [field, messages] of Object.entries(errors)) {
    const i = /^rrsets\.(\d+)/.exec(field);
    const line = i ? (changed[Number(i[1])]?.rrset.line ?? 1) : 1;
    for (const message of messages) out.push({ line, message });
  }
  return out.sort((a, b) => a.line - b.line);
}

/** What importing the file would change, per rrset, against the zone as PowerDNS holds it now. */
export async function previewImport(ctx: AppContext, db: Db, actor: DnsActor, raw: string, text: string) {
  const loaded = await loadLive(ctx, db, await zoneFor(db, actor, raw, true, true));
  const planned = plan(loaded.zone.name, text, loaded.rrsets);
  if (planned instanceof AppError) return planned;
  return {
    version: loaded.zone.version,
    unchanged: planned.unchanged,
    changes: planned.changed.map((c) => ({
      name: c.after.name,
      type: c.after.type,
      action: c.before ? ('changed' as const) : ('added' as const),
      before: c.before ? wireRrset(c.before) : null,
      after: wireRrset(c.after),
    })),
  };
}

/** Applies the file's changed rrsets as one change set at `version` (409 when someone changed them since). */
export async function importZoneFile(
  ctx: AppContext,
  db: Db,
  actor: DnsActor,
  raw: string,
  body: { text: string; version: number },
) {
  const locked = await zoneFor(db, actor, raw, true, true);
  const loaded = await loadLive(ctx, db, locked);
  const planned = plan(loaded.zone.name, body.text, loaded.rrsets);
  if (planned instanceof AppError) return planned;
  if (!planned.inputs.length) return zoneDocument(loaded);
  const result = await applyChanges(ctx, db, actor, loaded.zone, body.version, planned.inputs, {
    kind: 'edit',
  });
  // PowerDNS's own refusal (422) names an rrset of the change set: show it on the file's line.
  if (result instanceof AppError && result.status === 400)
    return fileErrors(byLine(codesOf(result.body), planned.changed));
  return result;
}
