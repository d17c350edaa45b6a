import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// The module seams (docs/ARCHITECTURE.md): eslint keeps every import of another area on its face
// (index.ts); this test keeps the areas themselves in layers, so no chain of face imports comes back to
// where it started, and keeps server/modules/shared below every area.
const modulesDir = path.dirname(fileURLToPath(import.meta.url));
const shared = 'shared';

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [full] : [];
  });
}

// Static imports, re-exports and dynamic imports with a relative specifier.
const importPattern = /(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)['"](\.{1,2}\/[^'"]+)['"]/g;

function areaOf(file: string): string | null {
  const relative = path.relative(modulesDir, file).split(path.sep);
  return relative.length > 1 ? relative[0] : null;
}

// area -> the areas it imports from, each with one file that does it (for the failure message).
function areaGraph(): Map<string, Map<string, string>> {
  const graph = new Map<string, Map<string, string>>();
  for (const file of sourceFiles(modulesDir)) {
    const from = areaOf(file);
    if (!from) continue;
    for (const [, specifier] of fs.readFileSync(file, 'utf8').matchAll(importPattern)) {
      const target = path.resolve(path.dirname(file), specifier);
      if (!target.startsWith(modulesDir + path.sep)) continue;
      const to = areaOf(target) ?? path.relative(modulesDir, target);
      if (to === from) continue;
      if (!graph.has(from)) graph.set(from, new Map());
      graph.get(from)!.set(to, path.relative(modulesDir, file));
    }
  }
  return graph;
}

// Depth-first search; returns the first cycle found as a list of areas, or null.
function findCycle(graph: Map<string, Map<string, string>>): string[] | null {
  const state = new Map<string, 'open' | 'done'>();
  const stack: string[] = [];
  const visit = (area: string): string[] | null => {
    if (state.get(area) === 'done') return null;
    if (state.get(area) === 'open') return [...stack.slice(stack.indexOf(area)), area];
    state.set(area, 'open');
    stack.push(area);
    for (const next of graph.get(area)?.keys() ?? []) {
      const cycle = visit(next);
      if (cycle) return cycle;
    }
    stack.pop();
    state.set(area, 'done');
    return null;
  };
  for (const area of graph.keys()) {
    const cycle = visit(area);
    if (cycle) return cycle;
  }
  return null;
}

describe('module seams', () => {
  const graph = areaGraph();

  it('finds the imports between areas (the walk itself works)', () => {
    expect(graph.get('users')?.has('auth')).toBe(true);
    expect(graph.get('users')?.has(shared)).toBe(true);
  });

  it('has no cycle between areas', () => {
    const cycle = findCycle(graph);
    const explained = cycle
      ?.slice(1)
      .map((to, i) => `${cycle[i]} -> ${to} (${graph.get(cycle[i])!.get(to)})`);
    expect(explained ?? []).toEqual([]);
  });

  it('keeps the shared area below every other area', () => {
    expect([...(graph.get(shared)?.entries() ?? [])]).toEqual([]);
  });

  it('detects a cycle when one is there', () => {
    const looped = new Map([
      ['a', new Map([['b', 'a/x.ts']])],
      ['b', new Map([['a', 'b/y.ts']])],
    ]);
    expect(findCycle(looped)).toEqual(['a', 'b', 'a']);
  });
});
