// npm run bench:dns -- [--records 10000] [--iterations 30] [--touched 50] [--pglite]
// DNS hosting (docs/DNS.md) through the console's HTTP API on loopback, against PostgreSQL (a scratch
// database on DATABASE_URL, or a private cluster; PGlite with --pglite) and PowerDNS (PDNS_API_URL and PDNS_API_KEY, or a private
// pdns_server). One organization's zone is filled through the API with about --records records (A, AAAA,
// TXT and three-address A rrsets, in change sets of 1000 rrsets), then, --iterations times each:
//  - open: GET the zone, what the editor loads (docs/PERFORMANCE.md "Goals": p95 <= 300 ms);
//  - change set: PATCH --touched rrsets with new content (goal: p95 <= 300 ms), and one of 3 rrsets;
//  - history: GET the history's first page, what the history tab loads (goal: p95 <= 150 ms);
// plus, for what limits them: PowerDNS's own GET of the zone, and a deep history page. Each request's time
// splits into the database's (every statement timed as the client sees it), PowerDNS's (its HTTP calls,
// timed around fetch) and the rest (our diff and bookkeeping, JSON, Fastify's serialization); the CPU time
// of this process (the app, and the client reading the answer) says how much of the rest was waiting for a
// core on a shared machine.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { buildApp } from '../../server/app';
import { openDatabase } from '../../server/db/database';
import { migrateToLatest } from '../../server/db/migrate';
import { buildClaims } from '../../server/modules/auth/claims';
import { signAccessToken } from '../../server/modules/auth/jwt';
import { insertUser } from '../../server/modules/shared/users-repo';
import { startPowerDns } from '../services/powerdns';
import { timedContext } from './app-context';
import { load, quantile } from './figures';
import { withScratchDatabase } from './scratch-database';

const { values } = parseArgs({
  options: {
    records: { type: 'string', default: '10000' },
    iterations: { type: 'string', default: '30' },
    touched: { type: 'string', default: '50' },
    pglite: { type: 'boolean', default: false },
  },
});
const records = Number(values.records);
const iterations = Number(values.iterations);
const touched = Number(values.touched);
if (!(records >= 100 && records <= 100_000)) throw new Error('--records: 100 to 100000');
if (!(touched >= 1 && touched <= 1000)) throw new Error('--touched: 1 to 1000 (one change set)');

type Rrset = { name: string; type: string; ttl: number; records: { content: string; disabled: boolean }[] };

/** About `n` records: half single A, a tenth each AAAA and TXT, the rest A rrsets of three addresses. */
function zoneContent(zone: string, n: number): Rrset[] {
  const one = (name: string, type: string, contents: string[]): Rrset => ({
    name: `${name}.${zone}`,
    type,
    ttl: 3600,
    records: contents.map((content) => ({ content, disabled: false })),
  });
  const ip = (i: number, salt = 0) => `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${(i + salt) & 255}`;
  const out: Rrset[] = [];
  for (let i = 0; i < n / 2; i++) out.push(one(`h${i}`, 'A', [ip(i)]));
  for (let i = 0; i < n / 10; i++) out.push(one(`h${i}`, 'AAAA', [`2001:db8::${i.toString(16)}`]));
  for (let i = 0; i < n / 10; i++) out.push(one(`t${i}`, 'TXT', [`"bench record ${i}"`]));
  for (let i = 0; i < (n * 3) / 10 / 3; i++)
    out.push(
      one(
        `pool${i}`,
        'A',
        [1, 2, 3].map((s) => ip(i, s)),
      ),
    );
  return out;
}

type Sample = { ms: number; cpu: number; db: number; pdns: number; statements: number; pdnsCalls: number };

