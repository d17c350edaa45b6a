import maxmind, { type AsnResponse, type CityResponse, type Reader } from 'maxmind';

// Geo and AS data from MaxMind-format files (GeoLite2/GeoIP2 City and ASN, or any compatible mmdb) when
// GEOIP_CITY_DB / GEOIP_ASN_DB are set. Without them every field is null and the pages show reverse DNS only.
// A file that cannot be opened is logged once and treated as absent: IP checks keep working.

export type GeoInfo = {
  city: string | null;
  region: string | null;
  country: string | null;
  country_code: string | null;
  postal: string | null;
  loc: string | null;
  timezone: string | null;
  asn: string | null;
  as_org: string | null;
  /** The network (CIDR) the ASN database holds the address in. */
  network: string | null;
};

export type GeoLookup = (ip: string) => Promise<GeoInfo>;

export const emptyGeo: GeoInfo = {
  city: null,
  region: null,
  country: null,
  country_code: null,
  postal: null,
  loc: null,
  timezone: null,
  asn: null,
  as_org: null,
  network: null,
};

type Paths = { cityDb?: string; asnDb?: string };
type Warn = (message: string, error: unknown) => void;

export function createGeoLookup(paths: Paths, warn: Warn = () => undefined): GeoLookup {
  const city = lazyReader<CityResponse>(paths.cityDb, warn);
  const asn = lazyReader<AsnResponse>(paths.asnDb, warn);
  return async (ip) => {
    const [cityReader, asnReader] = await Promise.all([city(), asn()]);
    const c = cityReader?.get(ip) ?? null;
    const [a, prefix] = asnReader?.getWithPrefixLength(ip) ?? [null, 0];
    const subdivision = c?.subdivisions?.[0];
    return {
      city: c?.city?.names.en ?? null,
      region: subdivision?.names.en ?? null,
      country: c?.country?.names.en ?? null,
      country_code: c?.country?.iso_code ?? null,
      postal: c?.postal?.code ?? null,
      loc: c?.location ? `${c.location.latitude},${c.location.longitude}` : null,
      timezone: c?.location?.time_zone ?? null,
      asn: a?.autonomous_system_number ? `AS${a.autonomous_system_number}` : null,
      as_org: a?.autonomous_system_organization ?? null,
      network: a ? networkOf(ip, prefix) : null,
    };
  };
}

function lazyReader<T extends CityResponse | AsnResponse>(path: string | undefined, warn: Warn) {
  let pending: Promise<Reader<T> | null> | null = null;
  return () => {
    if (!path) return Promise.resolve(null);
    pending ??= maxmind.open<T>(path).catch((error: unknown) => {
      warn(`GeoIP database ${path} could not be opened`, error);
      return null;
    });
    return pending;
  };
}

/** The CIDR of `ip` with `prefix` bits, written in the address's own family. */
export function networkOf(ip: string, prefix: number): string {
  if (!ip.includes(':')) {
    const n = ip.split('.').reduce((acc, o) => acc * 256 + Number(o), 0);
    const masked = prefix === 0 ? 0 : Math.floor(n / 2 ** (32 - prefix)) * 2 ** (32 - prefix);
    const octets = [24, 16, 8, 0].map((s) => Math.floor(masked / 2 ** s) % 256);
    return `${octets.join('.')}/${prefix}`;
  }
  const big = expand6(ip);
  const mask = prefix === 0 ? 0n : ((1n << BigInt(prefix)) - 1n) << BigInt(128 - prefix);
  const masked = big & mask;
  const groups = Array.from({ length: 8 }, (_, i) => Number((masked >> BigInt(112 - 16 * i)) & 0xffffn));
  return `${compress6(groups)}/${prefix}`;
}

/** RFC 5952 §4.2: lowercase hex, the longest run (the first of equals) of two or more zero groups as "::". */
function compress6(groups: number[]): string {
  let best = { at: -1, length: 1 };
  for (let i = 0; i < 8;) {
    let j = i;
    while (j < 8 && groups[j] === 0) j++;
    if (j - i > best.length) best = { at: i, length: j - i };
    i = j > i ? j : i + 1;
  }
  const hex = groups.map((g) => g.toString(16));
  if (best.at < 0) return hex.join(':');
  return `${hex.slice(0, best.at).join(':')}::${hex.slice(best.at + best.length).join(':')}`;
}

function expand6(ip: string): bigint {
  const [head, tail = ''] = ip.split('::');
  const h = head ? head.split(':') : [];
  const t = tail ? tail.split(':') : [];
  const parts = ip.includes('::') ? [...h, ...Array(8 - h.length - t.length).fill('0'), ...t] : h;
  return parts.reduce((acc, p) => (acc << 16n) + BigInt(parseInt(p || '0', 16)), 0n);
}
