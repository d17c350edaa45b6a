import fs from 'node:fs';
import path from 'node:path';
import ipaddr from 'ipaddr.js';

// The record rows of the aggregate samples with what the drill-downs group by (header From, disposition),
// read independently of server/dmarc, and the sender attribution rule worked out from first principles.

export type Row = {
  org: string;
  reportKey: string;
  domain: string;
  day: string;
  sourceIp: string;
  headerFrom: string;
  envelopeFrom: string | null;
  disposition: string;
  dkim: string;
  spf: string;
  count: number;
};

const blocks = (xml: string, tag: string) =>
  [...xml.matchAll(new RegExp(`<(?:\\w+:)?${tag}(?:\\s[^>]*)?>([\\s\\S]*?)</(?:\\w+:)?${tag}>`, 'g'))].map(
    (m) => m[1],
  );
const text = (xml: string | undefined, tag: string) => (xml ? (blocks(xml, tag)[0] ?? '').trim() : '');

export function readRows(dir: string, files: string[]): Row[] {
  const seen = new Set<string>();
  const out: Row[] = [];
  for (const f of files) {
    const xml = fs.readFileSync(path.join(dir, f), 'utf8');
    const meta = blocks(xml, 'report_metadata')[0];
    const range = blocks(meta, 'date_range')[0];
    const org = text(meta, 'org_name');
    const domain = text(blocks(xml, 'policy_published')[0], 'domain').toLowerCase();
    const begin = Number(text(range, 'begin'));
    const reportKey = [org, text(meta, 'report_id'), domain, begin, text(range, 'end')].join('|');
    if (seen.has(reportKey)) continue;
    seen.add(reportKey);
    for (const rec of blocks(xml, 'record')) {
      const row = blocks(rec, 'row')[0];
      const evaluated = blocks(row, 'policy_evaluated')[0];
      const ids = blocks(rec, 'identifiers')[0];
      out.push({
        org,
        reportKey,
        domain,
        day: new Date(begin * 1000).toISOString().slice(0, 10),
        sourceIp: text(row, 'source_ip'),
        headerFrom: text(ids, 'header_from').toLowerCase(),
        envelopeFrom: text(ids, 'envelope_from') || null,
        disposition: text(evaluated, 'disposition').toLowerCase(),
        dkim: text(evaluated, 'dkim').toLowerCase(),
        spf: text(evaluated, 'spf').toLowerCase(),
        count: Number(text(row, 'count')),
      });
    }
  }
  return out;
}

export type Catalogue = {
  networks: { name: string; cidr: string }[];
  suffixes: { name: string; suffix: string }[];
  ptr: Map<string, { ptr: string; base: string }>;
};

/** Longest matching network, else longest PTR suffix, else the PTR's base domain, else null. */
export function attribute(ip: string, c: Catalogue): string | null {
  const addr = ipaddr.process(ip);
  let best: { name: string; bits: number } | null = null;
  for (const n of c.networks) {
    const [net, bits] = ipaddr.parseCIDR(n.cidr);
    if (net.kind() === addr.kind() && addr.match(net, bits) && (!best || bits > best.bits))
      best = { name: n.name, bits };
  }
  if (best) return best.name;
  const p = c.ptr.get(ip);
  if (!p) return null;
  const suffix = c.suffixes
    .filter((s) => p.ptr === s.suffix || p.ptr.endsWith(`.${s.suffix}`))
    .sort((a, b) => b.suffix.length - a.suffix.length)[0];
  return suffix ? suffix.name : p.base;
}

export const sumBy = <K>(rows: Row[], key: (r: Row) => K, pick: (r: Row) => boolean = () => true) => {
  const out = new Map<K, number>();
  for (const r of rows) if (pick(r)) out.set(key(r), (out.get(key(r)) ?? 0) + r.count);
  return out;
};
