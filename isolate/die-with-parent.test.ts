import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const PARENT = fileURLToPath(new URL('../test/support/children/parent-of-busy-child.ts', import.meta.url));

// A dead child waits as a zombie until whoever adopted it reaps it, which
// some init processes do lazily: a zombie counts as gone.
const alive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  const stat = existsSync(`/proc/${pid}/stat`) ? readFileSync(`/proc/${pid}/stat`, 'utf8') : '';
  return !/^\d+ \(.*\) Z/.test(stat);
};

// Polls without a fixed delay: resolves as soon as `pid` is gone, or fails at the test timeout.
const gone = (pid: number): Promise<number> =>
  new Promise((resolve) => {
    const start = Date.now();
    const timer = setInterval(() => {
      if (!alive(pid)) {
        clearInterval(timer);
        resolve(Date.now() - start);
      }
    }, 20);
  });

describe('a child with a busy event loop', () => {
  it('dies within a second of its parent being killed (SIGKILL)', { timeout: 30_000 }, async () => {
    const parent = spawn(process.execPath, [PARENT], { stdio: ['ignore', 'pipe', 'inherit'] });
    const [line] = (await once(parent.stdout, 'data')) as [Buffer];
    const childPid = Number(/child (\d+)/.exec(String(line))?.[1]);
    try {
      expect(alive(childPid)).toBe(true);
      parent.kill('SIGKILL');
      expect(await gone(childPid)).toBeLessThan(1_000);
    } finally {
      if (alive(childPid)) process.kill(childPid, 'SIGKILL');
    }
  });
});
