import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { childEnv, startChild } from './run-child.ts';

const REPORTER = new URL('../test/support/children/compile-cache-reporter.ts', import.meta.url);
const isAnswer = (m: unknown): m is { type: 'cache'; dir: string | null } =>
  typeof m === 'object' && m !== null && (m as { type?: unknown }).type === 'cache';

const FLAGS = new URL('../test/support/children/flags-child.ts', import.meta.url);
const isFlags = (m: unknown): m is { type: 'flags'; execArgv: string[] } =>
  typeof m === 'object' && m !== null && (m as { type?: unknown }).type === 'flags';

describe('a child\'s V8 flags follow its limits', () => {
  it('runs single-threaded only when asked, with its heap limits either way', async () => {
    for (const singleThreaded of [false, true]) {
      const child = startChild(FLAGS, { heapMb: 128, limitMs: 30_000, heapGrowthPercent: 50, ...(singleThreaded ? { singleThreaded } : {}) });
      try {
        const out = await child.run({ type: 'ask' }, { isAnswer: isFlags });
        expect(out.kind).toBe('answered');
        if (out.kind !== 'answered') return;
        expect(out.message.execArgv).toContain('--max-old-space-size=128');
        expect(out.message.execArgv).toContain('--heap-growing-percent=50');
        expect(out.message.execArgv.includes('--single-threaded')).toBe(singleThreaded);
        expect(out.message.execArgv.some((f) => f.startsWith('--max-opt'))).toBe(false);
      } finally {
        child.close();
      }
    }
  });

  it('stops at Maglev when asked', async () => {
    const child = startChild(FLAGS, { heapMb: 128, limitMs: 30_000, topTier: 'maglev' });
    try {
      const out = await child.run({ type: 'ask' }, { isAnswer: isFlags });
      expect(out.kind === 'answered' && out.message.execArgv).toContain('--max-opt=2');
    } finally {
      child.close();
    }
  });
});

describe('child processes keep compiled code between starts', () => {
  it('defaults the compile cache to a folder of their own, and leaves a chosen one alone', () => {
    expect(childEnv({}).NODE_COMPILE_CACHE).toBe(path.join(os.tmpdir(), 'p2m-compile-cache'));
    expect(childEnv({ NODE_COMPILE_CACHE: '/srv/cache' }).NODE_COMPILE_CACHE).toBe('/srv/cache');
  });

  it('a forked child runs with the compile cache on, and fills it', async () => {
    const child = startChild(REPORTER, { heapMb: 128, limitMs: 30_000 });
    try {
      const out = await child.run({ type: 'ask' }, { isAnswer });
      expect(out.kind).toBe('answered');
      if (out.kind !== 'answered') return;
      expect(out.message.dir).toBeTruthy();
      expect(fs.readdirSync(out.message.dir as string).length).toBeGreaterThan(0);
    } finally {
      child.close();
    }
  });
});
