import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import {
  exited,
  makeTempDir,
  once,
  pickPort,
  removeDir,
  run,
  spawnDaemon,
  stopChild,
  tail,
  waitFor,
  type Stoppable,
} from './process';

export type PowerDns = Stoppable & {
  dnsPort: number;
  apiPort: number;
  /** Base of the HTTP API, e.g. http://127.0.0.1:8091 (the v1 API is under /api/v1/servers/localhost). */
  apiUrl: string;
  apiKey: string;
  configDir: string;
  /** Runs pdnsutil against this instance, e.g. pdnsutil('secure-zone', 'example.test'). */
  pdnsutil: (...args: string[]) => string;
};

const schema = '/usr/share/pdns-backend-sqlite3/schema/schema.sqlite3.sql';

function config(dir: string, dnsPort: number, apiPort: number, apiKey: string): string {
  return `launch=gsqlite3
gsqlite3-database=${dir}/pdns.sqlite3
gsqlite3-dnssec=yes
local-address=127.0.0.1
local-port=${dnsPort}
socket-dir=${dir}/sock
daemon=no
guardian=no
disable-syslog=yes
loglevel=4
api=yes
api-key=${apiKey}
webserver=yes
webserver-address=127.0.0.1
webserver-port=${apiPort}
webserver-allow-from=127.0.0.0/8
default-soa-content=ns1.@ hostmaster.@ 0 10800 3600 604800 3600
# test-friendly: no caches (signed answers show at once), no security poll
cache-ttl=0
negquery-cache-ttl=0
query-cache-ttl=0
dnssec-key-cache-ttl=0
domain-metadata-cache-ttl=0
zone-cache-refresh-interval=0
security-poll-suffix=
`;
}

// PowerDNS Authoritative 4.7 with the gsqlite3 backend and its HTTP API, on loopback (recipes.md). The
// webserver defaults to 8091 because 8081 is the API port of `npm run dev`.
export async function startPowerDns(
  opts: { dnsPort?: number; apiPort?: number; apiKey?: string } = {},
): Promise<PowerDns> {
  const dir = makeTempDir('pdns');
  const dnsPort = await pickPort(opts.dnsPort ?? 5300, true);
  const apiPort = await pickPort(opts.apiPort ?? 8091);
  const apiKey = opts.apiKey ?? 'test-key';
  const log = path.join(dir, 'pdns.log');
  run('mkdir', ['-p', path.join(dir, 'sock')]);
  run('sqlite3', [path.join(dir, 'pdns.sqlite3')], readFileSync(schema, 'utf8'));
  writeFileSync(path.join(dir, 'pdns.conf'), config(dir, dnsPort, apiPort, apiKey));
  const child = spawnDaemon('pdns_server', [`--config-dir=${dir}`], log);
  const apiUrl = `http://127.0.0.1:${apiPort}`;
  const stop = once(async () => {
    await stopChild(child);
    removeDir(dir);
  });
  try {
    await waitFor('PowerDNS API', async () => {
      if (exited(child)) throw new Error('exited');
      const res = await fetch(`${apiUrl}/api/v1/servers/localhost`, { headers: { 'X-API-Key': apiKey } });
      return res.status === 200;
    });
  } catch (e) {
    const output = tail(log);
    await stop();
    throw new Error(`PowerDNS did not start: ${(e as Error).message}\n${output}`, { cause: e });
  }
  const pdnsutil = (...args: string[]) => run('pdnsutil', [`--config-dir=${dir}`, ...args]);
  return { dnsPort, apiPort, apiUrl, apiKey, configDir: dir, pdnsutil, stop };
}
