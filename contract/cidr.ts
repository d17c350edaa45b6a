import ipaddr from 'ipaddr.js';
import type { ErrorItem } from './error-codes';

// Network ranges of email senders: IPv4 or IPv6 CIDR (RFC 4632 section 3.1, RFC 4291 section 2.3). A bare
// address is the single-host network; host bits set below the prefix are refused, as PostgreSQL's cidr type
// refuses them, with the network meant offered instead.

// A refusal is a code of the errors catalogue, with its values.
const cidrMessage = { code: 'cidr_invalid' } as const;

export type CidrCheck = { ok: true; range: string } | { ok: false; message: ErrorItem };

export function normalizeCidr(input: string): CidrCheck {
  const text = input.trim();
  try {
    if (!text.includes('/')) {
      if (!ipaddr.isValid(text)) return { ok: false, message: cidrMessage };
      const addr = ipaddr.process(text);
      return { ok: true, range: `${addr.toString()}/${addr.kind() === 'ipv4' ? 32 : 128}` };
    }
    if (!/^[0-9a-fA-F.:]+\/\d{1,3}$/.test(text)) return { ok: false, message: cidrMessage };
    const [addr, bits] = ipaddr.parseCIDR(text);
    const plain = addr.kind() === 'ipv6' && (addr as ipaddr.IPv6).isIPv4MappedAddress() ? null : addr;
    if (!plain) return { ok: false, message: cidrMessage };
    const network =
      plain.kind() === 'ipv4'
        ? ipaddr.IPv4.networkAddressFromCIDR(text)
        : ipaddr.IPv6.networkAddressFromCIDR(text);
    if (network.toString() !== plain.toString())
      return {
        ok: false,
        message: {
          code: 'cidr_host_bits',
          params: { range: text, network: `${network.toString()}/${bits}` },
        },
      };
    return { ok: true, range: `${network.toString()}/${bits}` };
  } catch {
    return { ok: false, message: cidrMessage };
  }
}
