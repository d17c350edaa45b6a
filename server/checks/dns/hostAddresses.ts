import { isDnsFailure, type DnsAnswer, type Resolver } from '../dnsTypes';

// A and AAAA of a host name in parallel, with the CNAME (if any) the name pointed at.
export type HostAddresses = {
  addresses: string[];
  ipv4: string[];
  cname: string | null;
  nxdomain: boolean;
  failed: boolean;
};

export async function hostAddresses(resolver: Resolver, host: string): Promise<HostAddresses> {
  const [a, aaaa] = await Promise.all([resolver.query(host, 'A'), resolver.query(host, 'AAAA')]);
  const list = (ans: DnsAnswer) =>
    ans.answers.flatMap((r) => (r.type === 'A' || r.type === 'AAAA' ? [r.address] : []));
  const ipv4 = list(a);
  const addresses = [...ipv4, ...list(aaaa)];
  return {
    addresses,
    ipv4,
    cname: a.cnames[0] ?? aaaa.cnames[0] ?? null,
    nxdomain: a.rcode === 'NXDOMAIN',
    failed: addresses.length === 0 && (isDnsFailure(a) || isDnsFailure(aaaa)),
  };
}
