import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

// The part of Vite's .vite/manifest.json this check reads.
type ManifestChunk = { file: string; isEntry?: boolean; imports?: string[]; dynamicImports?: string[] };
type Manifest = Record<string, ManifestChunk>;

export type BundleFile = { file: string; bytes: number; gzipBytes: number };
export type BundleReport = { files: BundleFile[]; bytes: number; gzipBytes: number };

// Script and modulepreload URLs index.html loads on first paint.
export function htmlScripts(html: string): string[] {
  const urls: string[] = [];
  for (const tag of html.match(/<(script|link)\b[^>]*>/gi) ?? []) {
    const isScript = /^<script/i.test(tag) && /type=["']?module/i.test(tag);
    const isPreload = /^<link/i.test(tag) && /rel=["']?modulepreload/i.test(tag);
    const url = /(?:src|href)=["']([^"']+)["']/i.exec(tag)?.[1];
    if ((isScript || isPreload) && url && !/^[a-z]+:\/\//i.test(url)) urls.push(url.replace(/^\//, ''));
  }
  return urls;
}

// Static `import ... from "./x.js"` / `import "./x.js"` / `export ... from` of sibling chunks in a built
// chunk. Dynamic import("...") is a lazy chunk and deliberately not followed. A text scan, so it is only
// used when there is no manifest (strings in minified code can look like imports).
export function staticImports(code: string): string[] {
  const out: string[] = [];
  const re = /(?:^|[;}\s])(?:import|export)\s*(?:[\w$*{}\s,]+?\s*from\s*)?["'](\.{1,2}\/[^"']+\.m?js)["']/g;
  for (const m of code.matchAll(re)) out.push(m[1]);
  return out;
}

function readManifest(distDir: string): Manifest | undefined {
  const file = path.join(distDir, '.vite', 'manifest.json');
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Manifest) : undefined;
}

// Static import graph from every entry, plus from `routeModules` (source paths of the lazy chunks the route
// itself renders, e.g. its page component); dynamic imports are not followed.
function manifestFiles(distDir: string, routeModules: string[]): string[] {
  const manifest = readManifest(distDir);
  if (!manifest) return [];
  const seen = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || seen.has(key)) return;
    seen.add(key);
    for (const imp of chunk.imports ?? []) visit(imp);
  };
  for (const [key, chunk] of Object.entries(manifest)) if (chunk.isEntry) visit(key);
  for (const key of routeModules) visit(key);
  return [...seen].map((k) => manifest[k].file).filter((f) => f.endsWith('.js'));
}

// Which of `routeModules` the manifest does not know (a moved or renamed page).
export function missingModules(distDir: string, routeModules: string[]): string[] {
  const manifest = readManifest(distDir) ?? {};
  return routeModules.filter((m) => !(m in manifest));
}

// JS loaded by a route: index.html's entry and preloads plus the manifest's static import graph from every
// entry and from the route's own lazy modules (without a manifest: static imports found in the chunks).
// Other lazy chunks (the other pages, charts) are not counted.
export function loginBundle(distDir: string, routeModules: string[] = []): BundleReport {
  const html = readFileSync(path.join(distDir, 'index.html'), 'utf8');
  const scanChunks = readManifest(distDir) === undefined;
  const queue = [...htmlScripts(html), ...manifestFiles(distDir, routeModules)].filter((f) =>
    f.endsWith('.js'),
  );
  const seen = new Set<string>();
  const files: BundleFile[] = [];
  while (queue.length > 0) {
    const rel = path.posix.normalize(queue.shift()!);
    if (seen.has(rel)) continue;
    seen.add(rel);
    const code = readFileSync(path.join(distDir, rel));
    files.push({ file: rel, bytes: code.length, gzipBytes: gzipSync(code).length });
    if (!scanChunks) continue;
    for (const imp of staticImports(code.toString('utf8')))
      queue.push(path.posix.join(path.posix.dirname(rel), imp));
  }
  files.sort((a, b) => b.gzipBytes - a.gzipBytes);
  return {
    files,
    bytes: files.reduce((n, f) => n + f.bytes, 0),
    gzipBytes: files.reduce((n, f) => n + f.gzipBytes, 0),
  };
}
