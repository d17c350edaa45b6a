import type { System } from '../../checks/history/systems';

// The few system-specific facts the Analysis by system lists show (checks contract `summary`), read from
// the stored wire result. `tls` adds the sessions of the TLS reports received in the filter window.

export type Summary = Record<string, string | number | boolean | null>;
export type TlsSessions = { reports: number; success: number; failed: number };

type Obj = Record<string, unknown>;
const obj = (v: unknown): Obj => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Obj) : {});
const arr = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);
const str = (v: unknown) => (typeof v === 'string' ? v : null);
const num = (v: unknown) => (typeof v === 'number' ? v : null);

/** The `all` mechanism of the top SPF record as written (e.g. "-all"), or null. */
function spfAll(record: string | null): string | null {
  const term = (record ?? '').split(/\s+/).find((t) => /^[+?~-]?all$/i.test(t));
  return term ? term.toLowerCase() : null;
}

export function summaryOf(system: System, result: unknown, tls?: TlsSessions): Summary {
  const r = obj(result);
  switch (system) {
    case 'dmarc': {
      const tags = obj(r.tags);
      const pct = Number(str(obj(tags.pct).value));
      return {
        policy: str(r.policy) ?? str(obj(tags.p).value),
        pct: Number.isFinite(pct) && str(obj(tags.pct).value) !== null ? pct : null,
        rua: !!str(obj(tags.rua).value),
      };
    }
    case 'spf':
      return { lookups: num(r.dns_lookups), all: spfAll(str(r.record)) };
    case 'dkim': {
      const selectors = arr(r.selectors).map(obj);
      const weak = selectors.filter((s) => s.key_type === 'rsa' && (num(s.key_bits) ?? 0) < 2048).length;
      return { selectors: selectors.filter((s) => s.found).length, weak };
    }
    case 'dnssec':
      return { status: str(r.status) };
    case 'smtp': {
      const hosts = arr(r.hosts).map(obj);
      return { mx: hosts.length, starttls: hosts.filter((h) => h.start_tls === true).length };
    }
    case 'tls':
      return {
        rua: arr(obj(r.policy).rua).length > 0,
        reports: tls?.reports ?? 0,
        sessions_success: tls?.success ?? 0,
        sessions_failed: tls?.failed ?? 0,
      };
    case 'mta-sts':
      return { mode: str(obj(obj(r.policy).info).mode) };
  }
}
