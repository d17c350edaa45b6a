import ipaddr from 'ipaddr.js';
import type { Resolver } from '../../checks/dnsTypes';
import { analyseSpf } from '../../checks/spf/analyse';
import type { SpfTreeNode } from '../../checks/spf/analyseTree';
import { detailError } from '../../lib/errors';

// A sender's networks from the SPF records it publishes: each include domain analysed by the SPF checker
// (the same walk as /checks/spf), and every ip4/ip6 mechanism that passes (RFC 7208 section 5.6), found in
// the record, its includes and redirects, taken as a network. a/mx/exists/ptr name hosts, not networks, and
// are left out. A DNS failure anywhere fails the refresh, so partial data never replaces good data.

const ipTerm = /^\+?(ip4|ip6):([^/]+)(?:\/(\d{1,3}))?$/i;

/** The network an ip4/ip6 term covers, host bits cleared (SPF matches the prefix, RFC 7208 section 5.6). */
export function termNetwork(text: string): string | null {
  const m = ipTerm.exec(text.trim());
  if (!m || !ipaddr.isValid(m[2])) return null;
  const addr = ipaddr.parse(m[2]);
  const v4 = m[1].toLowerCase() === 'ip4';
  if (v4 !== (addr.kind() === 'ipv4')) return null;
  const bits = m[3] === undefined ? (v4 ? 32 : 128) : Number(m[3]);
  if (bits > (v4 ? 32 : 128)) return null;
  const cidr = `${addr.toString()}/${bits}`;
  const net = v4 ? ipaddr.IPv4.networkAddressFromCIDR(cidr) : ipaddr.IPv6.networkAddressFromCIDR(cidr);
  return `${net.toString()}/${bits}`;
}

export function treeNetworks(node: SpfTreeNode | null, out = new Set<string>()): Set<string> {
  if (!node) return out;
  for (const m of node.mechanisms) {
    if (m.qualifier !== '+' || (m.name !== 'ip4' && m.name !== 'ip6')) continue;
    const net = termNetwork(m.text);
    if (net) out.add(net);
  }
  for (const child of node.include) treeNetworks(child, out);
  treeNetworks(node.redirect, out);
  return out;
}

export async function spfNetworks(includes: string[], resolver: Resolver): Promise<string[]> {
  const found = new Set<string>();
  for (const domain of includes) {
    const analysis = await analyseSpf(domain, resolver);
    const failure = analysis.warnings.find((w) => w.code === 'dns_error');
    if (failure) {
      const timedOut = /timed out/.test(failure.message);
      throw detailError(timedOut ? 504 : 502, 'dns_lookup_failed', { reason: failure.message });
    }
    treeNetworks(analysis.tree, found);
  }
  return [...found];
}
