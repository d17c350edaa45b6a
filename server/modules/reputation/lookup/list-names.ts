import type { AppContext } from '../../../context';
import { reputationServices } from '../services';

// The block lists an alert names: each listing zone with the list's name and its delisting page, from the
// table of known lists (server/checks/dnsbl/zones.ts; a mirror named "zone=known zone" in DNSBL_ZONES takes
// the known list's). A zone nobody documents keeps its zone as its name and has no page.

export type NamedList = { zone: string; name: string; delist_url: string | null };

export function namedBlocklists(ctx: AppContext, zones: string[]): NamedList[] {
  const lists = reputationServices(ctx).lists;
  return zones.map((zone) => {
    const known = lists.find((l) => l.zone === zone);
    return { zone, name: known?.name ?? zone, delist_url: known?.delistUrl ?? null };
  });
}
