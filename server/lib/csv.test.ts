import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { csvCell, formatShape, jsonOrCsv, keyColumns, sendCsv, toCsv } from './csv';

describe('csvCell', () => {
  it('quotes commas, quotes and line breaks, doubling quotes (RFC 4180 section 2)', () => {
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell('cr\rhere')).toBe('"cr\rhere"');
  });

  it('neutralises text that a spreadsheet would run as a formula', () => {
    expect(csvCell('=1+1')).toBe("'=1+1");
    expect(csvCell('+33 1')).toBe("'+33 1");
    expect(csvCell('-2')).toBe("'-2");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell('\tx')).toBe("'\tx");
    expect(csvCell('\rx')).toBe('"\'\rx"');
    expect(csvCell('=HYPERLINK("http://x","y")')).toBe('"\'=HYPERLINK(""http://x"",""y"")"');
    expect(csvCell('a=b')).toBe('a=b');
  });

  it('writes numbers, booleans, empty values, lists and dates plainly', () => {
    expect(csvCell(-5)).toBe('-5');
    expect(csvCell(12.5)).toBe('12.5');
    expect(csvCell(true)).toBe('true');
    expect(csvCell(null)).toBe('');
    expect(csvCell(undefined)).toBe('');
    expect(csvCell(['a', 'b'])).toBe('a; b');
    expect(csvCell(new Date('2024-03-01T00:00:00Z'))).toBe('2024-03-01T00:00:00.000Z');
  });
});

describe('toCsv', () => {
  it('ends every line, the last one too, with CRLF', () => {
    type Row = { name: string; n: number };
    const csv = toCsv(keyColumns<Row>(['name', 'n']), [
      { name: 'x,y', n: 1 },
      { name: '=cmd', n: 2 },
    ]);
    expect(csv).toBe('name,n\r\n"x,y",1\r\n\'=cmd,2\r\n');
  });

  it('has only the header when there are no rows', () => {
    expect(toCsv([{ header: 'a', value: () => 1 }], [])).toBe('a\r\n');
  });
});

describe('a JSON route answering CSV on ?format=csv', () => {
  const build = async () => {
    const app = Fastify();
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    app.withTypeProvider<ZodTypeProvider>().get(
      '/rows/',
      {
        schema: {
          querystring: z.object(formatShape),
          response: { 200: jsonOrCsv(z.object({ data: z.array(z.object({ n: z.number() })) })) },
        },
      },
      async (request, reply) => {
        const rows = [{ n: 1 }, { n: 2 }];
        if (request.query.format === 'csv')
          return sendCsv(reply, 'rows 2024/03', toCsv(keyColumns<(typeof rows)[number]>(['n']), rows), 2);
        // Extra keys are dropped by the JSON schema, proving the JSON serializer still applies.
        return { data: rows.map((r) => ({ ...r, secret: 'x' })) };
      },
    );
    await app.ready();
    return app;
  };

  it('serializes JSON through the response schema', async () => {
    const app = await build();
    const res = await app.inject({ method: 'GET', url: '/rows/' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.json()).toEqual({ data: [{ n: 1 }, { n: 2 }] });
    await app.close();
  });

  it('sends the CSV text as a named attachment', async () => {
    const app = await build();
    const res = await app.inject({ method: 'GET', url: '/rows/?format=csv' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="rows-2024-03.csv"');
    expect(res.headers['x-total-count']).toBe('2');
    expect(res.body).toBe('n\r\n1\r\n2\r\n');
    await app.close();
  });

  it('refuses an unknown format', async () => {
    const app = await build();
    const res = await app.inject({ method: 'GET', url: '/rows/?format=xml' });
    expect(res.statusCode).toBe(400);
    await app.close();
  });
});
