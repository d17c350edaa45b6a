import type { Db } from '../../db/database';
import type { DomainRow } from '../../db/schema';
import { latestItems, reportSelectorsSeen } from '../../checks/history/repo';
import { stored } from './repo';

// Domain Info (checks contract 5): the current records of a registered domain, read from its stored
// results and DNS history (written by the scheduled and on-demand re-checks), and the DKIM selectors seen
// in its organization's reports.

type Obj = Record<string, unknown>;
const obj = (v: unknown): Obj => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Obj) : {});
const iso = (d: Date | string | null | undefined) => (d ? new Date(d).toISOString() : null);

export async function currentRecord(db: Db, domain: DomainRow, system: 'dmarc' | 'spf') {
  const row = await stored(db, domain, system);
  const record = obj(row?.result).record;
  return {
    data: {
      domain: domain.name,
      record: typeof record === 'string' ? record : null,
      checked_at: iso(row?.checked_at),
    },
  };
}

export type IpEntry = { ip: string; source: 'A' | 'AAAA' | 'MX'; host: string };

export async function domainIps(db: Db, domain: DomainRow) {
  const ips: IpEntry[] = [];
  for (const item of await latestItems(db, domain, 'dns')) {
    if ((item.rrType === 'A' || item.rrType === 'AAAA') && item.content)
      ips.push({ ip: item.content, source: item.rrType, host: domain.name });
  }
  // The address each MX host was reached at by the SMTP check.
  const smtp = await stored(db, domain, 'smtp');
  const hosts = Array.isArray(obj(smtp?.result).hosts) ? (obj(smtp?.result).hosts as unknown[]) : [];
  for (const h of hosts.map(obj)) {
    if (typeof h.address === 'string' && typeof h.host === 'string')
      ips.push({ ip: h.address, source: 'MX', host: h.host });
  }
  const seen = new Set<string>();
  return {
    data: {
      domain: domain.name,
      ips: ips.filter((e) => {
        const k = `${e.source} ${e.host} ${e.ip}`;
        return seen.has(k) ? false : (seen.add(k), true);
      }),
    },
  };
}

export async function dkimSignatures(db: Db, domain: DomainRow) {
  const fromReports = await reportSelectorsSeen(db, domain);
  const seen = new Map(fromReports.map((r) => [String(r.selector).toLowerCase(), iso(r.last_seen)]));
  const dkim = await stored(db, domain, 'dkim');
  const selectors = Array.isArray(obj(dkim?.result).selectors)
    ? (obj(dkim?.result).selectors as unknown[]).map(obj)
    : [];
  const byName = new Map(selectors.map((s) => [String(s.selector), s]));
  const names = [
    ...new Set([...seen.keys(), ...selectors.filter((s) => s.found).map((s) => String(s.selector))]),
  ];
  names.sort();
  return {
    data: names.map((selector) => {
      const s = byName.get(selector);
      const inDns = s?.found === true;
      const inReports = seen.has(selector);
      return {
        selector,
        domain: domain.name,
        source: (inDns && inReports ? 'both' : inDns ? 'dns' : 'reports') as 'reports' | 'dns' | 'both',
        key_type: typeof s?.key_type === 'string' ? s.key_type : null,
        key_bits: typeof s?.key_bits === 'number' ? s.key_bits : null,
        testing: s?.testing === true,
        last_seen: seen.get(selector) ?? null,
      };
    }),
  };
}
