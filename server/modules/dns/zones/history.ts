import type { AppContext } from '../../../context';
import type { Db } from '../../../db/database';
import { fieldError, notFound } from '../../../lib/errors';
import { pageLinks, pageMeta, paging } from '../../../lib/paging';
import { countHistory, findChangeSet, findZone, listHistory } from '../repo';
import { applyChanges } from '../records/apply-changes';
import { type DnsActor, heldZone, historyItems, loadLive, revertInputs, scopeOf, zoneFor } from '../service';
import { absoluteName } from '../records/validate';

// The history of a zone (or of one name in it), reverting a change set, and the flat record rows.

type Page = { page: number; page_size: number };

export async function zoneHistory(
  db: Db,
  actor: DnsActor,
  query: Page & { zone: string; name?: string; type?: string },
  url: string,
) {
  const zone = await zoneFor(db, actor, query.zone, false);
  const filter = {
    name: query.name ? (absoluteName(query.name) ?? query.name) : undefined,
    type: query.type?.toUpperCase(),
  };
  const p = paging(query);
  const count = await countHistory(db, zone, filter);
  const rows = await listHistory(db, zone, filter, p.offset, p.pageSize);
  return {
    data: await historyItems(db, zone, rows),
    links: pageLinks(url, p, count),
    meta: pageMeta(p, count),
  };
}

/**
 * Puts every rrset of a change set back as it was before it, as a new change set. Refused (409) when a later
 * change touched one of those rrsets: reverting would silently undo that one too.
 */
export async function revertChangeSet(ctx: AppContext, db: Db, actor: DnsActor, id: number) {
  const organizationId = scopeOf(actor, true);
  const set = await findChangeSet(db, organizationId, id);
  if (!set || set.rrsets.length === 0) throw notFound();
  if (set.kind === 'create') throw fieldError('non_field_errors', 'zone_creation_not_reverted');
  const zone = await heldZone(
    db,
    organizationId,
    await findZone(db, organizationId, { id: set.zone_id }, true),
  );
  return applyChanges(ctx, db, actor, zone, set.version, revertInputs(set.rrsets), {
    kind: 'revert',
    revertsId: set.id,
  });
}

/** The zone's records one per row (spec's record row), SOA left out, optionally filtered by name or content. */
export async function recordRows(
  ctx: AppContext,
  db: Db,
  actor: DnsActor,
  query: Page & { zone: string; search?: string },
  url: string,
) {
  const zone = await zoneFor(db, actor, query.zone, false, true);
  const { rrsets } = await loadLive(ctx, db, zone);
  const needle = query.search?.trim().toLowerCase();
  const rows = rrsets
    .flatMap((r) =>
      r.records.map((x) => ({
        id: `${r.name}/${r.type}/${x.content}`,
        type: r.type,
        name: r.name,
        content: x.content,
        ttl: r.ttl,
        disabled: x.disabled,
        comment: r.comments.map((c) => c.content).join('\n'),
      })),
    )
    .filter((r) => !needle || r.name.includes(needle) || r.content.toLowerCase().includes(needle));
  const p = paging(query);
  return {
    data: rows.slice(p.offset, p.offset + p.pageSize),
    links: pageLinks(url, p, rows.length),
    meta: pageMeta(p, rows.length),
  };
}
