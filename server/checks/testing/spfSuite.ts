import { readFileSync } from 'node:fs';
import { parseAllDocuments } from 'yaml';
import type { ZoneRecord, ZoneRule } from './dnsZone';

// Reads the OpenSPF RFC 7208 test suite (YAML, one document per scenario) into test cases and zone data for
// the loopback DNS server. Zone conventions of the suite (see its PROVENANCE.md and header comment):
// - a bare "TIMEOUT" entry: the name does not answer, except for types it lists records of;
// - an SPF-typed entry is served as type 99 and also as TXT, unless the name lists TXT itself;
//   "TXT: NONE" only suppresses that copy;
// - a TXT/SPF value is one string or a list of character-strings; "\xNN" escapes stand for octets.

export type SuiteCase = {
  name: string;
  spec: string;
  helo: string;
  host: string;
  mailfrom: string;
  /** Acceptable results, preferred first. */
  results: string[];
  explanation?: string;
};

export type SuiteScenario = {
  description: string;
  cases: SuiteCase[];
  records: ZoneRecord[];
  rules: ZoneRule[];
};

const QUERY_TYPES = ['A', 'AAAA', 'TXT', 'SPF', 'MX', 'PTR', 'CNAME', 'NS', 'SOA'];

type Doc = {
  description?: string;
  tests?: Record<string, Record<string, unknown>>;
  zonedata?: Record<string, unknown[]>;
};

export function loadSpfSuite(file: string): SuiteScenario[] {
  return parseAllDocuments(readFileSync(file, 'utf8'))
    .map((d) => d.toJS() as Doc | null)
    .filter((d): d is Doc => !!d && !!d.tests)
    .map((doc) => ({
      description: doc.description ?? 'scenario',
      cases: Object.entries(doc.tests ?? {}).map(([name, t]) => toCase(name, t)),
      ...zoneOf(doc.zonedata ?? {}),
    }));
}

function toCase(name: string, t: Record<string, unknown>): SuiteCase {
  const result = t.result;
  return {
    name,
    spec: String(t.spec ?? ''),
    helo: String(t.helo ?? ''),
    host: String(t.host ?? ''),
    mailfrom: String(t.mailfrom ?? ''),
    results: (Array.isArray(result) ? result : [result]).map(String),
    ...(t.explanation !== undefined ? { explanation: String(t.explanation) } : {}),
  };
}

function zoneOf(zonedata: Record<string, unknown[]>): { records: ZoneRecord[]; rules: ZoneRule[] } {
  const records: ZoneRecord[] = [];
  const rules: ZoneRule[] = [];
  for (const [name, entries] of Object.entries(zonedata)) {
    const own: ZoneRecord[] = [];
    const hasTxt = entries.some((e) => typeof e === 'object' && e !== null && 'TXT' in e);
    let timeout = false;
    for (const entry of entries) {
      if (entry === 'TIMEOUT') {
        timeout = true;
        continue;
      }
      for (const [type, value] of Object.entries(entry as Record<string, unknown>)) {
        if (type === 'TXT' && value === 'NONE') continue;
        if (type === 'TXT' || type === 'SPF') {
          own.push({ name, type, data: textData(value) });
          if (type === 'SPF' && !hasTxt) own.push({ name, type: 'TXT', data: textData(value) });
        } else if (type === 'MX') {
          const [preference, exchange] = value as [number, string];
          own.push({ name, type, data: { preference, exchange } });
        } else {
          own.push({ name, type, data: String(value) });
        }
      }
    }
    records.push(...own);
    if (timeout) {
      const answered = new Set(own.map((r) => r.type));
      rules.push({ name, type: QUERY_TYPES.filter((t) => !answered.has(t)), action: 'timeout' });
    }
  }
  return { records, rules };
}

/** YAML "\xNN" escapes decode to code points U+0000-U+00FF; the suite means octets, so encode as latin1. */
function octets(s: string): Buffer {
  const octetsOnly = [...s].every((ch) => ch.charCodeAt(0) <= 0xff);
  return octetsOnly ? Buffer.from(s, 'latin1') : Buffer.from(s, 'utf8');
}

function textData(value: unknown): Buffer | Buffer[] {
  return Array.isArray(value) ? value.map((v) => octets(String(v))) : octets(String(value));
}
