import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { secureDataDir } from './data-dir';

const mode = (p: string) => fs.lstatSync(p).mode & 0o7777;

describe('secureDataDir', () => {
  let root: string;
  beforeEach(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'msas-datadir-'));
  });
  afterEach(() => {
    fs.rmSync(root, { recursive: true, force: true });
  });

  it('closes DATA_DIR, its database and secrets.json to group and others, and counts what it changed', () => {
    const data = path.join(root, 'data');
    fs.mkdirSync(path.join(data, 'pglite', 'base'), { recursive: true });
    fs.writeFileSync(path.join(data, 'pglite', 'base', '1'), 'x');
    fs.writeFileSync(path.join(data, 'secrets.json'), '{}');
    fs.writeFileSync(path.join(root, 'elsewhere'), 'x');
    fs.symlinkSync(path.join(root, 'elsewhere'), path.join(data, 'pglite', 'link'));
    for (const p of [data, path.join(data, 'pglite'), path.join(data, 'pglite', 'base')])
      fs.chmodSync(p, 0o755);
    for (const p of [
      path.join(data, 'pglite', 'base', '1'),
      path.join(data, 'secrets.json'),
      path.join(root, 'elsewhere'),
    ])
      fs.chmodSync(p, 0o664);

    expect(secureDataDir(data)).toEqual({ changed: 5, shared: false });
    expect(mode(data)).toBe(0o700);
    expect(mode(path.join(data, 'pglite', 'base'))).toBe(0o700);
    expect(mode(path.join(data, 'pglite', 'base', '1'))).toBe(0o600);
    expect(mode(path.join(data, 'secrets.json'))).toBe(0o600);
    // A symlink's target is not ours to change.
    expect(mode(path.join(root, 'elsewhere'))).toBe(0o664);
    expect(secureDataDir(data)).toEqual({ changed: 0, shared: false });
  });

  it('leaves a shared sticky directory and a missing one alone', () => {
    fs.chmodSync(root, 0o1777);
    expect(secureDataDir(root)).toEqual({ changed: 0, shared: true });
    expect(mode(root)).toBe(0o1777);
    expect(secureDataDir(path.join(root, 'missing'))).toEqual({ changed: 0, shared: false });
    expect(fs.existsSync(path.join(root, 'missing'))).toBe(false);
  });
});
