import { readFileSync } from 'node:fs';
import { isIP } from 'node:net';
import type { DnsServerAddress } from './dnsTypes';

// Where the real resolver sends its queries: DNS_SERVERS ("host:port,host:port"; IPv6 as "[::1]:53";
// port defaults to 53) or, when unset, the nameserver lines of /etc/resolv.conf.

export function parseDnsServers(value: string): DnsServerAddress[] {
  return value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
    .map(parseOne);
}

function parseOne(entry: string): DnsServerAddress {
  let host = entry;
  let port = 53;
  const bracketed = /^\[([^\]]+)\](?::(\d+))?$/.exec(entry);
  if (bracketed) {
    host = bracketed[1];
    if (bracketed[2]) port = Number(bracketed[2]);
  } else if (isIP(entry) !== 6) {
    const m = /^(.*):(\d+)$/.exec(entry);
    if (m) {
      host = m[1];
      port = Number(m[2]);
    }
  }
  if (!isIP(host)) throw new Error(`DNS server "${entry}": expected an IP address`);
  if (!Number.isInteger(port) || port < 1 || port > 65535) {
    throw new Error(`DNS server "${entry}": expected a port between 1 and 65535`);
  }
  return { host, port };
}

export function parseResolvConf(text: string): DnsServerAddress[] {
  const out: DnsServerAddress[] = [];
  for (const line of text.split('\n')) {
    const m = /^\s*nameserver\s+(\S+)/.exec(line);
    // A scoped IPv6 address (fe80::1%eth0) cannot be used with dgram's send(); skip it.
    if (m && isIP(m[1]) && !m[1].includes('%')) out.push({ host: m[1], port: 53 });
  }
  return out;
}

export function dnsServersFromEnv(
  env: Record<string, string | undefined> = process.env,
  resolvConfPath = '/etc/resolv.conf',
): DnsServerAddress[] {
  if (env.DNS_SERVERS?.trim()) return parseDnsServers(env.DNS_SERVERS);
  try {
    const servers = parseResolvConf(readFileSync(resolvConfPath, 'utf8'));
    if (servers.length) return servers;
  } catch {
    // No resolv.conf: fall through to the local resolver, as the C library does.
  }
  return [{ host: '127.0.0.1', port: 53 }];
}
