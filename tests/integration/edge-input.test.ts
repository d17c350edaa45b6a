import type { LightMyRequestResponse } from 'fastify';
// The wire's English words of the control-character codes (locales/en/errors.json).
const nullMessage = 'Null characters are not allowed.';
const controlMessage = 'Control characters are not allowed.';
import { startTestApp, type TestApp } from './support/app';
import { quickUser, seedTenant, tokenFor, type Tenant } from './support/orgs';

// Generated from /api/openapi.json: a NUL in every path parameter, query parameter and body field (JSON, form and
// multipart) of every route, and impossible calendar dates in every date parameter, answer 400 naming the field,
// never 5xx and never an error in the log. A new route is walked the day it is added.

type Schema = {
  type?: string;
  enum?: unknown[];
  pattern?: string;
  format?: string;
  properties?: Record<string, Schema>;
};
type Param = { in: 'path' | 'query'; name: string; schema: Schema };
type Route = {
  key: string;
  method: string;
  path: string;
  tags: string[];
  params: Param[];
  body: Record<string, Schema>;
  /** 5xx answers the operation declares by design (503: billing or DNS hosting is not configured). */
  designed: number[];
};
type Probe = { route: string; field: string; send: () => Promise<LightMyRequestResponse> };

let t: TestApp;
let tenant: Tenant & { domainId: number; groupId: number };
let supportToken: string;
let routes: Route[];

const impossibleDays = ['2020-13-45', '2021-02-30', '2019-02-29', '2020-00-10', '2020-04-31', '0000-01-01'];

function sample(p: Param): string {
  if (p.schema.enum?.length) return String(p.schema.enum[0]);
  if (p.schema.type === 'integer' || p.schema.type === 'number') return '1';
  if (p.name === 'ip') return '192.0.2.1';
  return 'example.com';
}

function url(r: Route, override: Record<string, string> = {}, query = ''): string {
  let path = r.path;
  for (const p of r.params.filter((x) => x.in === 'path'))
    path = path.replace(`{${p.name}}`, override[p.name] ?? encodeURIComponent(sample(p)));
  return query ? `${path}?${query}` : path;
}

const isDate = (p: Param) =>
  p.schema.format === 'date' ||
  (p.schema.pattern ?? '').startsWith('^\\d{4}-\\d{2}-\\d{2}') ||
  /(^|_)date(_|$)/.test(p.name);

// As the organization's owner; a route only support may call (refused before it reads its input) as support.
async function send(r: Route, target: string, payload?: { type: string; body: string }) {
  const as = (token: string) =>
    t.app.inject({
      method: r.method as 'GET',
      url: target,
      headers: { authorization: `Bearer ${token}`, ...(payload ? { 'content-type': payload.type } : {}) },
      ...(payload ? { payload: payload.body } : {}),
    });
  const res = await as(tenant.tokens.owner);
  return res.statusCode === 403 ? as(supportToken) : res;
}

// A poisoned value for a body field, and the field name the answer must carry.
function poison(name: string, schema: Schema): { value: unknown; field: string } {
  if (schema.type === 'array') return { value: ['\u0000'], field: `${name}.0` };
  if (schema.type === 'object') return { value: { x: '\u0000' }, field: `${name}.x` };
  return { value: '\u0000', field: name };
}

function multipart(fields: Record<string, string>) {
  const boundary = 'edgeboundary42';
  const parts = Object.entries(fields).map(
    ([k, v]) => `--${boundary}\r\ncontent-disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`,
  );
  return { type: `multipart/form-data; boundary=${boundary}`, body: `${parts.join('')}--${boundary}--\r\n` };
}

function nulProbes(): Probe[] {
  const probes: Probe[] = [];
  for (const r of routes) {
    for (const p of r.params) {
      const bad = p.in === 'path' ? `${sample(p)}%00` : undefined;
      probes.push({
        route: r.key,
        field: p.name,
        send: () =>
          bad
            ? send(r, url(r, { [p.name]: bad }))
            : send(r, url(r, {}, `${encodeURIComponent(p.name)}=a%00b`)),
      });
    }
    for (const [name, schema] of Object.entries(r.body)) {
      const { value, field } = poison(name, schema);
      probes.push({
        route: `${r.key} (json)`,
        field,
        send: () => send(r, url(r), { type: 'application/json', body: JSON.stringify({ [name]: value }) }),
      });
      if (typeof value !== 'string') continue;
      probes.push({
        route: `${r.key} (form)`,
        field,
        send: () => send(r, url(r), { type: 'application/x-www-form-urlencoded', body: `${name}=x%00y` }),
      });
      probes.push({
        route: `${r.key} (multipart)`,
        field,
        send: () => send(r, url(r), multipart({ [name]: 'x\u0000y' })),
      });
    }
  }
  return probes;
}

beforeAll(async () => {
  t = await startTestApp();
  tenant = await seedTenant(t, 'Edge', 'edge.example.com');
  supportToken = await tokenFor(t, await quickUser(t, { role: 'support' }));
  const doc = (await t.app.inject({ url: '/api/openapi.json' })).json<{
    paths: Record<
      string,
      Record<
        string,
        {
          tags?: string[];
          parameters?: Param[];
          requestBody?: { content: Record<string, { schema?: { properties?: Record<string, Schema> } }> };
          responses?: Record<string, unknown>;
        }
      >
    >;
  }>();
  routes = Object.entries(doc.paths).flatMap(([path, ops]) =>
    Object.entries(ops).map(([method, op]) => ({
      key: `${method.toUpperCase()} ${path}`,
      method: method.toUpperCase(),
      path,
      tags: op.tags ?? [],
      params: op.parameters ?? [],
      body: Object.values(op.requestBody?.content ?? {})[0]?.schema?.properties ?? {},
      designed: Object.keys(op.responses ?? {})
        .map(Number)
        .filter((s) => s >= 500),
    })),
  );
  // Public checks that also answer with a trailing slash (left out of the document) are walked that way too;
  // a twin exists where the slashed path is not a 404.
  const candidates = routes
    .filter((r) => r.tags.includes('checks') && !r.path.endsWith('/'))
    .map((r) => ({ ...r, key: `${r.key}/`, path: `${r.path}/` }));
  for (const r of candidates) if ((await send(r, url(r, {}, 'x=%00'))).statusCode !== 404) routes.push(r);
  expect(routes.some((r) => r.key === 'GET /checks/dns/{domain}/')).toBe(true);
});
afterAll(async () => {
  await t.close();
});

