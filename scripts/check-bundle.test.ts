import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { htmlScripts, loginBundle, missingModules, staticImports } from './lib/bundleGraph';

let dist: string;
const contents: Record<string, string> = {};

function write(rel: string, content: string) {
  const file = path.join(dist, rel);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, content);
  contents[rel] = content;
}

const gz = (rel: string) => gzipSync(Buffer.from(contents[rel])).length;

beforeEach(() => {
  dist = mkdtempSync(path.join(tmpdir(), 'check-bundle-'));
  write(
    'index.html',
    '<!doctype html><html><head><script type="module" crossorigin src="/assets/index-A.js"></script>' +
      '<link rel="modulepreload" crossorigin href="/assets/vendor-B.js"><link rel="stylesheet" href="/assets/i.css">' +
      '</head><body></body></html>',
  );
  write(
    'assets/index-A.js',
    'import{a as e}from"./vendor-B.js";import"./shared-C.js";const p=()=>import("./Charts-D.js");e(p);',
  );
  write('assets/vendor-B.js', 'export const a=(x)=>x;'.repeat(50));
  write('assets/shared-C.js', 'export{};console.log("shared")');
  write('assets/Charts-D.js', 'import"./recharts-E.js";export default 1;');
  write('assets/recharts-E.js', 'x'.repeat(5000));
  write(
    '.vite/manifest.json',
    JSON.stringify({
      'index.html': {
        file: 'assets/index-A.js',
        isEntry: true,
        imports: ['_vendor.js', '_shared.js'],
        dynamicImports: ['src/Charts.tsx'],
      },
      '_vendor.js': { file: 'assets/vendor-B.js' },
      '_shared.js': { file: 'assets/shared-C.js' },
      'src/Charts.tsx': { file: 'assets/Charts-D.js', isDynamicEntry: true, imports: ['_recharts.js'] },
      '_recharts.js': { file: 'assets/recharts-E.js' },
    }),
  );
});

afterEach(() => rmSync(dist, { recursive: true, force: true }));

describe('login bundle', () => {
  it('sums the gzipped entry and its static imports, excluding lazy chunks', () => {
    const report = loginBundle(dist);
    const files = ['assets/index-A.js', 'assets/vendor-B.js', 'assets/shared-C.js'];
    expect(report.files.map((f) => f.file).sort()).toEqual([...files].sort());
    expect(report.gzipBytes).toBe(files.reduce((n, f) => n + gz(f), 0));
    expect(report.bytes).toBe(files.reduce((n, f) => n + contents[f].length, 0));
  });

  it("adds the route's own lazy page and its static imports, and names unknown modules", () => {
    write('assets/Login-F.js', 'import"./form-G.js";export const L=1;');
    write('assets/form-G.js', 'export const f=2;');
    const manifestFile = path.join(dist, '.vite', 'manifest.json');
    const manifest = JSON.parse(contents['.vite/manifest.json']) as Record<string, unknown>;
    manifest['src/Login.tsx'] = { file: 'assets/Login-F.js', isDynamicEntry: true, imports: ['_form.js'] };
    manifest['_form.js'] = { file: 'assets/form-G.js' };
    writeFileSync(manifestFile, JSON.stringify(manifest));
    expect(
      loginBundle(dist, ['src/Login.tsx'])
        .files.map((f) => f.file)
        .sort(),
    ).toEqual([
      'assets/Login-F.js',
      'assets/form-G.js',
      'assets/index-A.js',
      'assets/shared-C.js',
      'assets/vendor-B.js',
    ]);
    expect(missingModules(dist, ['src/Login.tsx', 'src/Gone.tsx'])).toEqual(['src/Gone.tsx']);
  });

  it('follows static imports in chunks even without a manifest', () => {
    rmSync(path.join(dist, '.vite'), { recursive: true });
    write('index.html', '<script type="module" src="/assets/index-A.js"></script>');
    expect(
      loginBundle(dist)
        .files.map((f) => f.file)
        .sort(),
    ).toEqual(['assets/index-A.js', 'assets/shared-C.js', 'assets/vendor-B.js']);
  });

  it('reads module scripts and modulepreload links from HTML, not stylesheets or external URLs', () => {
    expect(
      htmlScripts(
        '<script type="module" src="/a.js"></script><link rel="modulepreload" href="/b.js">' +
          '<link rel="stylesheet" href="/c.css"><script type="module" src="https://cdn.example/x.js"></script>',
      ),
    ).toEqual(['a.js', 'b.js']);
  });

  it('finds static import and re-export specifiers but not dynamic import()', () => {
    expect(
      staticImports(
        'import{a}from"./a.js";import "./b.js";export{c}from"../c.js";const d=import("./d.js");' +
          'const m=`use import "./StyledComponent" here`;',
      ),
    ).toEqual(['./a.js', './b.js', '../c.js']);
  });
});
