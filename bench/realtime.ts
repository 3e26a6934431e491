/**
 * How a benchmark run was scheduled, for its report. On a machine shared with
 * other work, `chrt -r N npm run …` gives the run (and its children, which
 * inherit the policy) the cores it would have on a quiet machine; the report's
 * command line then says so.
 */
import { readFileSync } from 'node:fs';

/** `chrt -r N ` (or `-f`) when this process has a real-time scheduling policy, else ''. */
export function realtimePrefix(): string {
  try {
    const stat = readFileSync('/proc/self/stat', 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // Fields 40 and 41 of proc(5): rt_priority and policy (1 FIFO, 2 RR).
    const [priority, policy] = [Number(fields[37]), Number(fields[38])];
    if (policy === 1) return `chrt -f ${priority} `;
    if (policy === 2) return `chrt -r ${priority} `;
  } catch {
    // Not Linux: no policy to report.
  }
  return '';
}
