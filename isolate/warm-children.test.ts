import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { childEnv } from './run-child.ts';
import { createWarmChildren, type WarmChildrenOptions } from './warm-children.ts';

const PID_CHILD = new URL('../test/support/children/pid-child.ts', import.meta.url);
const PARENT = new URL('../test/support/children/parent-of-warm-child.ts', import.meta.url);

type Answer = { type: 'done'; result: { markdown: string }; rssMb?: number };
const isAnswer = (m: unknown): m is Answer => typeof m === 'object' && m !== null && (m as { type?: unknown }).type === 'done';

const pool = (o: Partial<WarmChildrenOptions> = {}) =>
  createWarmChildren({ module: PID_CHILD, limits: { heapMb: 128, limitMs: 30_000 }, capacity: 1, reuse: 'tenant', maxJobs: 50, retireAboveMb: 400, idleMs: 60_000, ...o });

/** Runs one request of `tenant`; returns the serving child's pid and how many requests it has served. */
async function serve(children: ReturnType<typeof pool>, tenant: string, opts: { rssMb?: number; reusable?: boolean } = {}) {
  const child = children.acquire(tenant);
  const out = await child.session.run({ options: { reportRssMb: opts.rssMb } }, { isAnswer });
  if (out.kind !== 'answered') throw new Error(`child did not answer: ${out.kind}`);
  child.release({ reusable: opts.reusable ?? true, ...(out.message.rssMb !== undefined ? { rssMb: out.message.rssMb } : {}) });
  const [, pid, request] = /pid (\d+) request (\d+)/.exec(out.message.result.markdown) ?? [];
  return { pid: Number(pid), request: Number(request), reused: child.reused, alive: child.session.alive, markdown: out.message.result.markdown };
}

describe('warm conversion children', () => {
  it('serve the next request of the same tenant, and never another tenant’s', async () => {
    const children = pool();
    try {
      const a1 = await serve(children, 'account:a');
      const a2 = await serve(children, 'account:a');
      expect(a2).toMatchObject({ pid: a1.pid, request: 2, reused: true });
      const b1 = await serve(children, 'account:b');
      expect(b1.pid).not.toBe(a1.pid);
      expect(b1).toMatchObject({ request: 1, reused: false });
      // Capacity 1: making room for b's child ended a's.
      expect(a1.alive()).toBe(false);
      expect(children.stats()).toMatchObject({ started: 2, reused: 1, idle: 1 });
    } finally {
      await children.close();
    }
  });

  it('with reuse "any" one child serves every tenant; with "never" each request gets a fresh child', async () => {
    const any = pool({ reuse: 'any' });
    const never = pool({ reuse: 'never' });
    try {
      const [x, y] = [await serve(any, 'account:a'), await serve(any, 'device:d')];
      expect(y).toMatchObject({ pid: x.pid, request: 2 });
      const [p, q] = [await serve(never, 'account:a'), await serve(never, 'account:a')];
      expect(q.pid).not.toBe(p.pid);
      expect(p.alive()).toBe(false);
      expect(never.stats()).toMatchObject({ started: 2, reused: 0, idle: 0 });
    } finally {
      await any.close();
      await never.close();
    }
  });

  it('retire a child after maxJobs requests, above retireAboveMb, or when the caller says it failed', async () => {
    const children = pool({ maxJobs: 2, retireAboveMb: 300 });
    try {
      const first = await serve(children, 't');
      expect((await serve(children, 't')).pid).toBe(first.pid);
      const third = await serve(children, 't');
      expect(third.pid).not.toBe(first.pid);
      const heavy = await serve(children, 't', { rssMb: 301 });
      expect(heavy.pid).toBe(third.pid);
      const afterHeavy = await serve(children, 't', { reusable: false });
      expect(afterHeavy.pid).not.toBe(third.pid);
      expect((await serve(children, 't')).pid).not.toBe(afterHeavy.pid);
    } finally {
      await children.close();
    }
  });

  it('end an idle child after idleMs, and every idle child on close()', async () => {
    const children = pool({ idleMs: 200, capacity: 2 });
    const first = await serve(children, 't');
    expect(first.alive()).toBe(true);
    await new Promise((r) => setTimeout(r, 600));
    expect(first.alive()).toBe(false);
    const second = await serve(children, 't');
    children.close();
    expect(second.alive()).toBe(false);
    // A closed pool keeps nothing warm: a request still runs, in a fresh child that ends with it.
    const late = await serve(children, 't');
    expect(late.alive()).toBe(false);
  });

  it('a warm child waiting for work does not keep its parent process alive', async () => {
    const started = Date.now();
    const code = await new Promise<number | null>((resolve, reject) => {
      const p = spawn(process.execPath, [PARENT.pathname], { stdio: ['ignore', 'ignore', 'inherit'] });
      const kill = setTimeout(() => p.kill('SIGKILL'), 20_000);
      p.on('error', reject);
      p.on('exit', (c) => (clearTimeout(kill), resolve(c)));
    });
    expect(code).toBe(0);
    expect(Date.now() - started).toBeLessThan(15_000);
  });

  it('children inherit no credentials from the environment', async () => {
    const env = childEnv({ PATH: '/usr/bin', HOME: '/root', LC_ALL: 'C', NODE_OPTIONS: '--enable-source-maps', DATABASE_URL: 'postgres://u:p@h/db', P2M_SECRET_KEY: 'k', AWS_SECRET_ACCESS_KEY: 's', REDIS_URL: 'redis://x' });
    expect(Object.keys(env).sort()).toEqual(['HOME', 'LC_ALL', 'NODE_COMPILE_CACHE', 'NODE_OPTIONS', 'PATH']);
    const saved = { db: process.env.DATABASE_URL, key: process.env.P2M_SECRET_KEY };
    process.env.DATABASE_URL = 'postgres://user:hunter2@127.0.0.1/x';
    process.env.P2M_SECRET_KEY = 'hunter2';
    const children = pool();
    try {
      expect((await serve(children, 't')).markdown).toMatch(/secret none single (true|false)$/);
    } finally {
      await children.close();
      for (const [name, value] of [['DATABASE_URL', saved.db], ['P2M_SECRET_KEY', saved.key]] as const) {
        if (value === undefined) delete process.env[name];
        else process.env[name] = value;
      }
    }
  });
});
