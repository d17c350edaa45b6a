import { emptyGeo, type GeoInfo, type GeoLookup } from '../../../geo/maxmind';

/** Each row with the country (ISO 3166-1 alpha-2) and AS number of its source IP, when GeoIP knows them. */
export async function withPlaces<R extends { source_ip: string }>(geo: GeoLookup, rows: R[]) {
  const places = new Map<string, GeoInfo>();
  for (const ip of new Set(rows.map((r) => r.source_ip))) places.set(ip, await geo(ip).catch(() => emptyGeo));
  return rows.map((r) => {
    const g = places.get(r.source_ip) ?? emptyGeo;
    return { ...r, country: g.country_code, asn: g.asn };
  });
}
