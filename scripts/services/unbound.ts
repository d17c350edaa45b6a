import { writeFileSync } from 'node:fs';
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
  tcpOpen,
  waitFor,
  type Stoppable,
} from './process';

export type Unbound = Stoppable & {
  port: number;
  address: string;
  /** Runs unbound-control against this instance when started with `control`, e.g. control('flush_zone', 'test.'). */
  control: (...args: string[]) => string;
};

export type UnboundOptions = {
  port?: number;
  /** Zones forwarded without recursion to an authoritative server, e.g. { zone: 'example.test.', port: 5300 }. */
  stubs?: { zone: string; port: number; host?: string }[];
  /** DS or DNSKEY lines, e.g. from `pdnsutil export-zone-ds` ("; ( SHA256 digest )" comments are stripped). */
  trustAnchors?: string[];
  /** Extended DNS Errors (RFC 8914) with validator reasons, so a bogus answer says why. */
  extendedErrors?: boolean;
  /** Names the temp dir, so parallel instances are told apart. */
  name?: string;
  /**
   * unbound-control on a socket in the temp dir. Tests that change a zone between queries flush with it:
   * cache-max-ttl 0 still keeps an answer for the rest of the current second.
   */
  control?: boolean;
};

function config(dir: string, port: number, opts: UnboundOptions): string {
  const anchors = (opts.trustAnchors ?? [])
    .map((a) => a.replace(/;.*$/, '').trim())
    .filter(Boolean)
    .map((a) => `    trust-anchor: "${a}"`);
  const stubs = (opts.stubs ?? []).map(
    (s) => `stub-zone:\n    name: "${s.zone}"\n    stub-addr: ${s.host ?? '127.0.0.1'}@${s.port}`,
  );
  return [
    'server:',
    '    interface: 127.0.0.1',
    `    port: ${port}`,
    '    do-daemonize: no',
    '    username: ""',
    '    chroot: ""',
    `    directory: "${dir}"`,
    `    pidfile: "${dir}/unbound.pid"`,
    '    use-syslog: no',
    `    logfile: ""`,
    '    do-ip6: no',
    '    access-control: 127.0.0.0/8 allow',
    // the stubs are on 127.0.0.1, and .test is an RFC 6761 local zone that would answer NXDOMAIN
    '    do-not-query-localhost: no',
    '    local-zone: "test." nodefault',
    '    module-config: "validator iterator"',
    ...(opts.extendedErrors ? ['    ede: yes', '    val-log-level: 2'] : []),
    // tests change zones between queries
    '    cache-max-ttl: 0',
    '    cache-max-negative-ttl: 0',
    ...anchors,
    'remote-control:',
    ...(opts.control
      ? [
          '    control-enable: yes',
          `    control-interface: "${dir}/control.sock"`,
          '    control-use-cert: no',
        ]
      : ['    control-enable: no']),
    ...stubs,
    '',
  ].join('\n');
}

// Unbound 1.17 as a validating resolver on loopback (recipes.md); the AD flag is set for names under a
// configured trust anchor.
export async function startUnbound(opts: UnboundOptions = {}): Promise<Unbound> {
  const dir = makeTempDir(opts.name ?? 'unbound');
  const port = await pickPort(opts.port ?? 5301, true);
  const log = path.join(dir, 'unbound.log');
  const conf = path.join(dir, 'unbound.conf');
  writeFileSync(conf, config(dir, port, opts));
  const child = spawnDaemon('unbound', ['-d', '-c', conf], log);
  const stop = once(async () => {
    await stopChild(child);
    removeDir(dir);
  });
  try {
    await waitFor('Unbound', async () => {
      if (exited(child)) throw new Error('exited');
      return tcpOpen(port);
    });
  } catch (e) {
    const output = tail(log);
    await stop();
    throw new Error(`Unbound did not start: ${(e as Error).message}\n${output}`, { cause: e });
  }
  const control = (...args: string[]) => {
    if (!opts.control) throw new Error('Unbound was started without control');
    return run('unbound-control', ['-c', conf, ...args]);
  };
  return { port, address: `127.0.0.1:${port}`, control, stop };
}
