import { startPowerDns, type PowerDns } from '../../../scripts/services/powerdns';
import { startValidatingUnbound, type TestUnbound } from './unbound';

// A small signed DNS tree for the DNSSEC and DANE tests, served by PowerDNS and validated by Unbound:
//   test.            signed, the trust anchor
//   secure.test.     signed, DS in test.            -> secure
//   insecure.test.   unsigned, delegated without DS -> insecure
//   bogus.test.      signed, a wrong DS in test.    -> bogus
// Tests add their records (MX, A, TLSA...) with addRecords before querying.

export type LabRecord = { name: string; type: string; content: string[]; ttl?: number };

export type DnssecLab = {
  resolverAddress: string;
  pdns: PowerDns;
  unbound: TestUnbound;
  addRecords: (zone: string, records: LabRecord[]) => Promise<void>;
  stop: () => Promise<void>;
};

export const labZones = ['test.', 'secure.test.', 'insecure.test.', 'bogus.test.'];
const fqdn = (n: string) => (n.endsWith('.') ? n : `${n}.`);

export async function startDnssecLab(): Promise<DnssecLab> {
  const pdns = await startPowerDns({ dnsPort: 5310, apiPort: 8093 });
  let unbound: TestUnbound | undefined;
  try {
    const api = async (method: string, url: string, body: unknown) => {
      const res = await fetch(`${pdns.apiUrl}/api/v1/servers/localhost${url}`, {
        method,
        headers: { 'X-API-Key': pdns.apiKey, 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
      });
      if (res.status >= 300) throw new Error(`PowerDNS ${method} ${url}: ${res.status} ${await res.text()}`);
    };
    const addRecords = (zone: string, records: LabRecord[]) =>
      api('PATCH', `/zones/${fqdn(zone)}`, {
        rrsets: records.map((r) => ({
          name: fqdn(r.name),
          type: r.type,
          ttl: r.ttl ?? 60,
          changetype: 'REPLACE',
          records: r.content.map((content) => ({ content, disabled: false })),
        })),
      });
    for (const zone of labZones) {
      await api('POST', '/zones', { name: zone, kind: 'Native', nameservers: ['ns1.test.'] });
    }
    for (const zone of ['test', 'secure.test', 'bogus.test']) pdns.pdnsutil('secure-zone', zone);
    const dsOf = (zone: string) => sha256Ds(pdns.pdnsutil('export-zone-ds', zone));
    const secureDs = dsOf('secure.test');
    const bogusDs = dsOf('bogus.test').map(breakDigest);
    await addRecords('test.', [
      { name: 'ns1.test', type: 'A', content: ['127.0.0.1'] },
      { name: 'secure.test', type: 'NS', content: ['ns1.test.'] },
      { name: 'insecure.test', type: 'NS', content: ['ns1.test.'] },
      { name: 'bogus.test', type: 'NS', content: ['ns1.test.'] },
      { name: 'secure.test', type: 'DS', content: secureDs.map(rdataOf) },
      { name: 'bogus.test', type: 'DS', content: bogusDs.map(rdataOf) },
    ]);
    pdns.pdnsutil('rectify-zone', 'test');
    unbound = await startValidatingUnbound({
      stubs: labZones.map((zone) => ({ zone, port: pdns.dnsPort })),
      trustAnchors: dsOf('test'),
    });
    const u = unbound;
    return {
      resolverAddress: `127.0.0.1:${u.port}`,
      pdns,
      unbound: u,
      addRecords,
      stop: async () => {
        await u.stop();
        await pdns.stop();
      },
    };
  } catch (e) {
    await unbound?.stop();
    await pdns.stop();
    throw e;
  }
}

/** DS lines of export-zone-ds with digest type 2 (SHA-256), comments removed. */
function sha256Ds(output: string): string[] {
  return output
    .split('\n')
    .map((l) => l.replace(/;.*$/, '').trim())
    .filter((l) => /\bIN\s+DS\s+\d+\s+\d+\s+2\s+[0-9a-f]+$/i.test(l));
}

const rdataOf = (line: string) => line.replace(/^.*\bIN\s+DS\s+/i, '');

/** The same DS with its last digest digit changed: the parent vouches for a key the child does not have. */
function breakDigest(line: string): string {
  const last = line.slice(-1).toLowerCase();
  return line.slice(0, -1) + (last === '0' ? '1' : '0');
}
