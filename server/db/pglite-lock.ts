import fs from 'node:fs';
import path from 'node:path';

// PGlite is PostgreSQL in one process: a second process opening the same DATA_DIR/pglite works on its own
// copy, and whichever writes its files last wins (a user created beside `msas serve` vanished at its next
// checkpoint). So one process at a time holds the embedded database: DATA_DIR/pglite.lock names it (pid,
// command, start), and any other process that would open it is refused with that name. A lock whose process
// is gone (kill -9, a crash, a container restarted with the same pid) is taken over.

export const lockFileName = 'pglite.lock';

export type LockHolder = { pid: number; command: string; since: string; start?: string };

/** The embedded database is open in another process (or already in this one). */
export class DataDirInUse extends Error {
  override name = 'DataDirInUse';
  constructor(
    readonly dataDir: string,
    readonly holder: LockHolder,
  ) {
    super(
      `DATA_DIR ${dataDir} is in use: process ${holder.pid} (${holder.command}, since ${holder.since}) ` +
        'has its embedded database open, and PGlite serves one process at a time. Stop that process ' +
        'first, or do this through the console or the API while it runs; to run commands beside a ' +
        'running server, use PostgreSQL (DATABASE_URL).',
    );
  }
}

// Lock files this process holds, so a second open here is refused too (its pid is ours, yet not stale).
const held = new Set<string>();

/** The process's start in clock ticks since boot (Linux /proc/PID/stat, field 22), or undefined elsewhere. */
export function processStart(pid: number): string | undefined {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) may hold spaces and parentheses: count fields after its last ')'.
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19];
  } catch {
    return undefined;
  }
}

/** What the lock records of this process: the msas command only (its arguments may hold a password). */
function commandOf(argv: string[]): string {
  const script = path.basename(argv[1] ?? 'node');
  if (/^(msas(\.js)?|main\.[jt]s)$/.test(script)) return `msas ${argv[2] ?? ''}`.trim();
  return script;
}

function isAlive(h: LockHolder): boolean {
  // Our own pid in a lock this process does not hold: a previous run under the same pid (a container's 1).
  if (h.pid === process.pid) return false;
  try {
    process.kill(h.pid, 0);
  } catch (e) {
    // EPERM: it exists, under another account.
    if ((e as NodeJS.ErrnoException).code === 'ESRCH') return false;
  }
  // The pid was given to another process since.
  const start = processStart(h.pid);
  return !(h.start && start && h.start !== start);
}

function readHolder(file: string): { raw: string; holder: LockHolder } | null {
  let raw: string;
  try {
    raw = fs.readFileSync(file, 'utf8');
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw e;
  }
  try {
    const holder = JSON.parse(raw) as LockHolder;
    if (Number.isInteger(holder.pid) && holder.pid > 0) return { raw, holder };
  } catch {
    // Not a lock msas wrote (it writes the file whole, through a link): as good as stale.
  }
  return { raw, holder: { pid: 0, command: 'unknown', since: 'unknown' } };
}

/** Takes DATA_DIR's lock or throws DataDirInUse; returns its release. */
export function lockDataDir(dataDir: string): () => void {
  const file = path.join(dataDir, lockFileName);
  if (held.has(file))
    throw new DataDirInUse(dataDir, { pid: process.pid, command: 'this process', since: 'earlier' });
  const mine: LockHolder = {
    pid: process.pid,
    command: commandOf(process.argv),
    since: new Date().toISOString(),
    start: processStart(process.pid),
  };
  const text = `${JSON.stringify(mine)}\n`;
  for (let attempt = 0; attempt < 10; attempt += 1) {
    // Written whole under a private name, then linked: a link is atomic and fails if the lock exists, so no
    // process ever reads half a lock.
    const draft = `${file}.${process.pid}`;
    fs.writeFileSync(draft, text, { mode: 0o600 });
    try {
      fs.linkSync(draft, file);
      held.add(file);
      const release = () => {
        held.delete(file);
        process.off('exit', release);
        if (readHolder(file)?.raw === text) fs.rmSync(file, { force: true });
      };
      // An exit without close (jobs still running past their timeout) leaves no lock behind either.
      process.on('exit', release);
      return release;
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
    } finally {
      fs.rmSync(draft, { force: true });
    }
    const found = readHolder(file);
    if (!found) continue;
    if (found.holder.pid > 0 && isAlive(found.holder)) throw new DataDirInUse(dataDir, found.holder);
    // Stale: moved aside (one process wins the rename), and put back if what moved was a new live lock.
    const aside = `${file}.stale.${process.pid}`;
    try {
      fs.renameSync(file, aside);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'ENOENT') continue;
      throw e;
    }
    if (fs.readFileSync(aside, 'utf8') !== found.raw)
      try {
        fs.linkSync(aside, file);
      } catch {
        // Another lock is there already: that one stands.
      }
    fs.rmSync(aside, { force: true });
  }
  throw new Error(`could not take ${file}: it keeps changing hands`);
}
