import { readFileSync } from 'node:fs';
import { openapiDocument } from './openapi';

// npm run openapi builds the app without a database or a port; its document is the one the server serves.
describe('npm run openapi', () => {
  // It builds the whole app (every route and schema): seconds on a busy machine, not the default 5.
  it('builds the whole document without a database', async () => {
    const doc = (await openapiDocument()) as {
      openapi: string;
      paths: Record<string, unknown>;
      tags: unknown[];
    };
    expect(doc.openapi).toBe('3.0.3');
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/api/dm/v2/domains/', '/api/ph/authenticate/']),
    );
    expect(Object.keys(doc.paths).length).toBeGreaterThan(100);
    expect(doc.tags.length).toBeGreaterThan(10);
  }, 30_000);

  it('matches docs/openapi.json (run `npm run openapi` after changing a route)', async () => {
    const committed: unknown = JSON.parse(readFileSync('docs/openapi.json', 'utf8'));
    expect(JSON.parse(JSON.stringify(await openapiDocument()))).toEqual(committed);
  });
});
