import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { startPowerDns, type PowerDns } from '../../scripts/services/powerdns';
import { applyVerification } from '../../server/modules/domains/verification-store';
import { startTestApp, type TestApp } from './support/app';
import { call, seedTenant, type Tenant } from './support/orgs';

// A hosted zone follows the verified holder of its domain (docs/DNS.md "Who controls a zone"), against a real
// pdns_server: the old holder loses it (audited) when another organization verifies the domain, the new holder
// takes it over or replaces it, nobody else learns it is hosted, and a domain is not deleted from under its
// zones. Last, PowerDNS stopping in the middle of a change set: refused cleanly, nothing recorded.

let pdns: PowerDns;
let t: TestApp;
let a: Tenant;
let b: Tenant;
let c: Tenant;

const zones = '/api/dm/power-dns/servers/localhost/zones/';
type Zone = { id: number; name: string; version: number; account: string; rrsets: Rrset[] };
type Rrset = { name: string; type: string; records: { content: string }[] };

async function pdnsZone(name: string) {
  const res = await fetch(`${pdns.apiUrl}/api/v1/servers/localhost/zones/${name}`, {
    headers: { 'X-API-Key': pdns.apiKey },
  });
  return {
    status: res.status,
    zone: res.ok ? ((await res.json()) as { account: string; rrsets: Rrset[] }) : null,
  };
}
const contents = (rrsets: Rrset[], name: string, type: string) =>
  rrsets.find((r) => r.name === name && r.type === type)?.records.map((r) => r.content) ?? [];

