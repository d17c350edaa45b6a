import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'kysely';
import { startDnsServer, type TestDnsServer } from '../../server/checks/testing/dnsServer';
import type { ZoneRecord } from '../../server/checks/testing/dnsZone';
import { queueSchema } from '../../server/jobs/boss';
import { runJobNow } from '../../server/jobs/handle';
import { alertWebhookJob } from '../../server/modules/alerts/jobs';
import { webhookQueue } from '../../server/modules/alerts/delivery/send';
import { alertWorld, type AlertWorld, dayAgo, ingestDay, runEvaluations } from './alerts-setup';
import { call } from './support/orgs';

// DNS rebinding against the alert webhook (docs/ALERTS.md, "Webhook"): the target's name answers a public
// address to the first lookup and 127.0.0.1 to any later one, with TTL 0. The delivery checks the first
// answer and connects to that same address, so the private listener on loopback is never reached. With
// private targets allowed (the operator's switch), the same pinning shows positively: the post reaches the
// first address while the name already points elsewhere, with the name in the Host header.

const domain = 'rebinding.example.com';
const hookName = 'hook.rebind.test';
// Public, and reached over IPv6 only (the test never connects to it where no IPv6 route exists).
const publicAddress = '2606:4700:4700::1111';
let w: AlertWorld;
let dns: TestDnsServer;
let listener: http.Server;
let port: number;
let hits: { host: string | undefined; path: string | undefined }[] = [];
let queried = 0;
const savedDnsServers = process.env.DNS_SERVERS;

const records = (address: string): ZoneRecord[] => [
  { name: hookName, type: address.includes(':') ? 'AAAA' : 'A', data: address, ttl: 0 },
];

/** First resolution (its A and AAAA questions): `first`; every question after them: `then`. */
function rebindAfterFirstLookup(first: string, then: string) {
  queried = 0;
  dns.setRecords(records(first));
  dnsOnQuery = (name) => {
    if (name.toLowerCase() !== hookName) return;
    queried += 1;
    if (queried === 3) dns.setRecords(records(then));
  };
}
let dnsOnQuery: (name: string) => void = () => undefined;

beforeAll(async () => {
  dns = await startDnsServer({ onQuery: (q) => dnsOnQuery(q.name) });
  process.env.DNS_SERVERS = `127.0.0.1:${dns.port}`;
  listener = http.createServer((req, res) => {
    hits.push({ host: req.headers.host, path: req.url });
    req.resume();
    req.on('end', () => res.writeHead(204).end());
  });
  await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
  port = (listener.address() as AddressInfo).port;
  // The guard is on: private targets are refused (CHECKS_ALLOW_PRIVATE_TARGETS unset).
  w = await alertWorld(domain);
}, 120_000);

afterAll(async () => {
  await new Promise<void>((resolve) => listener?.close(() => resolve()));
  await w?.close();
  await dns?.close();
  if (savedDnsServers === undefined) delete process.env.DNS_SERVERS;
  else process.env.DNS_SERVERS = savedDnsServers;
});

/** A rule with the webhook on the rebinding name, fired once: the webhook job's data. */
async function firedRule(): Promise<{ organizationId: number; ruleId: number; firingIds: number[] }> {
  const res = await call(w.t, 'POST', '/api/dm/alerts/', w.a.tokens.owner, {
    scope_type: 'domain',
    target_selection: domain,
    condition: 'dmarc_failure_rate',
    params: { min_messages: 10 },
    destination_addresses: ['hooks@example.com'],
    webhook_url: `http://${hookName}:${port}/hook`,
  });
  expect(res.statusCode, res.body).toBe(201);
  await ingestDay(w.t, { domain, day: dayAgo(2), pass: 10, fail: 10 });
  await runEvaluations(w.t);
  const job = sql.id(queueSchema(), 'job');
  const { rows } = await sql<{ data: { organizationId: number; ruleId: number; firingIds: number[] } }>`
    select data from ${job} where name = ${webhookQueue} and state = 'created'`.execute(w.t.db);
  expect(rows).toHaveLength(1);
  return rows[0]!.data;
}

it('connects to the address it checked, never to the private one a second lookup answers', async () => {
  const data = await firedRule();
  rebindAfterFirstLookup(publicAddress, '127.0.0.1');
  hits = [];
  const started = dns.queries.length;
  // The public address is not reachable from the test: the delivery fails there, and is retried later.
  await expect(runJobNow(w.t.ctx, alertWebhookJob(), data)).rejects.toThrow();
  expect(hits).toEqual([]);
  // One resolution (A and AAAA), none at connection time.
  expect(
    dns.queries
      .slice(started)
      .map((q) => q.type)
      .sort(),
  ).toEqual(['A', 'AAAA']);
  // Asked again, the name now answers loopback only: refused before any connection.
  await expect(runJobNow(w.t.ctx, alertWebhookJob(), data)).rejects.toThrow(
    `webhook host ${hookName} is not on a public address`,
  );
  expect(hits).toEqual([]);
});

it('posts to the first answer, with the name in the Host header, when private targets are allowed', async () => {
  const rule = await w.t.db
    .selectFrom('alert_rules')
    .select(['id', 'organization_id'])
    .where('webhook_url', 'like', `%${hookName}%`)
    .executeTakeFirstOrThrow();
  const firings = await w.t.db
    .selectFrom('alert_firings')
    .select('id')
    .where('rule_id', '=', rule.id)
    .execute();
  // Loopback first, then an address where nothing listens: a second lookup would miss the listener.
  rebindAfterFirstLookup('127.0.0.1', '127.0.0.2');
  hits = [];
  w.t.ctx.config.checks.allowPrivateTargets = true;
  try {
    await runJobNow(w.t.ctx, alertWebhookJob(), {
      organizationId: rule.organization_id,
      ruleId: Number(rule.id),
      firingIds: firings.map((f) => Number(f.id)),
    });
  } finally {
    w.t.ctx.config.checks.allowPrivateTargets = false;
  }
  expect(hits).toEqual([{ host: `${hookName}:${port}`, path: '/hook' }]);
});
