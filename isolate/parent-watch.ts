/**
 * Parent side of a child's death with its parent. Each child gets a watcher:
 * a `/bin/sh` blocked reading a pipe whose only writer is this process. The
 * child ending (its 'exit') is written as `done`, and the watcher leaves. If
 * this process dies first, SIGKILL included, the kernel closes the pipe, the
 * watcher's read ends empty, and it SIGKILLs the child: at once, even while
 * the child's event loop is busy in one long page.
 *
 * The child's own watchdog thread (die-with-parent.ts) did the same by
 * polling its parent's pid, at about 70 ms of CPU per child (a thread is a
 * Node environment of its own, about 1.4 % of a batch's CPU); a waiting shell
 * costs about a millisecond and nothing while it waits. Where there is no
 * `/bin/sh` (Windows), or with `P2M_PARENT_WATCH=thread` in this process's
 * environment, the child starts its thread as before: the child is told
 * which by the same variable (`sh`).
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';

/** Set to `sh` in a child's environment when its parent watches it this way; `thread` in a parent's: never. */
export const WATCH_ENV = 'P2M_PARENT_WATCH';

const SHELL = '/bin/sh';
/** Reads one line; anything but `done` (end of file: the parent is gone) kills the child whose pid is $1. */
const SCRIPT = 'read -r line; [ "$line" = done ] || kill -9 "$1" 2>/dev/null';

let shell: boolean | undefined;

/** Whether children can be watched by a shell here. */
export function canWatch(): boolean {
  return (shell ??= process.platform !== 'win32' && process.env[WATCH_ENV] !== 'thread' && existsSync(SHELL));
}

/** A child's watcher: `release` once the child has exited; `gone` settles when the watcher has left too. */
export type Watcher = { release(): void; gone: Promise<void> };

/**
 * Starts the watcher of child `pid`. It holds nothing of this process's event
 * loop until released; then it holds it until it has left, so no watcher
 * outlives the command that started it.
 */
export function watchChild(pid: number): Watcher {
  const watcher = spawn(SHELL, ['-c', SCRIPT, 'p2m-watch', String(pid)], { stdio: ['pipe', 'ignore', 'ignore'] });
  // A watcher that failed or left early can only fail to kill; never an unhandled error in the parent.
  watcher.on('error', () => undefined);
  watcher.stdin?.on('error', () => undefined);
  const gone = new Promise<void>((resolve) => {
    watcher.once('close', () => resolve());
    watcher.once('error', () => resolve());
  });
  watcher.unref();
  (watcher.stdin as unknown as { unref?(): void } | null)?.unref?.();
  let released = false;
  return {
    gone,
    release() {
      if (released) return;
      released = true;
      // Held from here until it leaves (a moment): this process does not end before its watcher.
      watcher.ref();
      watcher.stdin?.end('done\n');
    },
  };
}
