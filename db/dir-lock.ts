/**
 * An exclusive lock file holding the owner's pid. PGlite keeps one process per
 * data directory; this makes a second process fail clearly instead of
 * corrupting the files. A lock left by a dead process is taken over.
 */
import { closeSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs';

export type DirLock = { path: string; release(): void };

export class DirLockedError extends Error {
  readonly pid: number;
  constructor(path: string, pid: number) {
    super(`${path} is held by running process ${pid}`);
    this.name = 'DirLockedError';
    this.pid = pid;
  }
}

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The pid holding the lock, or null when it is free or stale. */
export function lockHolder(path: string): number | null {
  try {
    const pid = Number(readFileSync(path, 'utf8').trim());
    return Number.isInteger(pid) && pid > 0 && pid !== process.pid && processAlive(pid) ? pid : null;
  } catch {
    return null;
  }
}

export function acquireDirLock(path: string): DirLock {
  for (let tries = 0; tries < 2; tries++) {
    try {
      const fd = openSync(path, 'wx', 0o600);
      writeSync(fd, String(process.pid));
      closeSync(fd);
      return { path, release: () => unlinkSync(path) };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const pid = lockHolder(path);
      if (pid !== null) throw new DirLockedError(path, pid);
      unlinkSync(path); // stale: its process is gone
    }
  }
  throw new Error(`could not acquire ${path}`);
}
