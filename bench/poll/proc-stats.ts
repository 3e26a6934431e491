/**
 * CPU time of processes, read from /proc (Linux): how the benchmark shows
 * whether the load generator and the server each got the cores they needed.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';

let ticksPerSecond: number | null = null;

function clockTicks(): number {
  ticksPerSecond ??= Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
  return ticksPerSecond;
}

/** User + system CPU seconds of one process (all its threads), or 0 once it is gone. */
export function cpuSecondsOf(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name, which is in parentheses and may contain spaces.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / clockTicks();
  } catch {
    return 0;
  }
}

/** Pids of the processes whose command name is one of `names` (e.g. the PostgreSQL backends). */
export function pidsNamed(names: readonly string[]): number[] {
  const pids: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const comm = readFileSync(`/proc/${entry}/comm`, 'utf8').trim();
      if (names.includes(comm)) pids.push(Number(entry));
    } catch {
      // The process ended while we looked.
    }
  }
  return pids;
}

/** Total CPU seconds of a set of processes. */
export const cpuSecondsOfAll = (pids: readonly number[]): number =>
  pids.reduce((s, p) => s + cpuSecondsOf(p), 0);