/** A verified domain proven by TXT a month ago: the next check without a proof revokes it. */
async function provenDomain(tenant: Tenant, name: string) {
  const monthAgo = new Date(Date.now() - 30 * 86_400_000);
  return t.db
    .insertInto('domains')
    .values({
      name,
      organization_id: tenant.org.id,
      verified_at: monthAgo,
      verification_method: 'txt',
      verification_proved_at: monthAgo,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
}
const revoke = (id: number) =>
  t.db
    .transaction()
    .execute((trx) => applyVerification(trx, id, { proof: null, dnsFailed: false }, new Date()));

/** The organization adds the name (pending) and proves it: verified now. */
async function addAndProve(tenant: Tenant, name: string) {
  const res = await call(t, 'POST', '/api/dm/domains/create/', tenant.tokens.owner, { name });
  expect(res.statusCode, res.body).toBe(201);
  const id = res.json<{ data: { id: number } }>().data.id;
  const row = await t.db
    .transaction()
    .execute((trx) => applyVerification(trx, id, { proof: 'txt', dnsFailed: false }, new Date()));
  expect(row?.verified_at).not.toBeNull();
}

async function createZone(tenant: Tenant, name: string, extra: object = {}) {
  return call(t, 'POST', zones, tenant.tokens.owner, { name, nameservers: [`ns1.${name}`], ...extra });
}
async function hostedWithRecord(tenant: Tenant, name: string) {
  const res = await createZone(tenant, name);
  expect(res.statusCode, res.body).toBe(201);
  const zone = res.json<Zone>();
  const patched = await call(t, 'PATCH', `${zones}${name}/`, tenant.tokens.owner, {
    version: zone.version,
    rrsets: [
      { name: `www.${name}.`, type: 'A', changetype: 'REPLACE', records: [{ content: '192.0.2.10' }] },
    ],
  });
  expect(patched.statusCode, patched.body).toBe(200);
  return patched.json<Zone>();
}
const auditOf = (tenant: Tenant, name: string) =>
  t.db
    .selectFrom('organization_audit_operations')
    .select(['request', 'response_status', 'user_id'])
    .where('organization_id', '=', tenant.org.id)
    .where('name', '=', name)
    .execute();

beforeAll(async () => {
  pdns = await startPowerDns();
  t = await startTestApp({ env: { PDNS_API_URL: pdns.apiUrl, PDNS_API_KEY: pdns.apiKey } });
  a = await seedTenant(t, 'Alpha', 'alpha.test');
  b = await seedTenant(t, 'Beta', 'beta.test');
  c = await seedTenant(t, 'Gamma', 'gamma.test');
}, 120_000);

afterAll(async () => {
  await t?.close();
  await pdns?.stop();
});

describe('a zone follows its domain', () => {
  it('refuses to delete a domain its zones hang on unless told to delete them too, then deletes them', async () => {
    const domain = await provenDomain(a, 'keep-zone.com');
    await hostedWithRecord(a, 'keep-zone.com');
    // lab.keep-zone.com hangs on keep-zone.com; a verified domain of its own keeps it when keep-zone.com goes.
    await hostedWithRecord(a, 'lab.keep-zone.com');
    await hostedWithRecord(a, 'own.keep-zone.com');
    await provenDomain(a, 'own.keep-zone.com');

    const refused = await call(t, 'POST', '/api/dm/domains/keep-zone.com/delete/', a.tokens.owner);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      detail: 'This domain has hosted DNS zones. Delete them with the domain, or keep the domain.',
      code: 'domain_has_zone',
      zones: ['keep-zone.com.', 'lab.keep-zone.com.'],
    });
    const viaOrganization = await call(
      t,
      'DELETE',
      `/api/ph/organizations/${a.org.id}/domains/`,
      a.tokens.owner,
      { id: domain.id },
    );
    expect(viaOrganization.statusCode).toBe(409);
    expect(await t.db.selectFrom('domains').select('id').where('id', '=', domain.id).execute()).toHaveLength(
      1,
    );
    expect((await call(t, 'GET', `${zones}keep-zone.com/`, a.tokens.owner)).statusCode).toBe(200);

    const deleted = await call(t, 'DELETE', `/api/ph/organizations/${a.org.id}/domains/`, a.tokens.owner, {
      id: domain.id,
      zones: 'delete',
    });
    expect(deleted.statusCode, deleted.body).toBe(204);
    expect((await pdnsZone('keep-zone.com.')).status).toBe(404);
    expect((await pdnsZone('lab.keep-zone.com.')).status).toBe(404);
    expect((await pdnsZone('own.keep-zone.com.')).status).toBe(200);
    expect((await call(t, 'GET', `${zones}own.keep-zone.com/`, a.tokens.owner)).statusCode).toBe(200);
    const names = await t.db
      .selectFrom('dns_zones')
      .select('name')
      .where('name', 'like', '%keep-zone.com.')
      .execute();
    expect(names.map((r) => r.name)).toEqual(['own.keep-zone.com.']);
    const audit = await auditOf(a, 'dns.zone_delete');
    expect(audit.map((r) => (r.request as { zone: string }).zone).sort()).toEqual([
      'keep-zone.com.',
      'lab.keep-zone.com.',
    ]);
    expect(audit.every((r) => r.user_id === a.owner.id)).toBe(true);
  });

  it('hands the zone to the organization that verifies the domain next, audited, out of the old one’s reach', async () => {
    const domain = await provenDomain(a, 'shift-zone.com');
    const before = await hostedWithRecord(a, 'shift-zone.com');
    const history = await call(t, 'GET', '/api/dm/power-dns/history/?zone=shift-zone.com', a.tokens.owner);
    const changeSet = history.json<{ data: { change_set: number }[] }>().data[0]!.change_set;
    await revoke(domain.id);
    await addAndProve(b, 'shift-zone.com');

    expect(await auditOf(a, 'dns.zone_control_lost')).toEqual([
      { request: { zone: 'shift-zone.com.' }, response_status: 200, user_id: null },
    ]);
    expect(await auditOf(b, 'dns.zone_control_lost')).toEqual([]);
    // The old holder can neither read nor change it any more, by name or by id, nor revert its history.
    for (const ref of ['shift-zone.com', String(before.id)]) {
      expect((await call(t, 'GET', `${zones}${ref}/`, a.tokens.owner)).statusCode).toBe(404);
      const write = await call(t, 'PATCH', `${zones}${ref}/`, a.tokens.owner, {
        version: before.version,
        rrsets: [{ name: 'www.shift-zone.com.', type: 'A', changetype: 'DELETE' }],
      });
      expect(write.statusCode).toBe(404);
    }
    expect((await call(t, 'DELETE', `${zones}shift-zone.com/`, a.tokens.owner)).statusCode).toBe(404);
    expect(
      (await call(t, 'GET', '/api/dm/power-dns/history/?zone=shift-zone.com', a.tokens.owner)).statusCode,
    ).toBe(404);
    expect(
      (await call(t, 'POST', `/api/dm/power-dns/history/${changeSet}/revert/`, a.tokens.owner)).statusCode,
    ).toBe(404);
    const list = await call(t, 'GET', zones, a.tokens.owner);
    expect(list.json<{ data: { name: string }[] }>().data.map((z) => z.name)).not.toContain(
      'shift-zone.com.',
    );
    expect(contents((await pdnsZone('shift-zone.com.')).zone!.rrsets, 'www.shift-zone.com.', 'A')).toEqual([
      '192.0.2.10',
    ]);

    // An organization that does not hold the name hears what it hears for any name it has not verified.
    const stranger = await createZone(c, 'shift-zone.com');
    const unhosted = await createZone(c, 'nowhere.test');
    expect(stranger.statusCode).toBe(400);
    expect(stranger.json()).toEqual(unhosted.json());

    // The new holder is asked: take over or replace; nothing says whose zone it was.
    const asked = await createZone(b, 'shift-zone.com');
    expect(asked.statusCode).toBe(409);
    expect(asked.json()).toEqual({
      detail:
        'This name already has a hosted zone. Take it over with its records, or replace it with a new zone.',
      code: 'zone_hosted',
    });
    expect((await pdnsZone('shift-zone.com.')).zone!.account).toBe(`msas-org-${a.org.id}`);

    const taken = await createZone(b, 'shift-zone.com', { existing: 'take_over' });
    expect(taken.statusCode, taken.body).toBe(201);
    const zone = taken.json<Zone>();
    expect(zone.account).toBe(`msas-org-${b.org.id}`);
    expect(contents(zone.rrsets, 'www.shift-zone.com.', 'A')).toEqual(['192.0.2.10']);
    expect((await pdnsZone('shift-zone.com.')).zone!.account).toBe(`msas-org-${b.org.id}`);
    const rows = await t.db
      .selectFrom('dns_zones')
      .select('organization_id')
      .where('name', '=', 'shift-zone.com.')
      .execute();
    expect(rows).toEqual([{ organization_id: b.org.id }]);
    const edit = await call(t, 'PATCH', `${zones}shift-zone.com/`, b.tokens.admin, {
      version: zone.version,
      rrsets: [
        {
          name: 'www.shift-zone.com.',
          type: 'A',
          changetype: 'REPLACE',
          records: [{ content: '192.0.2.20' }],
        },
      ],
    });
    expect(edit.statusCode, edit.body).toBe(200);
    expect(contents((await pdnsZone('shift-zone.com.')).zone!.rrsets, 'www.shift-zone.com.', 'A')).toEqual([
      '192.0.2.20',
    ]);
  });

  it('lets the new holder replace the zone with a new one instead', async () => {
    const domain = await provenDomain(a, 'swap-zone.com');
    await hostedWithRecord(a, 'swap-zone.com');
    await revoke(domain.id);
    await addAndProve(b, 'swap-zone.com');
    const replaced = await createZone(b, 'swap-zone.com', { existing: 'replace' });
    expect(replaced.statusCode, replaced.body).toBe(201);
    const zone = replaced.json<Zone>();
    expect(zone.rrsets.map((r) => r.type)).toEqual(['NS']);
    const live = (await pdnsZone('swap-zone.com.')).zone!;
    expect(live.account).toBe(`msas-org-${b.org.id}`);
    expect(contents(live.rrsets, 'www.swap-zone.com.', 'A')).toEqual([]);
    const rows = await t.db
      .selectFrom('dns_zones')
      .select('organization_id')
      .where('name', '=', 'swap-zone.com.')
      .execute();
    expect(rows).toEqual([{ organization_id: b.org.id }]);
  });
});

