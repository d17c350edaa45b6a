import { sql } from 'kysely';
import { startPowerDns, type PowerDns } from '../../scripts/services/powerdns';
import { startTestApp, type TestApp } from './support/app';
import { call, quickUser, seedTenant, tokenFor, type Tenant } from './support/orgs';

// DNS hosting against a real pdns_server (PowerDNS Authoritative 4.7, sqlite3 backend, docs/DNS.md): zones
// owned by an organization, change sets of only the touched rrsets applied all or none, optimistic
// concurrency by zone version, history with revert, changes made in PowerDNS directly, tenancy.

let pdns: PowerDns;
let t: TestApp;
let a: Tenant;
let b: Tenant;
let support: string;

const zones = '/api/dm/power-dns/servers/localhost/zones/';
type Rrset = {
  name: string;
  type: string;
  ttl: number;
  records: { content: string; disabled: boolean }[];
  comments: { content: string; account: string; modified_at: string | null }[];
};
type Zone = {
  id: number;
  name: string;
  version: number;
  account: string;
  rrsets: Rrset[];
  outside_change: number | null;
};
type HistoryItem = {
  id: number;
  change_set: number;
  kind: string;
  user: number | null;
  author: { kind: string; name: string | null } | null;
  name: string;
  type: string;
  action: string;
  content: string[];
};

