import fs from 'node:fs';
import os from 'node:os';

// Shared by the benchmarks that print percentiles with the load they ran under.

/** The q-quantile (0..1) of the values, nearest rank; 0 for none. */
export const quantile = (xs: number[], q: number): number => {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] ?? 0;
};

/** The 1, 5 and 15 minute load averages, e.g. "1.20 0.85 0.60": the figures mean little on a loaded machine. */
export const load = (): string =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');

/** The machine's CPU time so far from /proc/stat, in seconds: busy (everything but idle and iowait) and total. */
export function machineCpu(): { busy: number; total: number } {
  const fields = fs
    .readFileSync('/proc/stat', 'utf8')
    .split('\n')[0]
    .trim()
    .split(/\s+/)
    .slice(1)
    .map(Number);
  const total = fields.slice(0, 8).reduce((a, b) => a + b, 0);
  const idle = fields[3] + fields[4];
  return { busy: (total - idle) / ticks, total: total / ticks };
}

/** A process's user + system CPU time so far, in seconds (/proc/PID/stat fields 14 and 15); 0 once it is gone. */
export function processCpu(pid: number): number {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / ticks;
  } catch {
    return 0;
  }
}

// USER_HZ: 100 on every Linux this runs on (sysconf(_SC_CLK_TCK)).
const ticks = 100;
