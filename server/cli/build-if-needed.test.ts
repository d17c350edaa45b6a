import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildIfNeeded, needsBuild, noInterfaceMessage } from './build-if-needed';

describe('needsBuild', () => {
  let root: string;
  beforeEach(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'msas-build-'));
    fs.mkdirSync(path.join(root, 'src', 'app'), { recursive: true });
    fs.writeFileSync(path.join(root, 'src', 'app', 'main.tsx'), 'x');
    fs.writeFileSync(path.join(root, 'index.html'), 'x');
  });
  afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

  const touch = (file: string, when: Date) => {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    if (!fs.existsSync(file)) fs.writeFileSync(file, 'x');
    fs.utimesSync(file, when, when);
  };

  it('is needed without dist/index.html', () => {
    expect(needsBuild(root)).toBe(true);
  });

  it('is not needed when the build is newer than every source, and is once a source changes', () => {
    const old = new Date(Date.now() - 60_000);
    touch(path.join(root, 'src', 'app', 'main.tsx'), old);
    touch(path.join(root, 'index.html'), old);
    touch(path.join(root, 'dist', 'index.html'), new Date());
    expect(needsBuild(root)).toBe(false);
    touch(path.join(root, 'locales', 'pt', 'common.json'), new Date(Date.now() + 5_000));
    expect(needsBuild(root)).toBe(true);
  });
});

describe('buildIfNeeded in a release (no interface sources)', () => {
  let root: string;
  beforeEach(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'msas-release-'));
  });
  afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

  // No vite there: a build attempt would fail and stop the start.
  it('builds nothing and says so when the shipped interface is missing', () => {
    const lines: string[] = [];
    const dist = path.join(root, 'dist');
    buildIfNeeded(root, dist, (l) => lines.push(l));
    expect(lines).toEqual([noInterfaceMessage(dist)]);
    expect(fs.existsSync(dist)).toBe(false);
  });

  it('is silent when the shipped interface is there', () => {
    const lines: string[] = [];
    fs.mkdirSync(path.join(root, 'dist'));
    fs.writeFileSync(path.join(root, 'dist', 'index.html'), 'x');
    buildIfNeeded(root, path.join(root, 'dist'), (l) => lines.push(l));
    expect(lines).toEqual([]);
  });
});
