import type { HistoryItem } from './records';
import { sortItems } from './records';

// The DKIM key records (RFC 6376 section 3.6.2.1) as a history set of the domain: one TXT item per selector,
// "<selector> <record>", from the DKIM check's result. The selectors looked up vary between re-checks (the
// ones seen in recent reports plus a probe of common names), so a selector the check did not answer for
// keeps its last record; only a selector found with another record, or answered with no record
// (dkim_key_missing), changes the set.

type SelectorResult = {
  selector: string;
  found: boolean;
  record: string | null;
  warnings?: { code: string }[];
};

const selectorOf = (item: HistoryItem) => item.content.split(' ', 1)[0]!;

export function dkimItems(result: unknown, last: HistoryItem[]): HistoryItem[] | null {
  const selectors = (result as { selectors?: SelectorResult[] } | null)?.selectors;
  if (!Array.isArray(selectors)) return null;
  const next = new Map(last.filter((i) => i.content !== '').map((i) => [selectorOf(i), i]));
  for (const s of selectors) {
    if (s.found && s.record)
      next.set(s.selector, { rrType: 'TXT', ttl: 0, content: `${s.selector} ${s.record}` });
    else if (s.warnings?.some((w) => w.code === 'dkim_key_missing')) next.delete(s.selector);
  }
  return sortItems([...next.values()]);
}
