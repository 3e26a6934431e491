/**
 * Where the CPU of a throughput phase goes (bench/scale/throughput.ts): the
 * user + system time of the API process, the worker processes, their
 * conversion children, PostgreSQL, Redis and this bench process (its pollers
 * and, for S3, the s3rver it hosts), read from /proc (Linux) at the start and
 * the end of the clock. A process that ended meanwhile counts through its
 * parent's reaped-children time when the parent is a worker; PostgreSQL
 * backends that ended are not counted. Elsewhere than Linux, every figure is 0.
 */
import { readdirSync, readFileSync } from 'node:fs';

/** CPU seconds by part. */
export type CpuParts = { api: number; workers: number; children: number; postgres: number; redis: number; bench: number };

type Stat = { pid: number; ppid: number; comm: string; own: number; reaped: number };

const TICKS = 100; // USER_HZ: clock ticks per second in /proc on Linux.

function readStat(pid: number): Stat | null {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const close = text.lastIndexOf(')');
    const comm = text.slice(text.indexOf('(') + 1, close);
    const f = text.slice(close + 2).split(' ');
    // Fields after the name: state ppid ... utime(12) stime(13) cutime(14) cstime(15), counted from 1 at pid.
    return { pid, ppid: Number(f[1]), comm, own: (Number(f[11]) + Number(f[12])) / TICKS, reaped: (Number(f[13]) + Number(f[14])) / TICKS };
  } catch {
    return null;
  }
}

function allStats(): Stat[] {
  let names: string[];
  try {
    names = readdirSync('/proc');
  } catch {
    return [];
  }
  return names.filter((n) => /^\d+$/.test(n)).map((n) => readStat(Number(n))).filter((s): s is Stat => s !== null);
}

/** Every descendant of `root` in `stats`. */
function descendants(root: number, stats: readonly Stat[]): Stat[] {
  const out: Stat[] = [];
  const frontier = [root];
  for (let p = frontier.pop(); p !== undefined; p = frontier.pop()) {
    for (const s of stats) {
      if (s.ppid !== p) continue;
      out.push(s);
      frontier.push(s.pid);
    }
  }
  return out;
}

const sum = (xs: readonly number[]): number => xs.reduce((a, b) => a + b, 0);

/** A snapshot of the parts' CPU seconds so far, for the API and worker processes given by pid. */
export function cpuNow(apiPid: number, workerPids: readonly number[]): CpuParts {
  const stats = allStats();
  const byPid = new Map(stats.map((s) => [s.pid, s]));
  const own = (pid: number): number => byPid.get(pid)?.own ?? 0;
  const api = own(apiPid) + (byPid.get(apiPid)?.reaped ?? 0) + sum(descendants(apiPid, stats).map((s) => s.own));
  const workers = sum(workerPids.map(own));
  const children = sum(workerPids.map((w) => (byPid.get(w)?.reaped ?? 0) + sum(descendants(w, stats).map((s) => s.own))));
  const named = (name: string): number => sum(stats.filter((s) => s.comm.startsWith(name)).map((s) => s.own));
  const me = process.cpuUsage();
  return { api, workers, children, postgres: named('postgres'), redis: named('redis-server'), bench: (me.user + me.system) / 1e6 };
}

/** The CPU each part used between two snapshots. */
export function cpuBetween(a: CpuParts, b: CpuParts): CpuParts {
  return {
    api: b.api - a.api, workers: b.workers - a.workers, children: b.children - a.children,
    postgres: b.postgres - a.postgres, redis: b.redis - a.redis, bench: b.bench - a.bench,
  };
}
