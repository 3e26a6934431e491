import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { makePdf } from '../test/support/pdf.ts';
import { runIsolated, type IsolatedRequest } from './run-isolated.ts';

const fixture = (name: string) => fileURLToPath(new URL(`../test/support/children/${name}`, import.meta.url));

async function request(extra: Partial<IsolatedRequest> = {}): Promise<IsolatedRequest> {
  return {
    data: new Uint8Array(await makePdf([['Isolated page one'], ['Isolated page two']])),
    ocr: 'off',
    timeBudgetMs: 60_000,
    maxPages: 100,
    limitMs: 60_000,
    memoryMb: 256,
    ...extra,
  };
}

describe('runIsolated', () => {
  it('converts in a child and reports progress', async () => {
    const progress: number[] = [];
    const out = await runIsolated(await request({ onProgress: (p) => progress.push(p.pagesDone) }));
    expect(out.kind).toBe('done');
    if (out.kind !== 'done') return;
    expect(out.result.markdown).toContain('Isolated page two');
    expect(out.result).toMatchObject({ pages: 2, pagesDone: 2, truncated: false });
    expect(progress.at(-1)).toBe(2);
  });

  it('leaves the engine\'s compiled modules in the compile cache, though the child is killed, not exited', async () => {
    const cache = join(mkdtempSync(join(tmpdir(), 'p2m-isolated-')), 'cache');
    const before = process.env.NODE_COMPILE_CACHE;
    process.env.NODE_COMPILE_CACHE = cache;
    try {
      expect((await runIsolated(await request())).kind).toBe('done');
    } finally {
      if (before === undefined) delete process.env.NODE_COMPILE_CACHE;
      else process.env.NODE_COMPILE_CACHE = before;
    }
    const entries = readdirSync(cache).flatMap((sub) => readdirSync(join(cache, sub)));
    // The engine is a few hundred modules; the child's entry script alone would leave a handful.
    expect(entries.length).toBeGreaterThan(100);
  });

  it('passes engine error codes through', async () => {
    const out = await runIsolated(
      await request({ data: new TextEncoder().encode('%PDF-1.7\ngarbage garbage') }),
    );
    expect(out).toMatchObject({ kind: 'failed', code: 'malformed_pdf' });
  });

  it('kills a child that overruns its wall-clock limit', async () => {
    const out = await runIsolated(await request({ childModule: fixture('hang-child.ts'), limitMs: 300 }));
    expect(out).toMatchObject({ kind: 'failed', code: 'conversion_timeout' });
  });

  it('reports a child that exhausts its heap as out_of_memory', async () => {
    const out = await runIsolated(await request({ childModule: fixture('oom-child.ts'), memoryMb: 64 }));
    expect(out).toMatchObject({ kind: 'failed', code: 'out_of_memory' });
  });

  it('reports a child that outgrows its resident memory limit as out_of_memory', async () => {
    const out = await runIsolated(await request({ childModule: fixture('rss-child.ts'), rssMb: 200 }));
    expect(out).toMatchObject({ kind: 'failed', code: 'out_of_memory', message: 'exceeded the 200 MB memory limit' });
  });

  it('a child killed from outside (the OOM killer) is transient, not the document\'s fault', async () => {
    const out = await runIsolated(await request({ childModule: fixture('killed-child.ts') }));
    expect(out).toMatchObject({ kind: 'transient', message: expect.stringContaining('SIGKILL') });
  });

  it('reports a child that crashes by itself as conversion_crashed', async () => {
    const out = await runIsolated(await request({ childModule: fixture('crash-child.ts') }));
    expect(out).toMatchObject({ kind: 'failed', code: 'conversion_crashed' });
  });

  it('stops at once when aborted', async () => {
    const ctl = new AbortController();
    const running = runIsolated(await request({ childModule: fixture('hang-child.ts'), signal: ctl.signal }));
    ctl.abort('shutdown');
    expect(await running).toEqual({ kind: 'aborted', reason: 'shutdown' });
  });
});
