import { readdirSync } from 'node:fs';
import path from 'node:path';

// Every file under `dir` (recursively) whose name passes `keep`; missing dirs give [].
export function listFiles(dir: string, keep: (name: string) => boolean): string[] {
  let entries;
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return [];
  }
  const out: string[] = [];
  for (const e of entries) {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) {
      if (e.name === 'node_modules') continue;
      out.push(...listFiles(full, keep));
    } else if (e.isFile() && keep(e.name)) out.push(full);
  }
  return out.sort();
}