async function pdnsApi(method: string, path: string, body?: unknown) {
  const res = await fetch(`${pdns.apiUrl}/api/v1/servers/localhost${path}`, {
    method,
    headers: { 'X-API-Key': pdns.apiKey, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, json: res.ok && text ? (JSON.parse(text) as Record<string, unknown>) : null };
}
/** An A rrset written through PowerDNS's own API, behind msas's back. */
const directA = (name: string, content: string) =>
  pdnsApi('PATCH', '/zones/alpha.test.', {
    rrsets: [{ name, type: 'A', ttl: 60, changetype: 'REPLACE', records: [{ content, disabled: false }] }],
  });
const liveRrsets = async (zone: string) =>
  ((await pdnsApi('GET', `/zones/${zone}`)).json as { rrsets: Rrset[] }).rrsets;
const live = async (zone: string, name: string, type: string) =>
  (await liveRrsets(zone)).find((r) => r.name === name && r.type === type);

async function createZone(tenant: Tenant, name: string): Promise<Zone> {
  const res = await call(t, 'POST', zones, tenant.tokens.owner, {
    name,
    kind: 'Native',
    nameservers: [`ns1.${name}`],
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<Zone>();
}
const getZone = async (token: string, ref: string | number) => call(t, 'GET', `${zones}${ref}/`, token);
const patch = (token: string, ref: string | number, version: number, rrsets: unknown[]) =>
  call(t, 'PATCH', `${zones}${ref}/`, token, { version, rrsets });
const replace = (name: string, type: string, ...contents: string[]) => ({
  name,
  type,
  changetype: 'REPLACE',
  records: contents.map((content) => ({ content })),
});
async function history(token: string, query: string): Promise<HistoryItem[]> {
  const res = await call(t, 'GET', `/api/dm/power-dns/history/?${query}`, token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: HistoryItem[] }>().data;
}

beforeAll(async () => {
  pdns = await startPowerDns();
  t = await startTestApp({ env: { PDNS_API_URL: pdns.apiUrl, PDNS_API_KEY: pdns.apiKey } });
  a = await seedTenant(t, 'Alpha', 'alpha.test');
  b = await seedTenant(t, 'Beta', 'beta.test');
  support = await tokenFor(t, await quickUser(t, { role: 'support' }));
}, 120_000);

afterAll(async () => {
  await t?.close();
  await pdns?.stop();
});

describe('DNS zones', () => {
  it('creates a zone for a verified domain, owned by the organization in msas and in PowerDNS, SOA hidden', async () => {
    const zone = await createZone(a, 'alpha.test');
    expect(zone).toMatchObject({ name: 'alpha.test.', version: 1, account: `msas-org-${a.org.id}` });
    expect(zone.rrsets.map((r) => r.type)).toEqual(['NS']);
    expect((await pdnsApi('GET', '/zones/alpha.test.')).json).toMatchObject({
      account: `msas-org-${a.org.id}`,
    });
    expect((await liveRrsets('alpha.test.')).some((r) => r.type === 'SOA')).toBe(true);

    const sub = await createZone(a, 'lab.alpha.test');
    expect(sub.name).toBe('lab.alpha.test.');
    const again = await call(t, 'POST', zones, a.tokens.admin, { name: 'alpha.test' });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ name: ['A zone with this name already exists.'] });
    const foreign = await call(t, 'POST', zones, a.tokens.owner, { name: 'beta.test' });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json<{ name: string[] }>().name[0]).toMatch(/verified/);
    expect((await pdnsApi('GET', '/zones/beta.test.')).status).toBe(404);
    expect((await call(t, 'POST', zones, a.tokens.member, { name: 'm.alpha.test' })).statusCode).toBe(403);

    const list = await call(t, 'GET', zones, a.tokens.admin);
    expect(
      list.json<{ data: { name: string; records: number }[] }>().data.map((z) => [z.name, z.records]),
    ).toEqual([
      ['alpha.test.', 1],
      ['lab.alpha.test.', 1],
    ]);
    expect((await call(t, 'GET', zones, a.tokens.member)).statusCode).toBe(403);
  });

  it('applies only the touched rrsets: add, edit, disable, delete, with comments dated YYYY-MM-DDTHH:mm:ss', async () => {
    let zone = (await getZone(a.tokens.owner, 'alpha.test')).json<Zone>();
    let res = await patch(a.tokens.owner, 'alpha.test', zone.version, [
      replace('www.alpha.test', 'A', '192.0.2.10'),
      { ...replace('alpha.test', 'TXT', '"v=spf1 -all"'), comments: [{ content: 'no mail from here' }] },
      replace('@', 'MX', '0 .'),
    ]);
    expect(res.statusCode, res.body).toBe(200);
    zone = res.json<Zone>();
    expect(zone.version).toBe(2);
    expect(res.json<{ records: number }>().records).toBe(4); // NS, A, TXT, MX
    // One TXT rrset as written: PowerDNS's read-back by name also answers other names' comments.
    const txts = zone.rrsets.filter((r) => r.type === 'TXT');
    expect(txts.map((r) => [r.name, r.ttl, r.records.length])).toEqual([['alpha.test.', 3600, 1]]);
    const txt = txts[0]!;
    expect(txt.comments[0]).toMatchObject({ content: 'no mail from here' });
    // msas's copy is the zone: loading it again finds no change made outside msas.
    expect((await getZone(a.tokens.owner, 'alpha.test')).json<Zone>().outside_change).toBeNull();
    expect(txt.comments[0]!.modified_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/);
    expect((await live('alpha.test.', 'www.alpha.test.', 'A'))?.records).toEqual([
      { content: '192.0.2.10', disabled: false },
    ]);

    // Disabling one record of a set; the other rrsets are not sent (PowerDNS keeps their comments' dates).
    res = await patch(a.tokens.admin, zone.name, zone.version, [
      {
        name: 'www.alpha.test.',
        type: 'A',
        ttl: 600,
        changetype: 'REPLACE',
        records: [
          { content: '192.0.2.10', disabled: true },
          { content: '192.0.2.11', disabled: false },
        ],
      },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    expect((await live('alpha.test.', 'www.alpha.test.', 'A'))?.records).toEqual([
      { content: '192.0.2.10', disabled: true },
      { content: '192.0.2.11', disabled: false },
    ]);
    expect((await live('alpha.test.', 'alpha.test.', 'TXT'))?.comments[0]).toMatchObject({
      content: 'no mail from here',
    });

    res = await patch(a.tokens.admin, zone.name, res.json<Zone>().version, [
      { name: 'alpha.test.', type: 'MX', changetype: 'DELETE' },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    expect(await live('alpha.test.', 'alpha.test.', 'MX')).toBeUndefined();
    expect(res.json<Zone>().version).toBe(4);

    const items = await history(a.tokens.admin, 'zone=alpha.test&name=www.alpha.test');
    expect(items.map((i) => [i.kind, i.action, i.content])).toEqual([
      ['edit', 'changed', ['192.0.2.10', '192.0.2.11']],
      ['edit', 'added', ['192.0.2.10']],
    ]);
    const paged = await call(
      t,
      'GET',
      '/api/dm/power-dns/history/?zone=alpha.test&page_size=2',
      a.tokens.admin,
    );
    expect(paged.json<{ meta: { count: number } }>().meta.count).toBe(6); // NS, A, TXT, MX; A; MX
  });

  it('refuses a bad change set on its field and applies nothing of it', async () => {
    const zone = (await getZone(a.tokens.owner, 'alpha.test')).json<Zone>();
    const before = await liveRrsets('alpha.test.');
    const ours = await patch(a.tokens.owner, 'alpha.test', zone.version, [
      replace('ok.alpha.test', 'A', '192.0.2.20'),
      replace('bad.alpha.test', 'A', '192.0.2.300'),
      replace('out.example.org', 'A', '192.0.2.1'),
      replace('alpha.test', 'SOA', 'a. b. 1 2 3 4 5'),
    ]);
    expect(ours.statusCode).toBe(400);
    expect(ours.json()).toMatchObject({
      'rrsets.1.records.0.content': ['Enter a valid IPv4 address.'],
      'rrsets.2.name': ['The name must be inside the zone alpha.test..'],
      'rrsets.3.type': ['SOA records are managed by the DNS server and cannot be changed.'],
    });
    // PowerDNS's own refusal (a TLSA it cannot parse): mapped to the rrset, the good rrset not applied either.
    const theirs = await patch(a.tokens.owner, 'alpha.test', zone.version, [
      replace('ok.alpha.test', 'A', '192.0.2.20'),
      replace('_25._tcp.mail.alpha.test', 'TLSA', 'not a tlsa record'),
    ]);
    expect(theirs.statusCode).toBe(400);
    const keys = Object.keys(theirs.json()).filter((k) => k !== 'error_codes');
    expect(keys).toHaveLength(1);
    expect(keys[0]).toMatch(/^rrsets\.1/);
    expect(await liveRrsets('alpha.test.')).toEqual(before);
    expect((await getZone(a.tokens.owner, 'alpha.test')).json<Zone>().version).toBe(zone.version);
  });

  it('refuses a stale version when another change touched the same rrset, showing it', async () => {
    const loaded = (await getZone(a.tokens.owner, 'alpha.test')).json<Zone>();
    const first = await patch(a.tokens.owner, 'alpha.test', loaded.version, [
      replace('api.alpha.test', 'A', '192.0.2.30'),
    ]);
    expect(first.statusCode, first.body).toBe(200);
    const second = await patch(a.tokens.admin, 'alpha.test', loaded.version, [
      replace('api.alpha.test', 'A', '192.0.2.31'),
    ]);
    expect(second.statusCode).toBe(409);
    const body = second.json<{ detail: string; version: number; changes: HistoryItem[] }>();
    expect(body.version).toBe(loaded.version + 1);
    expect(body.changes.map((c) => [c.name, c.type, c.content, c.author])).toEqual([
      ['api.alpha.test.', 'A', ['192.0.2.30'], { kind: 'member', name: a.owner.email }],
    ]);
    expect((await live('alpha.test.', 'api.alpha.test.', 'A'))?.records[0]?.content).toBe('192.0.2.30');
    // Another rrset from the same stale load is not in conflict.
    const other = await patch(a.tokens.admin, 'alpha.test', loaded.version, [
      replace('cdn.alpha.test', 'CNAME', 'cdn.example.net'),
    ]);
    expect(other.statusCode, other.body).toBe(200);
  });

  it('lets only one of two simultaneous edits of one rrset from the same version through', async () => {
    const loaded = (await getZone(a.tokens.owner, 'alpha.test')).json<Zone>();
    const [one, two] = await Promise.all([
      patch(a.tokens.owner, 'alpha.test', loaded.version, [replace('race.alpha.test', 'A', '192.0.2.50')]),
      patch(a.tokens.admin, 'alpha.test', loaded.version, [replace('race.alpha.test', 'A', '192.0.2.51')]),
    ]);
    expect([one.statusCode, two.statusCode].sort()).toEqual([200, 409]);
    const winner = one.statusCode === 200 ? '192.0.2.50' : '192.0.2.51';
    expect((await live('alpha.test.', 'race.alpha.test.', 'A'))?.records).toEqual([
      { content: winner, disabled: false },
    ]);
  });

  it('reverts a change set as a new change set, and refuses when a later change touched the rrset', async () => {
    const loaded = (await getZone(a.tokens.owner, 'alpha.test')).json<Zone>();
    const res = await patch(a.tokens.owner, 'alpha.test', loaded.version, [
      replace('api.alpha.test', 'A', '192.0.2.40'),
      { name: 'cdn.alpha.test', type: 'CNAME', changetype: 'DELETE' },
      replace('new.alpha.test', 'AAAA', '2001:db8::40'),
    ]);
    expect(res.statusCode, res.body).toBe(200);
    const [change] = await history(a.tokens.owner, 'zone=alpha.test&page_size=1');
    const reverted = await call(
      t,
      'POST',
      `/api/dm/power-dns/history/${change!.change_set}/revert/`,
      a.tokens.admin,
    );
    expect(reverted.statusCode, reverted.body).toBe(200);
    expect((await live('alpha.test.', 'api.alpha.test.', 'A'))?.records[0]?.content).toBe('192.0.2.30');
    expect((await live('alpha.test.', 'cdn.alpha.test.', 'CNAME'))?.records[0]?.content).toBe(
      'cdn.example.net.',
    );
    expect(await live('alpha.test.', 'new.alpha.test.', 'AAAA')).toBeUndefined();
    const latest = await history(a.tokens.owner, 'zone=alpha.test&page_size=3');
    expect(latest.every((i) => i.kind === 'revert')).toBe(true);

    const [created] = await history(a.tokens.owner, 'zone=alpha.test&type=NS');
    expect(created).toMatchObject({ kind: 'create', action: 'added' });
    const undoCreate = await call(
      t,
      'POST',
      `/api/dm/power-dns/history/${created!.change_set}/revert/`,
      a.tokens.owner,
    );
    expect(undoCreate.statusCode).toBe(400);
    expect(undoCreate.json()).toMatchObject({
      non_field_errors: ["A zone's creation is undone by deleting the zone."],
    });

    // Reverting the original change again would undo the revert's changes silently: refused.
    const twice = await call(
      t,
      'POST',
      `/api/dm/power-dns/history/${change!.change_set}/revert/`,
      a.tokens.admin,
    );
    expect(twice.statusCode).toBe(409);
    expect(twice.json<{ changes: HistoryItem[] }>().changes.length).toBeGreaterThan(0);
    expect(
      (await call(t, 'POST', `/api/dm/power-dns/history/${change!.change_set}/revert/`, a.tokens.member))
        .statusCode,
    ).toBe(403);
  });

  it('notices a change made in PowerDNS directly on load and records it', async () => {
    const before = (await getZone(a.tokens.owner, 'alpha.test')).json<Zone>();
    expect(before.outside_change).toBeNull();
    const direct = await directA('sneaky.alpha.test.', '192.0.2.66');
    expect(direct.status).toBe(204);
    const after = (await getZone(a.tokens.owner, 'alpha.test')).json<Zone>();
    expect(after.outside_change).not.toBeNull();
    expect(after.version).toBe(before.version + 1);
    const [item] = await history(a.tokens.owner, 'zone=alpha.test&name=sneaky.alpha.test');
    expect(item).toMatchObject({ kind: 'outside', action: 'added', content: ['192.0.2.66'] });
    // Recorded once: loading again finds nothing new.
    expect((await getZone(a.tokens.owner, 'alpha.test')).json<Zone>().outside_change).toBeNull();
    // An edit from a version loaded before the outside change to that rrset is stale.
    const stale = await patch(a.tokens.owner, 'alpha.test', before.version, [
      replace('sneaky.alpha.test', 'A', '192.0.2.67'),
    ]);
    expect(stale.statusCode).toBe(409);
    const audit = await t.db
      .selectFrom('audit_operations')
      .select('name')
      .where('name', '=', 'dns.outside_change')
      .where('organization_id', '=', a.org.id)
      .execute();
    expect(audit).toHaveLength(1);
  });

  it('notices a change made in PowerDNS directly when a change set comes before any load', async () => {
    const before = (await getZone(a.tokens.owner, 'alpha.test')).json<Zone>();
    // Through PowerDNS's API: it raises the serial, so the change set does not trust msas's copy.
    const direct = await directA('quiet.alpha.test.', '192.0.2.70');
    expect(direct.status).toBe(204);
    const stale = await patch(a.tokens.owner, 'alpha.test', before.version, [
      replace('quiet.alpha.test', 'A', '192.0.2.71'),
    ]);
    expect(stale.statusCode).toBe(409);
    const [outside] = await history(a.tokens.owner, 'zone=alpha.test&name=quiet.alpha.test');
    expect(outside).toMatchObject({ kind: 'outside', action: 'added', content: ['192.0.2.70'] });
    // From the version that includes it, the change applies; the copy it leaves is the zone as PowerDNS has it.
    const current = stale.json<{ version: number }>().version;
    const applied = await patch(a.tokens.owner, 'alpha.test', current, [
      replace('quiet.alpha.test', 'A', '192.0.2.71'),
      replace('loud.alpha.test', 'TXT', '"v=1"'),
    ]);
    expect(applied.statusCode).toBe(200);
    const loaded = (await getZone(a.tokens.owner, 'alpha.test')).json<Zone>();
    expect(loaded).toMatchObject({ outside_change: null, version: current + 1 });
  });

  it('takes a copy stored in another JSON layout (jsonb text, before migration 0054) as unchanged', async () => {
    const known = () =>
      t.db
        .selectFrom('dns_zones')
        .select(['known', 'version'])
        .where('name', '=', 'alpha.test.')
        .executeTakeFirstOrThrow();
    const compact = await known();
    // PostgreSQL's jsonb text: spaces after separators, keys by length then name.
    await t.db
      .updateTable('dns_zones')
      .set({ known: sql<string>`known::jsonb::text` })
      .where('name', '=', 'alpha.test.')
      .execute();
    expect((await known()).known).not.toBe(compact.known);
    const loaded = (await getZone(a.tokens.owner, 'alpha.test')).json<Zone>();
    expect(loaded).toMatchObject({ outside_change: null, version: compact.version });
    expect(await known()).toEqual(compact);
  });

  it("keeps another organization's zones out of reach, by name and by id", async () => {
    const zone = (await getZone(a.tokens.owner, 'alpha.test')).json<Zone>();
    const [change] = await history(a.tokens.owner, 'zone=alpha.test&page_size=1');
    for (const ref of ['alpha.test', 'alpha.test.', zone.id]) {
      expect((await getZone(b.tokens.owner, ref)).statusCode).toBe(404);
      expect(
        (await patch(b.tokens.owner, ref, zone.version, [replace('x.alpha.test', 'A', '192.0.2.1')]))
          .statusCode,
      ).toBe(404);
      expect((await call(t, 'DELETE', `${zones}${ref}/`, b.tokens.owner)).statusCode).toBe(404);
      expect(
        (await call(t, 'GET', `/api/dm/power-dns/history/?zone=${ref}`, b.tokens.owner)).statusCode,
      ).toBe(404);
      expect((await call(t, 'GET', `/api/dm/records/?zone=${ref}`, b.tokens.owner)).statusCode).toBe(404);
    }
    expect(
      (await call(t, 'POST', `/api/dm/power-dns/history/${change!.change_set}/revert/`, b.tokens.owner))
        .statusCode,
    ).toBe(404);
    expect((await call(t, 'GET', zones, b.tokens.owner)).json<{ data: unknown[] }>().data).toEqual([]);
    expect(await live('alpha.test.', 'x.alpha.test.', 'A')).toBeUndefined();
    // Support reads any organization's zone and changes none.
    expect((await getZone(support, zone.id)).statusCode).toBe(200);
    expect(
      (await patch(support, zone.id, zone.version, [replace('x.alpha.test', 'A', '192.0.2.1')])).statusCode,
    ).toBe(403);
  });

  it('names who made each change as the organization may see them, and nobody of another organization', async () => {
    await t.db.updateTable('users').set({ name: 'Ana Souza' }).where('id', '=', a.admin.id).execute();
    const mover = await quickUser(t, { role: 'admin', organizationId: a.org.id, email: 'mover@alpha.test' });
    const leaver = await quickUser(t, {
      role: 'admin',
      organizationId: a.org.id,
      email: 'leaver@alpha.test',
    });
    const edit = async (token: string, name: string) => {
      const zone = (await getZone(a.tokens.owner, 'alpha.test')).json<Zone>();
      const res = await patch(token, 'alpha.test', zone.version, [replace(name, 'A', '192.0.2.40')]);
      expect(res.statusCode, res.body).toBe(200);
    };
    await edit(a.tokens.admin, 'by-admin.alpha.test');
    await edit(await tokenFor(t, mover), 'by-mover.alpha.test');
    await edit(await tokenFor(t, leaver), 'by-leaver.alpha.test');
    await directA('by-pdns.alpha.test.', '192.0.2.41');
    await edit(a.tokens.owner, 'by-owner.alpha.test');
    // The mover now belongs to the other organization, under a name of theirs; the leaver's account is deleted.
    await t.db
      .updateTable('users')
      .set({ organization_id: b.org.id, name: 'Bea of Beta' })
      .where('id', '=', mover.id)
      .execute();
    const gone = await call(t, 'POST', `/api/ph/users/${leaver.id}/delete/`, a.tokens.owner, {});
    expect(gone.statusCode, gone.body).toBe(200);

    for (const token of [a.tokens.owner, support]) {
      const res = await call(t, 'GET', '/api/dm/power-dns/history/?zone=alpha.test&page_size=5', token);
      expect(res.statusCode, res.body).toBe(200);
      const items = res.json<{ data: HistoryItem[] }>().data;
      expect(items.map((i) => [i.name, i.kind, i.user, i.author])).toEqual([
        ['by-owner.alpha.test.', 'edit', a.owner.id, { kind: 'member', name: a.owner.email }],
        ['by-pdns.alpha.test.', 'outside', null, null],
        ['by-leaver.alpha.test.', 'edit', leaver.id, { kind: 'deleted', name: null }],
        ['by-mover.alpha.test.', 'edit', mover.id, { kind: 'former', name: null }],
        ['by-admin.alpha.test.', 'edit', a.admin.id, { kind: 'member', name: 'Ana Souza' }],
      ]);
      expect(res.body).not.toContain('mover@alpha.test');
      expect(res.body).not.toContain('Bea of Beta');
      expect(res.body).not.toContain('leaver@alpha.test');
    }
  });

  it('lists the records one per row, SOA left out', async () => {
    const res = await call(t, 'GET', '/api/dm/records/?zone=alpha.test&search=www', a.tokens.admin);
    expect(res.statusCode, res.body).toBe(200);
    expect(
      res.json<{ data: { name: string; type: string; content: string; ttl: number; disabled: boolean }[] }>()
        .data,
    ).toEqual([
      expect.objectContaining({
        name: 'www.alpha.test.',
        type: 'A',
        content: '192.0.2.10',
        ttl: 600,
        disabled: true,
      }),
      expect.objectContaining({
        name: 'www.alpha.test.',
        type: 'A',
        content: '192.0.2.11',
        ttl: 600,
        disabled: false,
      }),
    ]);
  });

  it('records an outside change of thousands of rrsets at once', async () => {
    await createZone(a, 'bulk.alpha.test');
    const rrsets = Array.from({ length: 9000 }, (_, i) => ({
      name: `h${i}.bulk.alpha.test.`,
      type: 'A',
      ttl: 3600,
      changetype: 'REPLACE',
      records: [{ content: `10.0.${i >> 8}.${i & 255}`, disabled: false }],
    }));
    expect((await pdnsApi('PATCH', '/zones/bulk.alpha.test.', { rrsets })).status).toBe(204);
    const res = await getZone(a.tokens.owner, 'bulk.alpha.test');
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    expect(res.json<Zone>().rrsets).toHaveLength(9001);
    const page = await call(t, 'GET', '/api/dm/power-dns/history/?zone=bulk.alpha.test', a.tokens.owner);
    expect(page.json<{ meta: { count: number } }>().meta.count).toBe(9001);
    expect((await call(t, 'DELETE', `${zones}bulk.alpha.test/`, a.tokens.owner)).statusCode).toBe(204);
  });

  it('deletes a zone from PowerDNS and msas', async () => {
    const res = await call(t, 'DELETE', `${zones}lab.alpha.test/`, a.tokens.owner);
    expect(res.statusCode, res.body).toBe(204);
    expect((await pdnsApi('GET', '/zones/lab.alpha.test.')).status).toBe(404);
    expect((await getZone(a.tokens.owner, 'lab.alpha.test')).statusCode).toBe(404);
    const audit = await t.db
      .selectFrom('audit_operations')
      .select('name')
      .where('name', 'like', 'dns.%')
      .execute();
    expect(new Set(audit.map((r) => r.name))).toEqual(
      new Set(['dns.zone_create', 'dns.zone_update', 'dns.revert', 'dns.outside_change', 'dns.zone_delete']),
    );
  });
});

describe('DNS hosting not configured', () => {
  it('answers 503 with a detail, and the status call says so', async () => {
    const bare = await startTestApp();
    try {
      const tenant = await seedTenant(bare, 'Gamma', 'gamma.test');
      const res = await call(bare, 'GET', zones, tenant.tokens.owner);
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({
        detail: 'DNS hosting is not configured.',
        code: 'dns_not_configured',
      });
      const status = await call(bare, 'GET', '/api/dm/power-dns/status/', tenant.tokens.owner);
      expect(status.json()).toEqual({
        configured: false,
        reachable: null,
        server: 'localhost',
        default_nameservers: [],
      });
      expect((await call(t, 'GET', '/api/dm/power-dns/status/', a.tokens.owner)).json()).toMatchObject({
        configured: true,
        reachable: true,
      });
    } finally {
      await bare.close();
    }
  });

  it('answers 502 with a plain message when PowerDNS does not answer', async () => {
    const down = await startTestApp({
      env: { PDNS_API_URL: 'http://127.0.0.1:9', PDNS_API_KEY: 'k', PDNS_TIMEOUT_MS: '2000' },
    });
    try {
      const tenant = await seedTenant(down, 'Delta', 'delta.test');
      const res = await call(down, 'POST', zones, tenant.tokens.owner, { name: 'delta.test' });
      expect(res.statusCode).toBe(502);
      expect(res.json()).toEqual({
        detail: 'The DNS server did not answer. Try again later.',
        code: 'dns_unavailable',
      });
      expect(await down.db.selectFrom('dns_zones').select('id').execute()).toEqual([]);
      const status = await call(down, 'GET', '/api/dm/power-dns/status/', tenant.tokens.owner);
      expect(status.json()).toMatchObject({ configured: true, reachable: false });
    } finally {
      await down.close();
    }
  });
});
