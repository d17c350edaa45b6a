import { writeFileSync } from 'node:fs';
import path from 'node:path';
import {
  exited,
  makeTempDir,
  once,
  pickPort,
  removeDir,
  spawnDaemon,
  stopChild,
  tail,
  tcpOpen,
  waitFor,
  type Stoppable,
} from '../../../scripts/services/process';

// Unbound as a validating resolver for the DNSSEC/DANE tests. Like scripts/services/unbound.ts, plus Extended
// DNS Errors (ede: yes, RFC 8914) so the bogus case can be checked for its reason, and a stub per zone.

export type TestUnbound = Stoppable & { port: number };

export async function startValidatingUnbound(opts: {
  stubs: { zone: string; port: number }[];
  trustAnchors: string[];
}): Promise<TestUnbound> {
  const dir = makeTempDir('unbound-dnssec');
  const port = await pickPort(5311, true);
  const conf = path.join(dir, 'unbound.conf');
  const lines = [
    'server:',
    '    interface: 127.0.0.1',
    `    port: ${port}`,
    '    do-daemonize: no',
    '    username: ""',
    '    chroot: ""',
    `    directory: "${dir}"`,
    `    pidfile: "${dir}/unbound.pid"`,
    '    use-syslog: no',
    '    logfile: ""',
    '    do-ip6: no',
    '    access-control: 127.0.0.0/8 allow',
    '    do-not-query-localhost: no',
    '    local-zone: "test." nodefault',
    '    module-config: "validator iterator"',
    '    ede: yes',
    '    val-log-level: 2',
    '    cache-max-ttl: 0',
    '    cache-max-negative-ttl: 0',
    ...opts.trustAnchors.map((a) => `    trust-anchor: "${a.replace(/;.*$/, '').trim()}"`),
    'remote-control:',
    '    control-enable: no',
    ...opts.stubs.map((s) => `stub-zone:\n    name: "${s.zone}"\n    stub-addr: 127.0.0.1@${s.port}`),
    '',
  ];
  writeFileSync(conf, lines.join('\n'));
  const log = path.join(dir, 'unbound.log');
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
  return { port, stop };
}
