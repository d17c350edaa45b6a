import fs from 'node:fs';
import path from 'node:path';

// A deliberately tiny DMARC aggregate reader for the analytics tests, independent of server/dmarc: plain
// XML only, tags matched by name (any namespace prefix), and the expected figures computed from it.

export type SampleRecord = {
  sourceIp: string;
  count: number;
  dkim: string;
  spf: string;
  dkimAuth: boolean;
  spfAuth: boolean;
};
export type SampleReport = {
  org: string;
  reportId: string;
  domain: string;
  begin: number;
  end: number;
  day: string;
  records: SampleRecord[];
};

const blocks = (xml: string, tag: string) =>
  [...xml.matchAll(new RegExp(`<(?:\\w+:)?${tag}(?:\\s[^>]*)?>([\\s\\S]*?)</(?:\\w+:)?${tag}>`, 'g'))].map(
    (m) => m[1],
  );
const text = (xml: string, tag: string) => (blocks(xml, tag)[0] ?? '').trim();

export function readAggregate(xml: string): SampleReport {
  const meta = blocks(xml, 'report_metadata')[0];
  const range = blocks(meta, 'date_range')[0];
  const begin = Number(text(range, 'begin'));
  const records = blocks(xml, 'record').map((rec) => {
    const row = blocks(rec, 'row')[0];
    const evaluated = blocks(row, 'policy_evaluated')[0];
    const auth = blocks(rec, 'auth_results')[0] ?? '';
    const passes = (tag: string) => blocks(auth, tag).some((b) => text(b, 'result').toLowerCase() === 'pass');
    return {
      sourceIp: text(row, 'source_ip'),
      count: Number(text(row, 'count')),
      dkim: text(evaluated, 'dkim').toLowerCase(),
      spf: text(evaluated, 'spf').toLowerCase(),
      dkimAuth: passes('dkim'),
      spfAuth: passes('spf'),
    };
  });
  return {
    org: text(meta, 'org_name'),
    reportId: text(meta, 'report_id'),
    domain: text(blocks(xml, 'policy_published')[0], 'domain').toLowerCase(),
    begin,
    end: Number(text(range, 'end')),
    day: new Date(begin * 1000).toISOString().slice(0, 10),
    records,
  };
}

/** Reports of the given files in order; a later copy of the same (org, id, domain, begin, end) is dropped. */
export function readUnique(dir: string, files: string[]): SampleReport[] {
  const seen = new Set<string>();
  const out: SampleReport[] = [];
  for (const f of files) {
    const r = readAggregate(fs.readFileSync(path.join(dir, f), 'utf8'));
    const key = [r.org, r.reportId, r.domain, r.begin, r.end].join('|');
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(r);
  }
  return out;
}

export type Window = { begin: string; end: string; domains?: string[] };

export const inWindow = (reports: SampleReport[], w: Window) =>
  reports.filter((r) => r.day >= w.begin && r.day <= w.end && (!w.domains || w.domains.includes(r.domain)));

const pct = (part: number, total: number) => (total === 0 ? 0 : Math.round((part / total) * 10_000) / 100);

/** The metrics document's attributes, from first principles. */
export function expectedMetrics(reports: SampleReport[], w: Window) {
  const picked = inWindow(reports, w);
  const recs = picked.flatMap((r) => r.records);
  const sum = (f: (r: SampleRecord) => boolean) => recs.filter(f).reduce((n, r) => n + r.count, 0);
  const total = sum(() => true);
  const dkim = sum((r) => r.dkim === 'pass');
  const spf = sum((r) => r.spf === 'pass');
  const dmarc = sum((r) => r.dkim === 'pass' || r.spf === 'pass');
  const unaligned = sum((r) => r.dkim !== 'pass' && r.spf !== 'pass' && (r.dkimAuth || r.spfAuth));
  const failed = sum((r) => r.dkim !== 'pass' && r.spf !== 'pass' && !r.dkimAuth && !r.spfAuth);
  return {
    nr_domains: new Set(picked.filter((r) => r.records.length > 0).map((r) => r.domain)).size,
    nr_reports: picked.length,
    nr_records: recs.length,
    nr_messages: total,
    date_range: { begin_date: w.begin, end_date: w.end },
    dkim: { passed: dkim, failed: total - dkim },
    spf: { passed: spf, failed: total - spf },
    dmarc: {
      passed: dmarc,
      failed: total - dmarc,
      passed_split: {
        dkim_and_spf: sum((r) => r.dkim === 'pass' && r.spf === 'pass'),
        dkim_only: sum((r) => r.dkim === 'pass' && r.spf !== 'pass'),
        spf_only: sum((r) => r.dkim !== 'pass' && r.spf === 'pass'),
      },
    },
    verification: {
      aligned: dmarc,
      passed: unaligned,
      failed,
      aligned_percentage: pct(dmarc, total),
      passed_percentage: pct(unaligned, total),
      failed_percentage: pct(failed, total),
    },
  };
}

/** Messages per key (domain or source IP) in the window. */
export function messagesBy(reports: SampleReport[], w: Window, key: 'domain' | 'sourceIp') {
  const out = new Map<string, number>();
  for (const r of inWindow(reports, w))
    for (const rec of r.records) {
      const k = key === 'domain' ? r.domain : rec.sourceIp;
      out.set(k, (out.get(k) ?? 0) + rec.count);
    }
  return out;
}
