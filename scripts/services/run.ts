// Starts test services, writes their addresses as shell exports, and keeps them up until SIGTERM/SIGINT.
//   tsx scripts/services/run.ts --write-env /tmp/x.env postgres powerdns unbound dovecot
// `replica` (after postgres) adds a streaming replica of it as DATABASE_READ_URL; not started by default.
// Used by scripts/test-all.sh; handy by hand too (Ctrl-C stops everything and removes the temp dirs).
import { writeFileSync } from 'node:fs';
import { startDovecot } from './dovecot';
import { startPostgres, startReplica, type Postgres } from './postgres';
import { startPowerDns, type PowerDns } from './powerdns';
import type { Stoppable } from './process';
import { startUnbound } from './unbound';

const names = ['postgres', 'powerdns', 'unbound', 'dovecot', 'replica'] as const;
const defaults = names.filter((n) => n !== 'replica');
type Name = (typeof names)[number];

function parseArgs(argv: string[]): { envFile?: string; wanted: Name[] } {
  let envFile: string | undefined;
  const wanted: Name[] = [];
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === '--write-env') envFile = argv[++i];
    else if ((names as readonly string[]).includes(argv[i])) wanted.push(argv[i] as Name);
    else throw new Error(`unknown argument ${argv[i]}; services: ${names.join(', ')}`);
  }
  return { envFile, wanted: wanted.length > 0 ? wanted : defaults };
}

const shellQuote = (v: string) => `'${v.replace(/'/g, `'\\''`)}'`;

async function main() {
  const { envFile, wanted } = parseArgs(process.argv.slice(2));
  const running: Stoppable[] = [];
  const env: Record<string, string> = {};
  let stopping = false;
  const stopAll = async (code: number) => {
    if (stopping) return;
    stopping = true;
    for (const s of running.reverse()) await s.stop().catch((e: Error) => console.error(e.message));
    process.exit(code);
  };
  process.on('SIGTERM', () => void stopAll(0));
  process.on('SIGINT', () => void stopAll(0));
  try {
    let pdns: PowerDns | undefined;
    let primary: Postgres | undefined;
    for (const name of wanted) {
      const t0 = Date.now();
      if (name === 'postgres') {
        primary = await startPostgres();
        running.push(primary);
        env.DATABASE_URL = primary.url;
      } else if (name === 'replica') {
        if (!primary) throw new Error('replica needs postgres before it on the command line');
        const replica = await startReplica(primary);
        running.push(replica);
        env.DATABASE_READ_URL = replica.url;
      } else if (name === 'powerdns') {
        pdns = await startPowerDns();
        running.push(pdns);
        env.PDNS_API_URL = pdns.apiUrl;
        env.PDNS_API_KEY = pdns.apiKey;
        env.PDNS_DNS_ADDRESS = `127.0.0.1:${pdns.dnsPort}`;
      } else if (name === 'unbound') {
        // Without trust anchors (tests that need validation start their own with the zone's DS).
        const stubs = pdns ? [{ zone: 'test.', port: pdns.dnsPort }] : [];
        const unbound = await startUnbound({ stubs });
        running.push(unbound);
        env.DNSSEC_RESOLVER = unbound.address;
      } else {
        const dovecot = await startDovecot();
        running.push(dovecot);
        env.TEST_IMAP_URL = dovecot.url;
      }
      console.log(`services: ${name} up in ${Date.now() - t0} ms`);
    }
  } catch (e) {
    console.error(`services: ${(e as Error).message}`);
    await stopAll(1);
    return;
  }
  const lines = Object.entries(env).map(([k, v]) => `export ${k}=${shellQuote(v)}`);
  if (envFile) writeFileSync(envFile, `${lines.join('\n')}\n`);
  console.log(lines.map((l) => `services: ${l}`).join('\n'));
  console.log('services: ready');
  setInterval(() => undefined, 1 << 30); // stay alive until a signal arrives
}

void main();
