import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { dnsServersFromEnv, parseDnsServers, parseResolvConf } from './dnsServers';

describe('DNS server configuration', () => {
  it('parses DNS_SERVERS host:port lists, IPv6 in brackets, default port 53', () => {
    expect(parseDnsServers('127.0.0.1:5353, 192.0.2.1,[::1]:53,2001:db8::53')).toEqual([
      { host: '127.0.0.1', port: 5353 },
      { host: '192.0.2.1', port: 53 },
      { host: '::1', port: 53 },
      { host: '2001:db8::53', port: 53 },
    ]);
  });

  it('rejects names and bad ports', () => {
    expect(() => parseDnsServers('dns.example:53')).toThrow(/IP address/);
    expect(() => parseDnsServers('127.0.0.1:70000')).toThrow(/port/);
  });

  it('reads nameserver lines from resolv.conf', () => {
    const text = '# comment\nsearch example\nnameserver 10.0.0.2\nnameserver fe80::1%eth0\nnameserver ::1\n';
    expect(parseResolvConf(text)).toEqual([
      { host: '10.0.0.2', port: 53 },
      { host: '::1', port: 53 },
    ]);
  });

  it('prefers DNS_SERVERS, then resolv.conf, then 127.0.0.1', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'resolv-'));
    const file = path.join(dir, 'resolv.conf');
    writeFileSync(file, 'nameserver 10.1.1.1\n');
    expect(dnsServersFromEnv({ DNS_SERVERS: '127.0.0.1:1053' }, file)).toEqual([
      { host: '127.0.0.1', port: 1053 },
    ]);
    expect(dnsServersFromEnv({}, file)).toEqual([{ host: '10.1.1.1', port: 53 }]);
    expect(dnsServersFromEnv({}, path.join(dir, 'missing'))).toEqual([{ host: '127.0.0.1', port: 53 }]);
  });
});
