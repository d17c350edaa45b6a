import type { PowerDnsSettings } from '../../config-integrations';

// A small typed client for PowerDNS Authoritative's HTTP API v1 (server "localhost"), the calls msas needs.
// PowerDNS has one API key for everything (no per-tenant keys): tenant isolation is msas's job.

export type PdnsRecord = { content: string; disabled: boolean };
/** modified_at is seconds since the epoch, stamped by the server. */
export type PdnsComment = { content: string; account: string; modified_at?: number };
export type PdnsRrset = {
  name: string;
  type: string;
  ttl: number;
  records: PdnsRecord[];
  comments: PdnsComment[];
};
export type PdnsRrsetChange = Partial<PdnsRrset> & {
  name: string;
  type: string;
  changetype: 'REPLACE' | 'DELETE';
};
export type PdnsZone = {
  id: string;
  name: string;
  kind: string;
  account: string;
  serial: number;
  dnssec: boolean;
  rrsets: PdnsRrset[];
};
/** A signing key as GET …/cryptokeys lists it (the list never holds the private key). */
export type PdnsCryptokey = {
  id: number;
  keytype: string;
  active: boolean;
  published: boolean;
  algorithm: string;
  bits: number;
  flags: number;
  dnskey: string;
  ds?: string[];
};
export type PdnsZoneSummary = Omit<PdnsZone, 'rrsets'>;
export type PdnsZoneCreate = {
  name: string;
  kind: 'Native' | 'Master';
  account: string;
  nameservers: string[];
  rrsets?: PdnsRrset[];
};

/** An answer of PowerDNS other than success: its status and its `error` text. */
export class PdnsError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/** PowerDNS did not answer in time, or could not be reached. */
export class PdnsUnavailable extends Error {}

export type PdnsClient = ReturnType<typeof createPdnsClient>;

// The zone id in a URL is the absolute name (PowerDNS escapes only unusual characters; names here are
// validated host names).
const zonePath = (zone: string) => `/zones/${encodeURIComponent(zone.endsWith('.') ? zone : `${zone}.`)}`;

export function createPdnsClient(settings: PowerDnsSettings) {
  const base = `${settings.apiUrl}/api/v1/servers/localhost`;

  async function send(
    method: string,
    path: string,
    body?: unknown,
    accept = 'application/json',
  ): Promise<string> {
    let res: Response;
    try {
      res = await fetch(`${base}${path}`, {
        method,
        headers: {
          'X-API-Key': settings.apiKey,
          accept,
          ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(settings.timeoutMs),
      });
    } catch (e) {
      throw new PdnsUnavailable(`PowerDNS did not answer: ${(e as Error).message}`, { cause: e });
    }
    const text = await res.text();
    if (!res.ok) {
      let message = text;
      try {
        message = (JSON.parse(text) as { error?: string }).error ?? text;
      } catch {
        // not JSON: the text itself
      }
      throw new PdnsError(res.status, message || res.statusText);
    }
    return text;
  }

  async function call<T>(method: string, path: string, body?: unknown): Promise<T> {
    const text = await send(method, path, body);
    return (text ? JSON.parse(text) : undefined) as T;
  }

  return {
    server: () => call<{ id: string; version: string }>('GET', ''),
    listZones: () => call<PdnsZoneSummary[]>('GET', '/zones'),
    getZone: (zone: string) => call<PdnsZone>('GET', zonePath(zone)),
    /** The zone without its rrsets (`rrsets=false`): kind, account, serial, signing, in one small answer. */
    getZoneMeta: (zone: string) => call<PdnsZoneSummary>('GET', `${zonePath(zone)}?rrsets=false`),
    /** The zone with only the rrsets at this name (PowerDNS 4.7's `rrset_name` filter). */
    getZoneAt: (zone: string, name: string) =>
      call<PdnsZone>('GET', `${zonePath(zone)}?rrset_name=${encodeURIComponent(name)}`),
    createZone: (zone: PdnsZoneCreate) => call<PdnsZone>('POST', '/zones', zone),
    /** One PATCH: PowerDNS applies every rrset or none (a bad one answers 422). */
    patchZone: (zone: string, rrsets: PdnsRrsetChange[]) => call<void>('PATCH', zonePath(zone), { rrsets }),
    deleteZone: (zone: string) => call<void>('DELETE', zonePath(zone)),
    /**
     * Signing on or off (PowerDNS 4.7: `dnssec` true creates the default keys, false removes every key);
     * api_rectify keeps the NSEC chain and auth flags right after each API change.
     */
    /** The zone's `account` (its organization in msas), when another organization takes the zone over. */
    setAccount: (zone: string, account: string) => call<void>('PUT', zonePath(zone), { account }),
    setDnssec: (zone: string, on: boolean) =>
      call<void>('PUT', zonePath(zone), { dnssec: on, api_rectify: true }),
    cryptokeys: (zone: string) => call<PdnsCryptokey[]>('GET', `${zonePath(zone)}/cryptokeys`),
    /**
     * The zone as a master file: one record per line, absolute names, disabled records left out. Asked for
     * as text/plain (asked for as JSON, PowerDNS wraps the same text in {"zone": …}).
     */
    exportZone: (zone: string) => send('GET', `${zonePath(zone)}/export`, undefined, 'text/plain'),
  };
}
