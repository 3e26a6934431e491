/**
 * A watchdog for converter child processes that counts the child's CPU time,
 * not the wall clock: a hang (a loop) burns CPU, while a child that merely
 * waits for a core on a loaded machine does not, so a busy CI box does not
 * turn slow files into false hangs. A wall-clock cap stays as the backstop
 * for a child stuck without using CPU.
 */
import type { ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';

const TICKS_PER_SECOND = 100; // USER_HZ on Linux

/** CPU seconds (user + system) a process has used, or null where /proc cannot tell. */
export function cpuSeconds(pid: number): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name, which is in parentheses and may hold spaces.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
  } catch {
    return null;
  }
}

export type Watchdog = { rearm(): void; stop(): void };

/**
 * Kills `child` (SIGKILL) and calls `onHang` when, since the last rearm, it has
 * used more than `cpuLimitS` CPU seconds or `wallLimitS` seconds have passed.
 */
export function watchCpu(child: ChildProcess, cpuLimitS: number, wallLimitS: number, onHang: () => void): Watchdog {
  let cpuAtArm = 0;
  let wallAtArm = Date.now();
  const check = () => {
    const cpu = child.pid === undefined ? null : cpuSeconds(child.pid);
    const overCpu = cpu !== null && cpu - cpuAtArm > cpuLimitS;
    const overWall = (Date.now() - wallAtArm) / 1000 > (cpu === null ? cpuLimitS : wallLimitS);
    if (overCpu || overWall) {
      clearInterval(timer);
      onHang();
      child.kill('SIGKILL');
    }
  };
  const timer = setInterval(check, 500);
  return {
    rearm() {
      cpuAtArm = (child.pid === undefined ? null : cpuSeconds(child.pid)) ?? 0;
      wallAtArm = Date.now();
    },
    stop: () => clearInterval(timer),
  };
}