describe('a zone whose organization was deleted', () => {
  it('is left to the name’s next verified holder; a zone made outside msas is not', async () => {
    const e = await seedTenant(t, 'Epsilon', 'epsilon.test');
    await provenDomain(e, 'gone-zone.com');
    await hostedWithRecord(e, 'gone-zone.com');
    await t.db.deleteFrom('organizations').where('id', '=', e.org.id).execute();
    expect((await pdnsZone('gone-zone.com.')).zone!.account).toBe(`msas-org-${e.org.id}`);
    await addAndProve(b, 'gone-zone.com');
    const asked = await createZone(b, 'gone-zone.com');
    expect(asked.statusCode).toBe(409);
    expect(asked.json<{ code: string }>().code).toBe('zone_hosted');
    const taken = await createZone(b, 'gone-zone.com', { existing: 'take_over' });
    expect(taken.statusCode, taken.body).toBe(201);
    expect(contents(taken.json<Zone>().rrsets, 'www.gone-zone.com.', 'A')).toEqual(['192.0.2.10']);
    expect((await pdnsZone('gone-zone.com.')).zone!.account).toBe(`msas-org-${b.org.id}`);

    const made = await fetch(`${pdns.apiUrl}/api/v1/servers/localhost/zones`, {
      method: 'POST',
      headers: { 'X-API-Key': pdns.apiKey, 'content-type': 'application/json' },
      body: JSON.stringify({
        name: 'outside-zone.com.',
        kind: 'Native',
        nameservers: ['ns1.outside-zone.com.'],
      }),
    });
    expect(made.status).toBe(201);
    await addAndProve(b, 'outside-zone.com');
    const refused = await createZone(b, 'outside-zone.com', { existing: 'take_over' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ name: ['A zone with this name already exists.'] });
  });
});

