import fs from 'node:fs';
import { sql } from 'kysely';
import type { DatabaseHandle } from '../../server/db/database';

/**
 * CPU seconds the PostgreSQL server has spent: the postmaster, its exited children and its live ones (the
 * backends), read from /proc, so only for a server on this machine. Null when it cannot be read.
 */
export async function serverCpu(handle: DatabaseHandle) {
  const { rows } = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(handle.db);
  // The fields after the ") " that ends the name: [1] ppid, [11..14] utime, stime, cutime, cstime (ticks).
  const stat = (pid: string | number) =>
    fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  const sum = (f: string[], from: number, to: number) => f.slice(from, to).reduce((a, b) => a + Number(b), 0);
  try {
    const postmaster = stat(rows[0].pid)[1];
    const read = () => {
      let ticks = sum(stat(postmaster), 11, 15);
      for (const pid of fs.readdirSync('/proc')) {
        if (!/^\d+$/.test(pid)) continue;
        try {
          const f = stat(pid);
          if (f[1] === postmaster) ticks += sum(f, 11, 13);
        } catch {
          // exited meanwhile: now in the postmaster's children time
        }
      }
      return ticks / 100;
    };
    return { start: read(), read };
  } catch {
    return null;
  }
}
