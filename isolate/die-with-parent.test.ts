import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { startChild } from './run-child.ts';

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

// Polls without a fixed delay: the ms until `pid` is gone, or Infinity after 5 s.
const gone = (pid: number): Promise<number> =>
  new Promise((resolve) => {
    const start = Date.now();
    const timer = setInterval(() => {
      const waited = Date.now() - start;
      if (alive(pid) && waited < 5_000) return;
      clearInterval(timer);
      resolve(alive(pid) ? Infinity : waited);
    }, 20);
  });

/** Pids of the watcher shells (parent-watch.ts) watching `child`. */
const watchersOf = (child: number): number[] =>
  readdirSync('/proc').filter((d) => /^\d+$/.test(d)).flatMap((d) => {
    const argv = existsSync(`/proc/${d}/cmdline`) ? readFileSync(`/proc/${d}/cmdline`, 'utf8').split('\0') : [];
    return argv.includes('p2m-watch') && argv.includes(String(child)) ? [Number(d)] : [];
  });

/** The pids of the parent's two busy children, from its output. */
async function childPids(parent: ChildProcess): Promise<number[]> {
  let out = '';
  for await (const chunk of parent.stdout!) {
    out += String(chunk);
    const pids = [...out.matchAll(/child (\d+)\n/g)].map((m) => Number(m[1]));
    if (pids.length === 2) return pids;
  }
  throw new Error(`the parent ended first: ${out}`);
}

// Watched by a shell of the parent's (parent-watch.ts), or where the parent has none by a thread of the child's own.
describe.each([
  ['its parent\'s watcher', {}],
  ['its own thread', { P2M_PARENT_WATCH: 'thread' }],
])('a child with a busy event loop, watched by %s', (_how, env) => {
  it('dies within a second of its parent being killed (SIGKILL), as does its sibling', { timeout: 30_000 }, async () => {
    const parent = spawn(process.execPath, [PARENT], { stdio: ['ignore', 'pipe', 'inherit'], env: { ...process.env, ...env } });
    const pids = await childPids(parent);
    try {
      expect(pids.map(alive)).toEqual([true, true]);
      parent.kill('SIGKILL');
      const waits = await Promise.all(pids.map(gone));
      expect(Math.max(...waits)).toBeLessThan(1_000);
    } finally {
      for (const pid of pids) if (alive(pid)) process.kill(pid, 'SIGKILL');
    }
  });
});

describe("a parent's watcher", () => {
  it('leaves when its child ends, without killing anything', async () => {
    const child = startChild(new URL('../test/support/children/pid-child.ts', import.meta.url), { heapMb: 128, limitMs: 30_000 });
    const out = await child.run({ type: 'convert' }, { isAnswer: (m: unknown): m is { result: { markdown: string } } => (m as { type?: string }).type === 'done' });
    const pid = Number(/pid (\d+)/.exec(out.kind === 'answered' ? out.message.result.markdown : '')?.[1]);
    const watchers = watchersOf(pid);
    expect(watchers).toHaveLength(1);
    await child.stop();
    expect(await gone(watchers[0]!)).toBeLessThan(1_000);
  });
});