/** A loopback proxy to PowerDNS that stops answering (drops every connection) once a PATCH went through. */
async function proxyToPdns() {
  const state = { down: false };
  const server = http.createServer((req, res) => {
    if (state.down) return void req.socket.destroy();
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const headers = Object.fromEntries(
        ['x-api-key', 'content-type', 'accept'].flatMap((h) =>
          req.headers[h] ? [[h, String(req.headers[h])]] : [],
        ),
      );
      fetch(`${pdns.apiUrl}${req.url}`, {
        method: req.method,
        headers,
        body: chunks.length ? Buffer.concat(chunks) : undefined,
      })
        .then(async (answer) => {
          res.writeHead(answer.status, {
            'content-type': answer.headers.get('content-type') ?? 'text/plain',
          });
          res.end(Buffer.from(await answer.arrayBuffer()));
          if (req.method === 'PATCH') state.down = true;
        })
        .catch(() => req.socket.destroy());
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { url, state, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

describe('PowerDNS stopping during a change set', () => {
  it('stopping right after it stored the PATCH: 502, nothing recorded; the next load records it as an outside change', async () => {
    const proxy = await proxyToPdns();
    const other = await startTestApp({
      env: { PDNS_API_URL: proxy.url, PDNS_API_KEY: pdns.apiKey, PDNS_TIMEOUT_MS: '2000' },
    });
    try {
      const d = await seedTenant(other, 'Delta', 'delta.test');
      const created = await call(other, 'POST', zones, d.tokens.owner, {
        name: 'delta.test',
        nameservers: ['ns1.delta.test'],
      });
      expect(created.statusCode, created.body).toBe(201);
      const version = created.json<Zone>().version;
      const edit = [
        { name: 'www.delta.test.', type: 'A', changetype: 'REPLACE', records: [{ content: '192.0.2.50' }] },
      ];
      const res = await call(other, 'PATCH', `${zones}delta.test/`, d.tokens.owner, {
        version,
        rrsets: edit,
      });
      expect(res.statusCode).toBe(502);
      expect(res.json()).toEqual({
        detail: 'The DNS server did not answer. Try again later.',
        code: 'dns_unavailable',
      });
      const row = await other.db
        .selectFrom('dns_zones')
        .select('version')
        .where('name', '=', 'delta.test.')
        .executeTakeFirstOrThrow();
      expect(row.version).toBe(version);
      expect(contents((await pdnsZone('delta.test.')).zone!.rrsets, 'www.delta.test.', 'A')).toEqual([
        '192.0.2.50',
      ]);

      proxy.state.down = false;
      const loaded = await call(other, 'GET', `${zones}delta.test/`, d.tokens.owner);
      expect(loaded.json<{ outside_change: number | null }>().outside_change).not.toBeNull();
      const again = await call(other, 'PATCH', `${zones}delta.test/`, d.tokens.owner, {
        version,
        rrsets: edit,
      });
      expect(again.statusCode).toBe(409);
      expect(again.json<{ changes: { kind: string; content: string[] }[] }>().changes).toEqual([
        expect.objectContaining({ kind: 'outside', content: ['192.0.2.50'] }),
      ]);
    } finally {
      await other.close();
      await proxy.close();
    }
  });

  it('refuses the change cleanly and records nothing as applied', async () => {
    const zone = await hostedWithRecord(b, 'beta.test');
    const stored = () =>
      t.db
        .selectFrom('dns_zones')
        .select(['version', 'known', 'known_serial', 'records'])
        .where('organization_id', '=', b.org.id)
        .where('name', '=', 'beta.test.')
        .executeTakeFirstOrThrow();
    const changeSets = () =>
      t.db.selectFrom('dns_change_sets').select('id').where('organization_id', '=', b.org.id).execute();
    const [storedBefore, setsBefore] = [await stored(), await changeSets()];
    // The editor loaded the zone; PowerDNS stops before the change set is sent.
    expect((await call(t, 'GET', `${zones}beta.test/`, b.tokens.owner)).statusCode).toBe(200);
    await pdns.stop();
    const res = await call(t, 'PATCH', `${zones}beta.test/`, b.tokens.owner, {
      version: zone.version,
      rrsets: [
        { name: 'www.beta.test.', type: 'A', changetype: 'REPLACE', records: [{ content: '192.0.2.99' }] },
      ],
    });
    expect(res.statusCode).toBe(502);
    expect(res.json()).toEqual({
      detail: 'The DNS server did not answer. Try again later.',
      code: 'dns_unavailable',
    });
    expect(await stored()).toEqual(storedBefore);
    expect(await changeSets()).toEqual(setsBefore);
    expect(await auditOf(b, 'dns.zone_update')).toContainEqual(
      expect.objectContaining({ response_status: 502 }),
    );
  });
});
