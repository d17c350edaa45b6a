import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { operationFacts } from './vite-operation-facts';

describe('operationFacts', () => {
  it("gives the SPA's build a descriptor's wire facts and no schema", async () => {
    const plugin = operationFacts() as { load: (id: string) => Promise<string | null> };
    const id = path.resolve(__dirname, '../contract/operations/domains.ts');
    const code = await plugin.load(id);
    expect(code).toContain(
      '"verify":{"method":"POST","path":"/api/dm/v2/domains/{id}/verify/","auth":"bearer"}',
    );
    expect(code).toContain('"encoding":"form"');
    expect(code).not.toMatch(/zod|responses|params/);
    expect(await plugin.load(path.resolve(__dirname, '../contract/domains.ts'))).toBeNull();
  });
});
