import { startTestApp, type TestApp } from './support/app';
import { call, quickUser, tokenFor } from './support/orgs';

// The email-sender catalogue: starter data, CRUD with the spec's validation, networks, logos, audit.

const base = '/api/dm/dmarc/aggregate-reports/email-senders/';
const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
let t: TestApp;
let support: string;
let member: string;

beforeAll(async () => {
  t = await startTestApp();
  support = await tokenFor(t, await quickUser(t, { role: 'support' }));
  member = await tokenFor(t, await quickUser(t, { role: 'member' }));
}, 60_000);
afterAll(() => t.close());

const create = async (name: string, extra: Record<string, unknown> = {}) => {
  const res = await call(t, 'POST', base, support, { name, ...extra });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ data: { id: string; attributes: Record<string, unknown> } }>().data;
};

function multipart(field: string, filename: string, type: string, bytes: Buffer) {
  const boundary = '----msasTestBoundary';
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`;
  return {
    payload: Buffer.concat([Buffer.from(head), bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

describe('starter catalogue', () => {
  it('is loaded from the starter catalogue file into the empty table, with the snapshot networks, readable by any user', async () => {
    const res = await call(t, 'GET', `${base}?search=google&page_size=5`, member);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.meta).toMatchObject({ count: 1, page: 1, page_size: 5 });
    expect(body.data[0].attributes).toMatchObject({
      name: 'Google Workspace / Gmail',
      spf_includes: ['_spf.google.com'],
      reverse_dns_suffixes: ['google.com'],
      // Migration 0052: the dated snapshot of its SPF networks (email-senders/spf-snapshot.json).
      networks: expect.arrayContaining([{ range: '209.85.128.0/17' }, { range: '2a00:1450:4000::/36' }]),
      logo: null,
      file: null,
    });
    const all = await call(t, 'GET', `${base}?page_size=100`, member);
    expect(all.json().meta.count).toBeGreaterThanOrEqual(25);
  });
});

describe('create, read, update, delete', () => {
  it('creates with trimmed name and normalised lists, and refuses a duplicate name in any case', async () => {
    const s = await create('  Acme Mailer ', {
      spf_includes: ['_SPF.Acme.example.', '_spf.acme.example'],
      reverse_dns_suffixes: ['out.acme.example'],
    });
    expect(s.attributes).toMatchObject({
      name: 'Acme Mailer',
      spf_includes: ['_spf.acme.example'],
      reverse_dns_suffixes: ['out.acme.example'],
    });
    expect(Date.parse(s.attributes.created_date as string)).not.toBeNaN();
    const dup = await call(t, 'POST', base, support, { name: 'acme mailer' });
    expect(dup.statusCode).toBe(400);
    expect(dup.json()).toMatchObject({ name: ['email sender with this name already exists.'] });
    const one = await call(t, 'GET', `${base}${s.id}/`, member);
    expect(one.json().data).toEqual(s);
  });

  it('validates fields in the DRF shapes', async () => {
    const blank = await call(t, 'POST', base, support, { name: '  ' });
    expect(blank.json()).toMatchObject({ name: ['This field may not be blank.'] });
    const missing = await call(t, 'POST', base, support, {});
    expect(missing.json()).toMatchObject({ name: ['This field is required.'] });
    const bad = await call(t, 'POST', base, support, { name: 'X', spf_includes: ['not a domain'] });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ 'spf_includes.0': ['Enter a valid domain name.'] });
  });

  it('updates, then deletes with 204, and answers 404 for a sender that is gone', async () => {
    const s = await create('Renamable');
    const other = await create('Taken Name');
    const taken = await call(t, 'PATCH', `${base}${s.id}/`, support, { name: 'TAKEN NAME' });
    expect(taken.json()).toMatchObject({ name: ['email sender with this name already exists.'] });
    const same = await call(t, 'PATCH', `${base}${other.id}/`, support, { name: 'Taken Name' });
    expect(same.statusCode).toBe(200);
    const res = await call(t, 'PATCH', `${base}${s.id}/`, support, {
      name: 'Renamed',
      reverse_dns_suffixes: ['mx.renamed.example'],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.attributes).toMatchObject({
      name: 'Renamed',
      reverse_dns_suffixes: ['mx.renamed.example'],
    });
    const del = await call(t, 'DELETE', `${base}${s.id}/`, support);
    expect(del.statusCode).toBe(204);
    expect(del.body).toBe('');
    expect((await call(t, 'GET', `${base}${s.id}/`, member)).statusCode).toBe(404);
    expect((await call(t, 'DELETE', `${base}${s.id}/`, support)).statusCode).toBe(404);
    const audit = await t.db
      .selectFrom('audit_operations')
      .select(['name', 'response_status'])
      .where('name', 'like', 'email_senders.%')
      .execute();
    expect(audit).toEqual(
      expect.arrayContaining([
        { name: 'email_senders.update', response_status: 400 },
        { name: 'email_senders.update', response_status: 200 },
        { name: 'email_senders.delete', response_status: 204 },
      ]),
    );
  });

  it('refuses changes to anyone but support', async () => {
    const res = await call(t, 'POST', base, member, { name: 'Nope' });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ detail: 'You do not have permission to perform this action.' });
  });

  it('exports the list as CSV', async () => {
    await create('=Formula Sender', { spf_includes: ['a.example', 'b.example'] });
    const res = await call(t, 'GET', `${base}?format=csv&search=formula`, member);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="email-senders.csv"');
    const lines = res.body.split('\r\n');
    expect(lines[0]).toBe('id,name,created_date,spf_includes,reverse_dns_suffixes,networks');
    expect(lines[1]).toMatch(/^\d+,'=Formula Sender,\d{4}-\d\d-\d\dT[^,]+,a\.example; b\.example,,$/);
    expect(lines.slice(2)).toEqual(['']);
  });
});

describe('networks', () => {
  it('replaces, adds and removes CIDR ranges, canonically written', async () => {
    const s = await create('Net Sender');
    const url = `${base}${s.id}/networks/`;
    const put = await call(t, 'PUT', url, support, {
      networks: [{ range: '192.0.2.0/24' }, { range: '2001:DB8::/32' }, { range: '198.51.100.7' }],
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json().data.map((n: { range: string }) => n.range)).toEqual([
      '192.0.2.0/24',
      '198.51.100.7/32',
      '2001:db8::/32',
    ]);
    const post = await call(t, 'POST', url, support, { range: '203.0.113.0/25' });
    expect(post.statusCode).toBe(201);
    expect(post.json().data).toHaveLength(4);
    const again = await call(t, 'POST', url, support, { range: '203.0.113.0/25' });
    expect(again.json()).toMatchObject({ range: ['This network is already in the list.'] });
    const del = await call(t, 'DELETE', url, support, { ranges: ['192.0.2.0/24', '198.51.100.7/32'] });
    expect(del.json().data.map((n: { range: string }) => n.range)).toEqual([
      '203.0.113.0/25',
      '2001:db8::/32',
    ]);
    const got = await call(t, 'GET', url, member);
    expect(got.json()).toEqual(del.json());
    const doc = await call(t, 'GET', `${base}${s.id}/`, member);
    expect(doc.json().data.attributes.networks).toEqual([
      { range: '203.0.113.0/25' },
      { range: '2001:db8::/32' },
    ]);
  });

  it('refuses a bad CIDR with the field message and changes nothing', async () => {
    const s = await create('Strict Sender');
    const url = `${base}${s.id}/networks/`;
    const bad = await call(t, 'POST', url, support, { range: '192.0.2.0/33' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({
      range: ['Enter a valid network in CIDR notation, such as 192.0.2.0/24 or 2001:db8::/32.'],
    });
    const host = await call(t, 'PUT', url, support, { networks: [{ range: '10.1.2.3/8' }] });
    expect(host.json()).toMatchObject({
      'networks.0.range': ['10.1.2.3/8 has host bits set; did you mean 10.0.0.0/8?'],
    });
    expect((await call(t, 'GET', url, member)).json()).toEqual({ data: [] });
  });
});

describe('logo', () => {
  it('uploads a PNG by multipart, serves it publicly and cacheably, then deletes it', async () => {
    const s = await create('Logo Sender');
    const up = await t.app.inject({
      method: 'POST',
      url: `${base}${s.id}/logo/`,
      ...multipart('file', 'logo.png', 'image/png', png),
      headers: { ...multipart('file', 'x', 'image/png', png).headers, authorization: `Bearer ${support}` },
    });
    expect(up.statusCode, up.body).toBe(200);
    const logo = up.json().data.attributes.logo as string;
    expect(logo).toMatch(new RegExp(`^${base}${s.id}/logo/\\?v=1$`));
    const img = await t.app.inject({ method: 'GET', url: logo });
    expect(img.statusCode).toBe(200);
    expect(img.headers['content-type']).toBe('image/png');
    expect(img.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(img.rawPayload.equals(png)).toBe(true);
    const del = await call(t, 'DELETE', `${base}${s.id}/logo/`, support);
    expect(del.statusCode).toBe(204);
    expect((await t.app.inject({ method: 'GET', url: logo })).statusCode).toBe(404);
    expect((await call(t, 'GET', `${base}${s.id}/`, member)).json().data.attributes.logo).toBeNull();
  });

  it('refuses SVG, other types, a missing file and files over 256 KB', async () => {
    const s = await create('Picky Sender');
    const url = `${base}${s.id}/logo/`;
    const send = (bytes: Buffer, type: string) =>
      t.app.inject({
        method: 'POST',
        url,
        payload: multipart('file', 'f', type, bytes).payload,
        headers: { ...multipart('file', 'f', type, bytes).headers, authorization: `Bearer ${support}` },
      });
    const typeError = { file: ['Upload a valid image: PNG, JPEG, WebP or GIF (SVG is not accepted).'] };
    const svg = await send(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), 'image/png');
    expect(svg.statusCode).toBe(400);
    expect(svg.json()).toMatchObject(typeError);
    expect((await send(Buffer.from('%PDF-1.4'), 'application/pdf')).json()).toMatchObject(typeError);
    const big = Buffer.concat([png, Buffer.alloc(256 * 1024)]);
    expect((await send(big, 'image/png')).json()).toMatchObject({
      file: ['The logo may be at most 256 KB.'],
    });
    const none = await call(t, 'POST', url, support, {});
    expect(none.json()).toMatchObject({ file: ['No file was submitted.'] });
    const gif = await call(t, 'POST', url, support, {
      file: `data:image/gif;base64,${Buffer.from('GIF89a\x01\x00\x01\x00').toString('base64')}`,
    });
    expect(gif.statusCode, gif.body).toBe(200);
    const audit = await t.db
      .selectFrom('audit_operations')
      .select('request')
      .where('name', '=', 'email_senders.logo.update')
      .execute();
    expect(JSON.stringify(audit.map((a) => a.request))).not.toContain('GIF89a');
  });
});
