/**
 * Peak memory comes from GNU time (`/usr/bin/time -v -o FILE`): its
 * "Maximum resident set size" is the kernel's ru_maxrss for the command,
 * which also covers every descendant the command waited for (the largest
 * single process, not the sum of concurrent ones).
 */

/** cpuSec = user + system time of the command and its waited-for children. */
export type TimeReport = { maxRssKb: number; cpuSec: number; exitStatus: number | undefined; signal: number | undefined };

/** Parses the text GNU time writes with -v; undefined when the report has no RSS line (time itself was killed). */
export function parseTimeV(text: string): TimeReport | undefined {
  const rss = /Maximum resident set size \(kbytes\):\s*(\d+)/.exec(text);
  if (!rss?.[1]) return undefined;
  const exit = /Exit status:\s*(\d+)/.exec(text);
  const sig = /Command terminated by signal\s+(\d+)/.exec(text);
  const user = /User time \(seconds\):\s*([\d.]+)/.exec(text);
  const sys = /System time \(seconds\):\s*([\d.]+)/.exec(text);
  return {
    maxRssKb: Number(rss[1]),
    cpuSec: Number(user?.[1] ?? 0) + Number(sys?.[1] ?? 0),
    exitStatus: exit?.[1] ? Number(exit[1]) : undefined,
    signal: sig?.[1] ? Number(sig[1]) : undefined,
  };
}

export function kbToMb(kb: number): number {
  return Math.round((kb / 1024) * 10) / 10;
}