async function run(databaseUrl: string | undefined) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'msas-bench-dns-'));
  const external = process.env.PDNS_API_URL
    ? { apiUrl: process.env.PDNS_API_URL, apiKey: process.env.PDNS_API_KEY ?? '' }
    : null;
  const pdns = external ?? (await startPowerDns({ dnsPort: 5320, apiPort: 8095 }));
  console.log(
    `PowerDNS: ${external ? `PDNS_API_URL ${external.apiUrl}` : `private pdns_server, ${pdns.apiUrl}`}`,
  );
  const handle = await openDatabase({ databaseUrl, dataDir });

  // PowerDNS's share of a request: the app's calls to its API, timed around fetch.
  const realFetch = globalThis.fetch;
  let pdnsMs = 0;
  let pdnsCalls = 0;
  globalThis.fetch = async (input, init) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    if (!url.startsWith(pdns.apiUrl)) return realFetch(input, init);
    const t = performance.now();
    try {
      const res = await realFetch(input, init);
      // The body too: the zone's JSON is most of a GET's time.
      const body = await res.arrayBuffer();
      const empty = res.status === 204 || res.status === 304;
      return new Response(empty ? null : body, {
        status: res.status,
        statusText: res.statusText,
        headers: res.headers,
      });
    } finally {
      pdnsMs += performance.now() - t;
      pdnsCalls += 1;
    }
  };

  const { ctx, config, timer } = timedContext(dataDir, handle, {
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    PDNS_API_URL: pdns.apiUrl,
    PDNS_API_KEY: pdns.apiKey,
    PDNS_TIMEOUT_MS: '30000',
  });
  const zone = `dnsbench${process.pid}.example.`;
  let base = '';
  let token = '';
  const api = async (method: string, url: string, body?: unknown) => {
    const res = await realFetch(`${base}${url}`, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${text.slice(0, 500)}`);
    return text ? (JSON.parse(text) as Record<string, unknown>) : {};
  };
  /** One request, its time and its database and PowerDNS shares. */
  const timed = async (work: () => Promise<unknown>): Promise<Sample> => {
    timer.reset();
    pdnsMs = 0;
    pdnsCalls = 0;
    const t = performance.now();
    const cpu0 = process.cpuUsage();
    await work();
    const ms = performance.now() - t;
    const used = process.cpuUsage(cpu0);
    const { ms: db, statements } = timer.read();
    return { ms, cpu: (used.user + used.system) / 1000, db, pdns: pdnsMs, statements, pdnsCalls };
  };

  const app = await (async () => {
    await migrateToLatest(handle.db);
    const a = await buildApp(ctx);
    await a.listen({ host: '127.0.0.1', port: 0 });
    return a;
  })();
  try {
    const address = app.server.address();
    if (!address || typeof address === 'string') throw new Error('no address');
    base = `http://127.0.0.1:${address.port}/api/dm`;
    const org = await handle.db
      .insertInto('organizations')
      .values({ name: 'DNS bench', benefits: '{}' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const owner = await insertUser(handle.db, {
      username: 'dns-bench@example.com',
      email: 'dns-bench@example.com',
      password_hash: 'not-a-login',
      role: 'owner',
      is_support: false,
      organization_id: org.id,
      alerts_email: null,
      totp_secret_enc: null,
      totp_last_step: null,
      stripe_customer_id: null,
    });
    await handle.db
      .updateTable('organizations')
      .set({ owner_id: owner.id })
      .where('id', '=', org.id)
      .execute();
    await handle.db
      .insertInto('domains')
      .values({ name: zone.slice(0, -1), organization_id: org.id, verified_at: new Date() })
      .execute();
    token = await signAccessToken(
      await buildClaims(handle.db, owner),
      config.jwtSecret,
      4 * 3600,
      new Date(),
    );

    // The zone, filled through the API in change sets of 1000 rrsets (the contract's maximum).
    const zones = '/power-dns/servers/localhost/zones/';
    const t = performance.now();
    let doc = await api('POST', zones, { name: zone, kind: 'Native', nameservers: [`ns1.${zone}`] });
    let version = doc.version as number;
    const content = zoneContent(zone, records);
    for (let i = 0; i < content.length; i += 1000) {
      const rrsets = content.slice(i, i + 1000).map((r) => ({ ...r, changetype: 'REPLACE' }));
      doc = await api('PATCH', `${zones}${zone}/`, { version, rrsets });
      version = doc.version as number;
    }
    const held = (doc.rrsets as Rrset[]).reduce((n, r) => n + r.records.length, 0);
    console.log(
      `zone ${zone}: ${held} records in ${(doc.rrsets as Rrset[]).length} rrsets, loaded through the API in ${((performance.now() - t) / 1000).toFixed(1)} s; load ${load()}`,
    );

    const rows: { step: string; goal?: number; samples: Sample[] }[] = [];
    const measure = async (step: string, goal: number | undefined, work: (i: number) => Promise<unknown>) => {
      for (let i = 0; i < 2; i++) await work(-1 - i); // warm-up, not counted
      const samples: Sample[] = [];
      for (let i = 0; i < iterations; i++) samples.push(await timed(() => work(i)));
      rows.push({ step, goal, samples });
    };

    await measure('open the zone (GET zone)', 300, () => api('GET', `${zones}${zone}/`));
    await measure('  PowerDNS alone: GET its zone', undefined, async () => {
      const res = await realFetch(`${pdns.apiUrl}/api/v1/servers/localhost/zones/${zone}`, {
        headers: { 'X-API-Key': pdns.apiKey },
      });
      await res.arrayBuffer();
    });
    // Each change set touches the next `count` single-address rrsets, with a new address.
    const singles = content.filter((r) => r.type === 'A' && r.records.length === 1);
    const changeSet = (count: number) => async (i: number) => {
      const from = ((i + 2) * count) % Math.max(1, singles.length - count);
      const rrsets = singles.slice(from, from + count).map((r, j) => ({
        name: r.name,
        type: r.type,
        ttl: r.ttl,
        changetype: 'REPLACE',
        records: [{ content: `192.0.2.${(i + 2 + j) % 250}`, disabled: false }],
      }));
      const res = await api('PATCH', `${zones}${zone}/`, { version, rrsets });
      version = res.version as number;
    };
    await measure(`change set of ${touched} rrsets (PATCH zone)`, 300, changeSet(touched));
    // An editor's usual change: few names, read back one by one instead of the whole zone.
    await measure('  change set of 3 rrsets', undefined, changeSet(3));
    const history = `/power-dns/history/?zone=${encodeURIComponent(zone)}`;
    const first = await api('GET', `${history}&page=1`);
    const meta = first.meta as { count: number; page_size: number };
    const pages = Math.ceil(meta.count / meta.page_size);
    await measure('history, first page', 150, () => api('GET', `${history}&page=1`));
    await measure(`  history, page ${pages} (the oldest)`, undefined, () =>
      api('GET', `${history}&page=${pages}`),
    );
    await measure('  history of one name', undefined, () =>
      api('GET', `${history}&name=${singles[5]!.name}`),
    );

    const cell = (n: number) => n.toFixed(0).padStart(6);
    console.log(
      `\n${'step'.padEnd(42)} ${'goal'.padStart(6)} ${'p50'.padStart(6)} ${'p95'.padStart(6)} ${'max'.padStart(6)}  | CPU p50 | database p50/p95 (statements) | PowerDNS p50/p95 (calls)`,
    );
    for (const r of rows) {
      const ms = r.samples.map((s) => s.ms);
      const db = r.samples.map((s) => s.db);
      const pd = r.samples.map((s) => s.pdns);
      const p95 = quantile(ms, 0.95);
      const verdict = r.goal === undefined ? '' : p95 <= r.goal ? ' ok' : ' MISSED';
      console.log(
        `${r.step.padEnd(42)} ${r.goal === undefined ? '      ' : cell(r.goal)} ${cell(quantile(ms, 0.5))} ${cell(p95)} ${cell(Math.max(...ms))}  | ${cell(
          quantile(
            r.samples.map((x) => x.cpu),
            0.5,
          ),
        )}  | ${cell(quantile(db, 0.5))} ${cell(quantile(db, 0.95))} (${r.samples[0]!.statements}) | ${cell(quantile(pd, 0.5))} ${cell(quantile(pd, 0.95))} (${r.samples[0]!.pdnsCalls})${verdict}`,
      );
    }
    console.log(`\n${iterations} iterations each after 2 warm-up; ms; load ${load()}`);
    await api('DELETE', `${zones}${zone}/`);
  } finally {
    globalThis.fetch = realFetch;
    await app.close();
    await handle.close();
    if (!external) await (pdns as Awaited<ReturnType<typeof startPowerDns>>).stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

console.log(`node ${process.version}, ${os.cpus().length} cores, load ${load()}`);
if (values.pglite) {
  console.log('database: PGlite');
  await run(undefined);
} else {
  console.log(
    `database: PostgreSQL, ${process.env.DATABASE_URL ? 'a scratch database on DATABASE_URL' : 'a private cluster'}`,
  );
  await withScratchDatabase('bench_dns', (url) => run(url));
}
