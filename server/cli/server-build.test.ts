import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { buildServer, freshBuild, sourceFingerprint } from '../../bin/server-build.js';

// bin/server-build.js on a small source tree of its own: the same four entries as the server's, bundled.
describe('the server build', () => {
  let root: string;
  const write = (file: string, text: string) => {
    fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    fs.writeFileSync(path.join(root, file), text);
  };
  beforeAll(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'msas-server-build-'));
    write('contract/answer.ts', 'export const answer: number = 42;\n');
    write(
      'server/main.ts',
      "import { answer } from '../contract/answer';\nexport const main = () => answer;\n",
    );
    write('server/db/pglite-worker.ts', 'export const db = 1;\n');
    write('server/dmarc/parse-worker.ts', 'export const parse = 2;\n');
    // The seed maker runs after bundling; here it makes nothing, so the build has no seed (a slower first
    // start, not a failed build).
    write('server/db/seed-build.ts', 'export {};\n');
  });
  afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

  it('is stale until built, fresh after, and stale again when a source (not a test) changes', async () => {
    expect(freshBuild(root)).toBeNull();
    const dir = await buildServer(root);
    expect(freshBuild(root)).toBe(dir);
    expect(fs.readdirSync(dir)).toEqual(
      expect.arrayContaining(['main.js', 'pglite-worker.js', 'parse-worker.js', 'seed-build.js']),
    );
    const built = (await import(pathToFileURL(path.join(dir, 'main.js')).href)) as { main: () => number };
    expect(built.main()).toBe(42);

    const before = sourceFingerprint(root);
    write('server/main.test.ts', 'test file\n');
    expect(sourceFingerprint(root)).toBe(before);
    const later = new Date(Date.now() + 5_000);
    fs.utimesSync(path.join(root, 'contract/answer.ts'), later, later);
    expect(freshBuild(root)).toBeNull();

    // A second build sits beside the first, which a running process may still be reading.
    const next = await buildServer(root);
    expect(next).not.toBe(dir);
    expect(fs.existsSync(path.join(dir, 'main.js'))).toBe(true);
    expect(await buildServer(root)).toBe(next);
  });
});
