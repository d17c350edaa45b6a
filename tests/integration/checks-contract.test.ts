import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { errorHandler } from '../../server/lib/error-handler';
import type { ChecksService } from '../../server/modules/checks/service';
import { checksRoutes } from '../../server/modules/checks/routes';
import { startTestApp, type TestApp } from './support/app';

// The /checks routes serialize every result through contract/checks.ts: a checker result missing a field
// the contract names is a 500 (and this failing test), and a field the contract does not name never leaves.

let t: TestApp;
let app: FastifyInstance;
let result: Record<string, unknown>;

const dmarc = () => ({
  domain: 'shop.test',
  record: 'v=DMARC1; p=none',
  location: 'shop.test',
  orgDomain: 'shop.test',
  tags: null,
  policy: 'none',
  reportDestinations: [],
  walk: [{ name: 'shop.test', records: 1, rcode: 'NOERROR' }],
  warnings: [],
  valid: true,
  score: 80,
});

beforeAll(async () => {
  t = await startTestApp();
  const service = {
    ctx: {},
    run: async () => ({ value: result, at: new Date(0), cached: false }),
  } as unknown as ChecksService;
  app = Fastify();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.setErrorHandler(errorHandler);
  await app.register(checksRoutes(t.ctx, service), { prefix: '/checks' });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await t.close();
});

describe('the /checks results follow contract/checks.ts', () => {
  it('answers a complete result in snake_case', async () => {
    result = dmarc();
    const res = await app.inject('/checks/dmarc/shop.test');
    expect(res.statusCode).toBe(200);
    expect(res.json().data.attributes).toMatchObject({
      org_domain: 'shop.test',
      walk: [{ rcode: 'NOERROR' }],
    });
  });

  it('fails the reply when the checker leaves out a field the contract names', async () => {
    const { walk: _walk, ...partial } = dmarc();
    result = partial;
    const res = await app.inject('/checks/dmarc/shop.test');
    expect(res.statusCode).toBe(500);
  });

  it('drops a field the contract does not name instead of sending it undocumented', async () => {
    result = { ...dmarc(), internalState: { secret: 'x' } };
    const res = await app.inject('/checks/dmarc/shop.test');
    expect(res.statusCode).toBe(200);
    expect(res.json().data.attributes).not.toHaveProperty('internal_state');
  });
});
