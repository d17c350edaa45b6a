import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

// Lays the seed (seed.ts: the gzip tarball PGlite's dumpDataDir wrote) down as a new cluster at `dir`, which
// must not exist. The files go into a scratch directory beside it, renamed into place once complete, so a
// start killed halfway never leaves a partial cluster that the next start would take for a whole one.
// Node's own file calls do it in about two thirds of the time of PGlite's loadDataDir (the same files through
// its WASM file system), and they write 0600 at once. Returns false, leaving nothing behind, on any failure.
export function layDownSeed(tarball: string, dir: string): boolean {
  const scratch = `${dir}.seed-${process.pid}`;
  try {
    fs.rmSync(scratch, { recursive: true, force: true });
    fs.mkdirSync(scratch, { mode: 0o700 });
    untar(zlib.gunzipSync(fs.readFileSync(tarball)), scratch);
    fs.renameSync(scratch, dir);
    return true;
  } catch {
    fs.rmSync(scratch, { recursive: true, force: true });
    return false;
  }
}

// Reads only what dumpDataDir writes: ustar headers (POSIX.1-2001, pax, "ustar Interchange Format") of
// regular files and directories, with names relative to the cluster's root.
function untar(tar: Buffer, root: string): void {
  for (let at = 0; at + 512 <= tar.length;) {
    const header = tar.subarray(at, at + 512);
    if (header[0] === 0) return; // the zero blocks that end an archive
    const field = (from: number, to: number) => header.toString('latin1', from, to).replace(/\0.*$/s, '');
    const prefix = field(345, 500);
    const name = prefix ? `${prefix}/${field(0, 100)}` : field(0, 100);
    const size = parseInt(field(124, 136).trim() || '0', 8);
    const type = field(156, 157) || '0';
    const target = path.join(root, name);
    if (!target.startsWith(`${root}${path.sep}`) || !(size >= 0) || at + 512 + size > tar.length)
      throw new Error(`seed: bad entry ${JSON.stringify(name)}`);
    if (type === '5') fs.mkdirSync(target, { recursive: true, mode: 0o700 });
    else if (type === '0') {
      fs.mkdirSync(path.dirname(target), { recursive: true, mode: 0o700 });
      fs.writeFileSync(target, tar.subarray(at + 512, at + 512 + size), { mode: 0o600 });
    } else throw new Error(`seed: entry ${name} of type ${type}`);
    at += 512 + Math.ceil(size / 512) * 512;
  }
}
