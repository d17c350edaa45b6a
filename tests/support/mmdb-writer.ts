import fs from 'node:fs/promises';
import path from 'node:path';

// A minimal MaxMind DB (MMDB, format 2.0) writer for tests, after the public spec
// (https://maxmind.github.io/MaxMind-DB/): a binary search tree of nodes with two 24-bit records each, a
// 16-byte zero separator, a data section, then "\xAB\xCD\xEFMaxMind.com" and the metadata map.
// The tree is IPv6 (ip_version 6) and holds IPv4 networks at ::a.b.c.d/96+n, where readers look for them.
// No pointers or deduplication: every network's value is written out once. Networks must not overlap.

export type MmdbValue = string | number | boolean | Typed | MmdbValue[] | { [key: string]: MmdbValue };

// Data section types (spec "Output Data Section"); 8 and up are "extended" types.
const T = { string: 2, double: 3, uint16: 5, uint32: 6, map: 7, uint64: 9, array: 11, boolean: 14 } as const;

class Typed {
  constructor(
    readonly type: 'double' | 'uint16' | 'uint32' | 'uint64',
    readonly value: number | bigint,
  ) {}
}

/** Forces a double (a plain integer number is written as uint32, a non-integer as double). */
export const double = (n: number) => new Typed('double', n);
export const uint16 = (n: number) => new Typed('uint16', n);
export const uint32 = (n: number) => new Typed('uint32', n);
export const uint64 = (n: bigint) => new Typed('uint64', n);

function header(type: number, size: number): Buffer {
  const first = type <= 7 ? type << 5 : 0;
  const extended = type <= 7 ? [] : [type - 7];
  let sizeBits: number;
  let extra: number[];
  if (size < 29) [sizeBits, extra] = [size, []];
  else if (size < 285) [sizeBits, extra] = [29, [size - 29]];
  else if (size < 65_821) [sizeBits, extra] = [30, [(size - 285) >> 8, (size - 285) & 0xff]];
  else {
    const n = size - 65_821;
    [sizeBits, extra] = [31, [(n >> 16) & 0xff, (n >> 8) & 0xff, n & 0xff]];
  }
  return Buffer.from([first | sizeBits, ...extended, ...extra]);
}

/** Big-endian unsigned integer in the fewest bytes (zero is zero bytes), at most `max` bytes. */
function unsigned(value: bigint, max: number): Buffer {
  if (value < 0n || value >= 1n << BigInt(8 * max)) throw new Error(`${value} does not fit ${max} bytes`);
  const bytes: number[] = [];
  for (let v = value; v > 0n; v >>= 8n) bytes.unshift(Number(v & 0xffn));
  return Buffer.from(bytes);
}

export function encodeValue(value: MmdbValue): Buffer {
  if (typeof value === 'string') {
    const bytes = Buffer.from(value, 'utf8');
    return Buffer.concat([header(T.string, bytes.length), bytes]);
  }
  if (typeof value === 'boolean') return header(T.boolean, value ? 1 : 0);
  if (typeof value === 'number') return encodeValue(Number.isInteger(value) ? uint32(value) : double(value));
  if (value instanceof Typed) {
    if (value.type === 'double') {
      const bytes = Buffer.alloc(8);
      bytes.writeDoubleBE(Number(value.value));
      return Buffer.concat([header(T.double, 8), bytes]);
    }
    const max = { uint16: 2, uint32: 4, uint64: 8 }[value.type];
    const bytes = unsigned(BigInt(value.value), max);
    return Buffer.concat([header(T[value.type], bytes.length), bytes]);
  }
  if (Array.isArray(value)) return Buffer.concat([header(T.array, value.length), ...value.map(encodeValue)]);
  const entries = Object.entries(value);
  return Buffer.concat([
    header(T.map, entries.length),
    ...entries.flatMap(([k, v]) => [encodeValue(k), encodeValue(v)]),
  ]);
}

/** The 128 bits of a network's address in the IPv6 tree, and its prefix length there. */
export function networkBits(cidr: string): { bits: number[]; prefix: number } {
  const [address, length] = cidr.split('/');
  const v4 = !address.includes(':');
  const bytes = v4 ? [...Array<number>(12).fill(0), ...address.split('.').map(Number)] : ipv6Bytes(address);
  if (bytes.length !== 16 || bytes.some((b) => !Number.isInteger(b) || b < 0 || b > 255))
    throw new Error(`not an address: ${cidr}`);
  const prefix = Number(length) + (v4 ? 96 : 0);
  if (!Number.isInteger(prefix) || prefix < 1 || prefix > 128) throw new Error(`bad prefix: ${cidr}`);
  const bits = bytes.flatMap((b) => Array.from({ length: 8 }, (_, i) => (b >> (7 - i)) & 1));
  return { bits, prefix };
}

function ipv6Bytes(address: string): number[] {
  const [head, tail] = address.split('::');
  const h = head ? head.split(':') : [];
  const t = tail ? tail.split(':') : [];
  const groups = tail === undefined ? h : [...h, ...Array<string>(8 - h.length - t.length).fill('0'), ...t];
  if (groups.length !== 8 || groups.some((g) => !/^[0-9a-f]{1,4}$/i.test(g))) return [];
  return groups.flatMap((g) => [parseInt(g, 16) >> 8, parseInt(g, 16) & 0xff]);
}

// A record is another node, a value in the data section, or empty (no data for that part of the space).
type Slot = { node: number } | { data: number } | null;

export type MmdbNetwork = { network: string; data: MmdbValue };

