import fs from 'node:fs';
import path from 'node:path';

// DATA_DIR holds the embedded database and secrets.json: only the account msas runs as may read them.
// Directories are 0700 and files 0600; the process runs with umask 077 so what it creates later is private too.
export const privateUmask = 0o077;
export const privateDirMode = 0o700;

const open = 0o077;

// Takes group and other bits off one path (symlinks are left alone); true if it changed.
function tighten(p: string): boolean {
  let st: fs.Stats;
  try {
    st = fs.lstatSync(p);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return false;
    throw e;
  }
  if (st.isSymbolicLink() || (st.mode & open) === 0) return false;
  fs.chmodSync(p, st.mode & 0o7700);
  return true;
}

/** Tightens `root` and everything under it (iteratively; a file removed meanwhile is skipped); returns how many changed. */
export function tightenTree(root: string): number {
  let changed = 0;
  const stack = [root];
  while (stack.length > 0) {
    const p = stack.pop()!;
    if (tighten(p)) changed += 1;
    let entries: fs.Dirent[] = [];
    try {
      if (fs.lstatSync(p).isDirectory()) entries = fs.readdirSync(p, { withFileTypes: true });
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e;
    }
    for (const entry of entries) stack.push(path.join(p, entry.name));
  }
  return changed;
}

export type DataDirCheck = { changed: number; shared: boolean };

/**
 * At start: DATA_DIR itself, the embedded database under it and secrets.json lose any group or other access an
 * older version or a hand-made directory gave them. A shared sticky directory (such as /tmp) is not changed.
 */
export function secureDataDir(dataDir: string): DataDirCheck {
  if (!fs.existsSync(dataDir)) return { changed: 0, shared: false };
  if (fs.statSync(dataDir).mode & 0o1000) return { changed: 0, shared: true };
  let changed = tighten(dataDir) ? 1 : 0;
  changed += tightenTree(path.join(dataDir, 'pglite'));
  if (tighten(path.join(dataDir, 'secrets.json'))) changed += 1;
  return { changed, shared: false };
}
