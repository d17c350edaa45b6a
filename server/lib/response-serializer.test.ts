import { isResponseSerializationError, serializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { zoneDocument } from '../../contract/dns';
import { responseSerializer } from './response-serializer';

const compile = (schema: z.ZodType) =>
  responseSerializer({ schema, method: 'GET', url: '/x', httpStatus: '200' });

describe('responseSerializer', () => {
  it('sends what the library serializer sends: unknown keys dropped, nested documents kept', () => {
    const doc = { ...zoneExample(), internal: 'not on the wire' };
    const ours = compile(zoneDocument)(doc);
    const theirs = serializerCompiler({ schema: zoneDocument, method: 'GET', url: '/x', httpStatus: '200' })(
      doc,
    );
    expect(ours).toBe(theirs);
    expect(ours).not.toContain('not on the wire');
  });

  it('refuses data that breaks the contract with the error the error handler turns into a 500', () => {
    const send = compile(z.object({ id: z.number().int() }));
    expect(send({ id: 3 })).toBe('{"id":3}');
    let thrown: unknown;
    try {
      send({ id: 'three' });
    } catch (e) {
      thrown = e;
    }
    expect(isResponseSerializationError(thrown)).toBe(true);
  });
});

function zoneExample() {
  return {
    id: 1,
    name: 'example.com.',
    kind: 'Native',
    version: 2,
    records: 1,
    organization: 3,
    created_at: '2026-01-01T00:00:00.000Z',
    updated_at: '2026-01-01T00:00:00.000Z',
    account: 'msas-org-3',
    serial: 2026010101,
    dnssec: false,
    rrsets: [
      {
        name: 'www.example.com.',
        type: 'A',
        ttl: 300,
        records: [{ content: '192.0.2.1', disabled: false }],
        comments: [{ content: 'web', account: 'a@example.com', modified_at: '2026-01-01T00:00:00' }],
      },
    ],
    outside_change: null,
  };
}