export function writeMmdb(options: {
  databaseType: string;
  networks: MmdbNetwork[];
  description?: string;
  buildEpoch?: bigint;
}): Buffer {
  const nodes: [Slot, Slot][] = [[null, null]];
  const data: Buffer[] = [];
  let dataSize = 0;
  for (const { network, data: value } of options.networks) {
    const encoded = encodeValue(value);
    const offset = dataSize;
    data.push(encoded);
    dataSize += encoded.length;
    const { bits, prefix } = networkBits(network);
    let current = 0;
    for (let depth = 0; depth < prefix; depth++) {
      const bit = bits[depth];
      const slot = nodes[current][bit];
      if (depth === prefix - 1) {
        if (slot !== null) throw new Error(`${network} overlaps another network`);
        nodes[current][bit] = { data: offset };
      } else if (slot === null) {
        nodes.push([null, null]);
        nodes[current][bit] = { node: nodes.length - 1 };
        current = nodes.length - 1;
      } else if ('node' in slot) current = slot.node;
      else throw new Error(`${network} lies inside another network`);
    }
  }
  const nodeCount = nodes.length;
  // Record values: < node_count a node, = node_count empty, > node_count data at (value - node_count - 16).
  const recordValue = (slot: Slot) =>
    slot === null ? nodeCount : 'node' in slot ? slot.node : nodeCount + 16 + slot.data;
  const tree = Buffer.alloc(nodeCount * 6);
  nodes.forEach(([left, right], i) => {
    for (const [j, slot] of [left, right].entries()) {
      const v = recordValue(slot);
      if (v >= 2 ** 24) throw new Error('the database is too large for 24-bit records');
      tree.writeUIntBE(v, i * 6 + j * 3, 3);
    }
  });
  const metadata = encodeValue({
    node_count: uint32(nodeCount),
    record_size: uint16(24),
    ip_version: uint16(6),
    database_type: options.databaseType,
    languages: ['en'],
    binary_format_major_version: uint16(2),
    binary_format_minor_version: uint16(0),
    build_epoch: uint64(options.buildEpoch ?? 1_700_000_000n),
    description: { en: options.description ?? `${options.databaseType} test database` },
  });
  return Buffer.concat([
    tree,
    Buffer.alloc(16),
    ...data,
    Buffer.from([0xab, 0xcd, 0xef]),
    Buffer.from('MaxMind.com', 'ascii'),
    metadata,
  ]);
}

// The test City and ASN databases: a City network and an ASN network in each family, with UTF-8 names and
// negative coordinates, a City network without an ASN entry and a country-only City entry (no city, region,
// postal). 192.0.2.0/24 is in neither database.
const names = (en: string, pt: string) => ({ en, 'pt-BR': pt });

export const testCityNetworks: MmdbNetwork[] = [
  {
    network: '203.0.113.0/24',
    data: {
      city: { geoname_id: 2267057, names: names('Lisbon', 'Lisboa') },
      continent: { code: 'EU', geoname_id: 6255148, names: names('Europe', 'Europa') },
      country: { geoname_id: 2264397, iso_code: 'PT', names: names('Portugal', 'Portugal') },
      location: {
        accuracy_radius: uint16(20),
        latitude: double(38.7167),
        longitude: double(-9.1333),
        time_zone: 'Europe/Lisbon',
      },
      postal: { code: '1000-001' },
      registered_country: { geoname_id: 2264397, iso_code: 'PT', names: names('Portugal', 'Portugal') },
      subdivisions: [{ geoname_id: 2267056, iso_code: '11', names: names('Lisbon', 'Lisboa') }],
    },
  },
  {
    network: '198.51.100.0/24',
    data: {
      country: { geoname_id: 2921044, iso_code: 'DE', names: names('Germany', 'Alemanha') },
      location: {
        accuracy_radius: uint16(1000),
        latitude: double(51.2993),
        longitude: double(9.491),
        time_zone: 'Europe/Berlin',
      },
    },
  },
  {
    network: '2001:db8:a::/48',
    data: {
      city: { geoname_id: 3448439, names: names('São Paulo', 'São Paulo') },
      country: { geoname_id: 3469034, iso_code: 'BR', names: names('Brazil', 'Brasil') },
      location: {
        accuracy_radius: uint16(50),
        latitude: double(-23.5475),
        longitude: double(-46.6361),
        time_zone: 'America/Sao_Paulo',
      },
      postal: { code: '01000-000' },
      subdivisions: [{ geoname_id: 3448433, iso_code: 'SP', names: names('São Paulo', 'São Paulo') }],
    },
  },
];

export const testAsnNetworks: MmdbNetwork[] = [
  {
    network: '203.0.113.0/25',
    data: { autonomous_system_number: uint32(64500), autonomous_system_organization: 'Example Transit Lda' },
  },
  {
    network: '2001:db8::/32',
    data: { autonomous_system_number: uint32(64501), autonomous_system_organization: 'Exemplo Telecom S.A.' },
  },
];

/** Writes test-city.mmdb and test-asn.mmdb into `dir` and returns their paths. */
export async function writeTestGeoDatabases(dir: string): Promise<{ cityDb: string; asnDb: string }> {
  const cityDb = path.join(dir, 'test-city.mmdb');
  const asnDb = path.join(dir, 'test-asn.mmdb');
  await fs.writeFile(cityDb, writeMmdb({ databaseType: 'GeoIP2-City', networks: testCityNetworks }));
  await fs.writeFile(asnDb, writeMmdb({ databaseType: 'GeoLite2-ASN', networks: testAsnNetworks }));
  return { cityDb, asnDb };
}
