import type { HistoryType } from '../../db/schema-checks';
import { sortItems, type HistoryItem } from './records';

// Whether a record set changed since the last history items of its type. Only the records count (type and
// content), not their TTLs: a caching resolver counts TTLs down. A set that disappeared is written as one
// item with empty content (and TTL 0), so "removed" is a change too and a later return is one again.

const PRIMARY: Record<HistoryType, string> = {
  dmarc: 'TXT',
  spf: 'TXT',
  dns: 'A',
  ns: 'NS',
  mtaSts: 'TXT',
  dkim: 'TXT',
};

export const removedMarker = (type: HistoryType): HistoryItem => ({
  rrType: PRIMARY[type],
  ttl: 0,
  content: '',
});

const key = (items: HistoryItem[]) =>
  JSON.stringify(sortItems(items.filter((i) => i.content !== '')).map((i) => [i.rrType, i.content]));

/** The items to write for this set, or null when nothing changed (or nothing is known). */
export function itemsToWrite(
  type: HistoryType,
  last: HistoryItem[],
  next: HistoryItem[] | null,
): HistoryItem[] | null {
  if (next === null) return null;
  if (key(last) === key(next)) return null;
  if (next.length === 0) return last.length === 0 ? null : [removedMarker(type)];
  return next;
}
