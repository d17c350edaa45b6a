import {
  exampleErrors,
  examplesOf,
  isBinary,
  openByDesign,
  openSpots,
  resolve,
  type OpenApiDocument,
} from './support/openapi-walk';
import { startTestApp, type TestApp } from './support/app';

// The OpenAPI document is the contract an integrator generates a client from: every route answers with a
// schema, no success response leaves an object open, errors have their wire shapes (DESIGN.md section 3).

let t: TestApp;
let doc: OpenApiDocument;

beforeAll(async () => {
  t = await startTestApp();
  doc = (await t.app.inject({ url: '/api/openapi.json' })).json<OpenApiDocument>();
});
afterAll(async () => {
  await t.close();
});

const operations = () =>
  Object.entries(doc.paths).flatMap(([path, ops]) =>
    Object.entries(ops).map(([method, op]) => ({ name: `${method.toUpperCase()} ${path}`, op })),
  );

describe('the OpenAPI document is complete', () => {
  it('gives every route a schema for each success response', () => {
    const missing: string[] = [];
    for (const { name, op } of operations()) {
      const success = Object.entries(op.responses ?? {}).filter(([status]) => /^2\d\d$/.test(status));
      if (success.length === 0) missing.push(`${name}: no 2xx response`);
      for (const [status, response] of success) {
        const media = Object.values(response.content ?? {});
        if (status !== '204' && (media.length === 0 || media.some((m) => !m.schema)))
          missing.push(`${name} ${status}: no schema`);
        // Anything but JSON is text (CSV) or bytes under its real media type, never an untyped "any".
        for (const [type, m] of Object.entries(response.content ?? {}))
          if (type !== 'application/json' && m.schema?.type !== 'string')
            missing.push(`${name} ${status}: ${type} not a string`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('closes every object of a success response (no looseObject, unknown or any)', () => {
    const open: string[] = [];
    for (const { name, op } of operations()) {
      for (const [status, response] of Object.entries(op.responses ?? {})) {
        if (!/^2\d\d$/.test(status)) continue;
        for (const media of Object.values(response.content ?? {}))
          open.push(...openSpots(media.schema, doc).map((spot) => `${name} ${status}${spot}`));
      }
    }
    const excused = Object.keys(openByDesign);
    const unexpected = open.filter((spot) => !excused.some((route) => spot.startsWith(`${route} `)));
    expect(unexpected).toEqual([]);
    // An exception that is closed after all must leave the list.
    const closed = excused.filter((route) => !open.some((spot) => spot.startsWith(`${route} `)));
    expect(closed).toEqual([]);
  });

  it('declares the report files and sender logos as bytes under their media types', () => {
    const media = (path: string) =>
      Object.entries(doc.paths[path]?.get?.responses?.['200']?.content ?? {}).map(
        ([type, m]) => `${type} ${isBinary(m.schema)}`,
      );
    for (const kind of ['aggregate-reports', 'tls-reports', 'failure-reports'])
      expect(media(`/api/dm/dmarc/${kind}/{id}/file/`)).toEqual(['application/octet-stream true']);
    expect(media('/api/dm/dmarc/aggregate-reports/email-senders/{id}/logo/')).toEqual([
      'image/png true',
      'image/jpeg true',
      'image/gif true',
      'image/webp true',
    ]);
  });

  it('documents the error shapes: 400 field errors, 401/403/404/429 detail, Retry-After on 429', () => {
    const wrong: string[] = [];
    for (const { name, op } of operations()) {
      for (const [status, response] of Object.entries(op.responses ?? {})) {
        const stated = response.content?.['application/json']?.schema;
        // The common error shapes are components (FieldErrors, ErrorItem): read through their $ref.
        const schema = stated && resolve(stated, doc);
        if (status === '400') {
          const values = schema?.additionalProperties;
          const ok = schema?.type === 'object' && typeof values === 'object' && values.type === 'array';
          if (!ok) wrong.push(`${name} 400: not {field: [message]}`);
        }
        const detail = schema?.properties?.detail?.type === 'string' && schema.required?.includes('detail');
        if (['401', '403', '404'].includes(status) && !detail) wrong.push(`${name} ${status}: not {detail}`);
        // The reputation calls answer 429 as {status_message: [...]} (spec section 3), the others {detail}.
        const fields = schema?.type === 'object' && typeof schema.additionalProperties === 'object';
        if (status === '429' && !detail && !fields)
          wrong.push(`${name} 429: neither {detail} nor field errors`);
        if (status === '429' && !response.headers?.['Retry-After']) wrong.push(`${name} 429: no Retry-After`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('tags every route with its area and names the bearer scheme each secured route uses', () => {
    expect(doc.components?.securitySchemes?.bearer).toEqual({
      type: 'http',
      scheme: 'bearer',
      bearerFormat: 'JWT',
    });
    const declared = new Set((doc.tags ?? []).map((tag) => tag.name));
    const problems: string[] = [];
    for (const { name, op } of operations()) {
      if (!op.tags?.length) problems.push(`${name}: no tag`);
      for (const tag of op.tags ?? [])
        if (!declared.has(tag)) problems.push(`${name}: tag ${tag} not described`);
      for (const requirement of op.security ?? [])
        for (const scheme of Object.keys(requirement))
          if (!doc.components?.securitySchemes?.[scheme]) problems.push(`${name}: unknown scheme ${scheme}`);
      // A route that refuses callers without a token says so.
      if (op.security?.length && !op.responses?.['401']) problems.push(`${name}: secured without a 401`);
    }
    expect(problems).toEqual([]);
  });

  it('shows an example of every request body, JSON success answer and error shape', () => {
    expect(examplesOf(doc).missing).toEqual([]);
  });

  it('keeps every example valid under the schema it stands beside (examples cannot drift)', () => {
    const { examples } = examplesOf(doc);
    const { checked, wrong } = exampleErrors(doc);
    expect(wrong).toEqual([]);
    expect(checked).toBeGreaterThanOrEqual(examples.length);
  });

  it('catches an example that no longer matches its schema', () => {
    const drifted = structuredClone(doc);
    const media = drifted.paths['/api/dm/domains/']?.get?.responses?.['200']?.content?.['application/json'];
    const schema = media?.schema as { example?: { data: { attributes: Record<string, unknown> }[] } };
    const attributes = schema.example!.data[0]!.attributes;
    attributes.domain_name = attributes.name;
    delete attributes.name;
    const listed = (where: string) => where.startsWith('GET /api/dm/domains/ ');
    expect(exampleErrors(doc, listed).wrong).toEqual([]);
    expect(exampleErrors(drifted, listed).wrong).toEqual([
      expect.stringContaining('GET /api/dm/domains/ 200'),
    ]);
  });
});
