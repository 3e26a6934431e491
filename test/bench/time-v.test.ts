import { describe, expect, it } from 'vitest';
import { kbToMb, parseTimeV } from '../../bench/time-v.ts';

// Trimmed from a real `/usr/bin/time -v -o FILE` report (GNU time 1.9).
const NORMAL = `\tCommand being timed: "setsid pdftotext a.pdf a.md"
\tUser time (seconds): 0.04
\tSystem time (seconds): 0.01
\tElapsed (wall clock) time (h:mm:ss or m:ss): 0:00.05
\tMaximum resident set size (kbytes): 11264
\tExit status: 0
`;
const KILLED = `Command terminated by signal 9
\tCommand being timed: "setsid python driver.py"
\tMaximum resident set size (kbytes): 345678
\tExit status: 0
`;

describe('parseTimeV', () => {
  it('reads peak RSS and exit status', () => {
    expect(parseTimeV(NORMAL)).toEqual({ maxRssKb: 11264, cpuSec: 0.05, exitStatus: 0, signal: undefined });
  });

  it('reads the signal of a killed worker', () => {
    expect(parseTimeV(KILLED)).toMatchObject({ maxRssKb: 345678, signal: 9 });
  });

  it('returns undefined when there is no report', () => {
    expect(parseTimeV('')).toBeUndefined();
    expect(parseTimeV('time: cannot run foo: No such file or directory')).toBeUndefined();
  });

  it('converts kB to MB with one decimal', () => {
    expect(kbToMb(11264)).toBe(11);
    expect(kbToMb(409600 + 512)).toBe(400.5);
  });
});