describe('every input is checked at the edge, generated from /api/openapi.json', () => {
  it('walks the routes the issue names', () => {
    const fields = nulProbes().map((p) => `${p.route} ${p.field}`);
    for (const expected of [
      'GET /api/dm/domains/ search',
      'GET /api/ph/users/ search',
      'GET /api/dm/dmarc/aggregate-reports/ search',
      'GET /api/dm/dmarc/aggregate-reports/messages/ search',
      'GET /api/ph/v2/audit/operations/ operation',
      'GET /checks/dns/{domain} domain',
      'POST /api/ph/authenticate/ (form) username',
      'POST /api/ph/authenticate/ (json) password',
      'POST /api/ph/password-reset/ (form) email',
      'POST /api/ph/password-reset/ (json) email',
    ])
      expect(fields).toContain(expected);
    expect(routes.length).toBeGreaterThan(100);
  });

  it('answers a NUL in any path parameter, query parameter or body field with 400 naming the field', async () => {
    const failures: string[] = [];
    const probes = nulProbes();
    for (const probe of probes) {
      const res = await probe.send();
      const body = res.statusCode === 400 ? res.json<Record<string, unknown>>() : {};
      if (res.statusCode !== 400 || !(body[probe.field] as string[] | undefined)?.includes(nullMessage))
        failures.push(`${probe.route} ${probe.field}: ${res.statusCode} ${res.body.slice(0, 160)}`);
    }
    expect(failures).toEqual([]);
    expect(probes.length).toBeGreaterThan(400);
    expect(t.logs.filter((l) => l.includes('"level":50'))).toEqual([]);
  });

  it('answers other control characters in a URL with 400, and keeps line breaks in body text', async () => {
    const res = await send(
      routes.find((r) => r.key === 'GET /api/dm/domains/')!,
      '/api/dm/domains/?search=a%01b',
    );
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ search: [controlMessage] });
    const login = routes.find((r) => r.key === 'POST /api/ph/authenticate/')!;
    const form = await send(login, '/api/ph/authenticate/', {
      type: 'application/json',
      body: JSON.stringify({ username: 'a\u001bb', password: 'two\nlines\tand a tab' }),
    });
    expect(form.statusCode).toBe(400);
    expect(form.json()).toMatchObject({ username: [controlMessage] });
  });

  it('answers a deeply nested JSON body with a NUL at the bottom with 400, not a stack overflow', async () => {
    const depth = 100_000;
    const res = await send(
      routes.find((r) => r.key === 'POST /api/ph/authenticate/')!,
      '/api/ph/authenticate/',
      {
        type: 'application/json',
        body: `{"username":${'['.repeat(depth)}"\\u0000"${']'.repeat(depth)}}`,
      },
    );
    expect(res.statusCode).toBe(400);
    const { error_codes: codes, ...fields } = res.json<Record<string, string[]>>();
    expect(codes).toBeDefined();
    expect(Object.values(fields)).toEqual([[nullMessage]]);
  });

  it('answers a NUL in a static path segment without a server error', async () => {
    const failures: string[] = [];
    for (const r of routes) {
      const target = url(r).replace(/^(\/[^/{]+\/[^/{]+)/, '$1%00');
      const res = await send(r, target);
      if (res.statusCode >= 500 && !r.designed.includes(res.statusCode))
        failures.push(`${r.key} as ${target}: ${res.statusCode}`);
    }
    expect(failures).toEqual([]);
  });

  it('answers an impossible calendar date in every date parameter with 400 naming it', async () => {
    const dated = routes.flatMap((r) => r.params.filter(isDate).map((p) => ({ r, p })));
    expect(new Set(dated.map((d) => d.p.name))).toEqual(
      new Set(['begin_date', 'end_date', 'date_from', 'date_to']),
    );
    const failures: string[] = [];
    for (const { r, p } of dated) {
      for (const day of [
        ...impossibleDays,
        ...(p.name.startsWith('date_') ? ['2020-01-01T25:61:00Z'] : []),
      ]) {
        const res = await send(r, url(r, {}, `${p.name}=${encodeURIComponent(day)}`));
        const body = res.statusCode === 400 ? res.json<Record<string, unknown>>() : {};
        if (res.statusCode !== 400 || !Array.isArray(body[p.name]))
          failures.push(`${r.key} ${p.name}=${day}: ${res.statusCode} ${res.body.slice(0, 160)}`);
      }
      const leapDay = await send(r, url(r, {}, `${p.name}=2020-02-29`));
      if (leapDay.statusCode === 400 && leapDay.body.includes(p.name))
        failures.push(`${r.key} ${p.name}=2020-02-29 refused: ${leapDay.body.slice(0, 160)}`);
    }
    expect(failures).toEqual([]);
    expect(t.logs.filter((l) => l.includes('"level":50'))).toEqual([]);
  });
});
