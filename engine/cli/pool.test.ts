import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { runTasks, WORKER_SCRIPT } from './pool.ts';
import { batchLimits, LARGE_FILE_BYTES, LEAN_LIMITS, MAGLEV_LANE_BYTES } from './child-limits.ts';
import type { FileOutcome } from './convert-file.ts';

async function writePdf(file: string, text: string): Promise<void> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  pdf.addPage([300, 300]).drawText(text, { x: 20, y: 250, size: 12, font });
  fs.writeFileSync(file, await pdf.save());
}

const CRASHING = new URL('../../test/engine/fixtures/crashing-convert-worker.ts', import.meta.url);
const PID = new URL('../../test/engine/fixtures/pid-convert-worker.ts', import.meta.url);
const HANGING = new URL('../../test/engine/fixtures/hanging-convert-worker.ts', import.meta.url);
const FLAGS = new URL('../../test/engine/fixtures/flags-convert-worker.ts', import.meta.url);

describe('runTasks with child processes', () => {
  it('reports a file whose converter process died and converts every other file on fresh children', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'p2m-pool-'));
    const names = ['a', 'crash-1', 'b', 'crash-2', 'c', 'd'];
    for (const n of names) await writePdf(path.join(dir, `${n}.pdf`), `Document ${n}`);
    const tasks = names.map((n) => ({ input: path.join(dir, `${n}.pdf`), output: path.join(dir, `${n}.md`) }));
    const outcomes: FileOutcome[] = [];
    await runTasks(tasks, { opts: { ocr: 'off' }, jobs: 2, onDone: (o) => outcomes.push(o), script: CRASHING });

    expect(outcomes).toHaveLength(names.length);
    const failed = outcomes.filter((o) => !o.ok).map((o) => path.basename(o.input)).sort();
    expect(failed).toEqual(['crash-1.pdf', 'crash-2.pdf']);
    for (const o of outcomes.filter((x) => !x.ok)) expect(o).toMatchObject({ code: 'engine_failure', message: expect.stringContaining('SIGKILL') });
    for (const n of ['a', 'b', 'c', 'd']) expect(fs.readFileSync(path.join(dir, `${n}.md`), 'utf8')).toContain(`Document ${n}`);
  });

  it('stops a file at the time limit of the shared runner and reports conversion_timeout', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'p2m-pool-'));
    const tasks = ['x', 'y'].map((n) => ({ input: path.join(dir, `${n}.pdf`), output: path.join(dir, `${n}.md`) }));
    const outcomes: FileOutcome[] = [];
    const limits = { heapMb: 128, limitMs: 300 };
    await runTasks(tasks, { opts: { ocr: 'off' }, jobs: 2, onDone: (o) => outcomes.push(o), script: HANGING, limits });
    expect(outcomes.map((o) => (o.ok ? 'ok' : o.code))).toEqual(['conversion_timeout', 'conversion_timeout']);
  });

  it('with --jobs 1, a single file too runs in a child under the limits, never in this process', async () => {
    const outcomes: FileOutcome[] = [];
    await runTasks([{ input: 'only.pdf', output: null }], { opts: { ocr: 'off' }, jobs: 1, onDone: (o) => outcomes.push(o), script: PID });
    expect(outcomes).toHaveLength(1);
    const pid = outcomes[0]!.ok ? outcomes[0]!.markdown : '';
    expect(pid).toMatch(/\d+/);
    expect(pid).not.toContain(String(process.pid));
    const hung: FileOutcome[] = [];
    const limits = { heapMb: 128, limitMs: 300 };
    await runTasks([{ input: 'x.pdf', output: null }], { opts: { ocr: 'off' }, jobs: 1, onDone: (o) => hung.push(o), script: HANGING, limits });
    expect(hung.map((o) => (o.ok ? 'ok' : o.code))).toEqual(['conversion_timeout']);
  });

  it('starts a large file\'s child with a bounded heap growth and young generation, so a long document\'s garbage does not quadruple its heap', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'p2m-pool-'));
    const large = path.join(dir, 'large.pdf');
    fs.writeFileSync(large, Buffer.alloc(LARGE_FILE_BYTES));
    const outcomes: FileOutcome[] = [];
    await runTasks([{ input: large, output: null }], { opts: { ocr: 'off' }, jobs: 2, onDone: (o) => outcomes.push(o), script: FLAGS });
    const flags = outcomes[0]!.ok ? outcomes[0]!.markdown : '';
    expect(flags).toContain(`--heap-growing-percent=${LEAN_LIMITS.heapGrowthPercent}`);
    expect(flags).toContain(`--max-old-space-size=${LEAN_LIMITS.heapMb}`);
    expect(flags).toContain(`--max-semi-space-size=${LEAN_LIMITS.semiSpaceMb}`);
    expect(flags).not.toContain('--single-threaded');
  });

  it('starts a small file\'s child with V8\'s own heap growth, and single-threaded only when the lanes fill the cores', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'p2m-pool-'));
    const tasks = ['a', 'b', 'c', 'd'].map((n) => ({ input: path.join(dir, `${n}.pdf`), output: null }));
    for (const t of tasks) fs.writeFileSync(t.input, Buffer.alloc(1000));
    const run = async (jobs: number): Promise<string[]> => {
      const outcomes: FileOutcome[] = [];
      await runTasks(tasks, { opts: { ocr: 'off' }, jobs, onDone: (o) => outcomes.push(o), script: FLAGS });
      return outcomes.map((o) => (o.ok ? o.markdown ?? '' : o.code));
    };
    const filled = await run(os.availableParallelism());
    for (const flags of filled) {
      expect(flags).not.toContain('--heap-growing-percent');
      expect(flags).toContain('--max-semi-space-size=');
    }
    expect(filled.every((f) => f.includes('--single-threaded'))).toBe(true);
    if (os.availableParallelism() > 1) expect((await run(1)).some((f) => f.includes('--single-threaded'))).toBe(false);
  });

  it('stops a small file\'s child at Maglev only while each lane has little to convert', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'p2m-pool-'));
    const small = path.join(dir, 'small.pdf');
    fs.writeFileSync(small, Buffer.alloc(1000));
    const outcomes: FileOutcome[] = [];
    await runTasks([{ input: small, output: null }], { opts: { ocr: 'off' }, jobs: 1, onDone: (o) => outcomes.push(o), script: FLAGS });
    expect(outcomes[0]!.ok ? outcomes[0]!.markdown : '').toContain('--max-opt=2');
    const quick = (bytes: number) => batchLimits({ lanes: 2, bytes }, 2)(1000);
    expect(quick(2 * MAGLEV_LANE_BYTES - 1).topTier).toBe('maglev');
    expect(quick(2 * MAGLEV_LANE_BYTES).topTier).toBeUndefined();
    expect(batchLimits({ lanes: 1, bytes: 1000 }, 2)(LARGE_FILE_BYTES).topTier).toBeUndefined();
  });

  it('gives a lane a new child when it goes on from large files to small ones, and none after', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'p2m-pool-'));
    const sizes = { big1: LARGE_FILE_BYTES + 2, big2: LARGE_FILE_BYTES, s1: 3000, s2: 2000, s3: 1000 };
    const tasks = Object.entries(sizes).map(([n, size]) => {
      fs.writeFileSync(path.join(dir, `${n}.pdf`), Buffer.alloc(size));
      return { input: path.join(dir, `${n}.pdf`), output: null };
    });
    const outcomes: FileOutcome[] = [];
    await runTasks(tasks, { opts: { ocr: 'off' }, jobs: 1, onDone: (o) => outcomes.push(o), script: PID });
    const pids = outcomes.map((o) => (o.ok ? o.markdown : o.code));
    expect(outcomes.map((o) => path.basename(o.input))).toEqual(['big1.pdf', 'big2.pdf', 's1.pdf', 's2.pdf', 's3.pdf']);
    expect(pids[0]).toBe(pids[1]);
    expect(pids[2]).not.toBe(pids[1]);
    expect(new Set(pids.slice(2)).size).toBe(1);
  });

  it('converts the same with its children bundled as from their sources', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'p2m-pool-'));
    await writePdf(path.join(dir, 'a.pdf'), 'Bundled or not');
    const convertWith = async (script?: URL): Promise<string> => {
      const outcomes: FileOutcome[] = [];
      const task = { input: path.join(dir, 'a.pdf'), output: null };
      await runTasks([task], { opts: { ocr: 'off' }, jobs: 1, onDone: (o) => outcomes.push(o), ...(script ? { script } : {}) });
      return outcomes[0]?.ok ? (outcomes[0].markdown ?? '') : 'failed';
    };
    const bundled = await convertWith();
    expect(bundled).toContain('Bundled or not');
    expect(await convertWith(WORKER_SCRIPT)).toBe(bundled);
  });

  it('keeps one child per lane for many files (the engine loads once per lane)', async () => {
    const tasks = Array.from({ length: 8 }, (_, i) => ({ input: `f${i}.pdf`, output: null }));
    const outcomes: FileOutcome[] = [];
    await runTasks(tasks, { opts: { ocr: 'off' }, jobs: 2, onDone: (o) => outcomes.push(o), script: PID });
    expect(outcomes).toHaveLength(8);
    const pids = new Set(outcomes.map((o) => (o.ok ? o.markdown : o.code)));
    expect(pids.size).toBe(2);
  });

  it('has reaped its children when it returns, so the caller\'s child usage (GNU time) counts their CPU and memory', async () => {
    const tasks = Array.from({ length: 4 }, (_, i) => ({ input: `f${i}.pdf`, output: null }));
    const outcomes: FileOutcome[] = [];
    await runTasks(tasks, { opts: { ocr: 'off' }, jobs: 2, onDone: (o) => outcomes.push(o), script: PID });
    const pids = [...new Set(outcomes.map((o) => Number(o.ok ? o.markdown : NaN)))];
    expect(pids).toHaveLength(2);
    // An unreaped child is a zombie, which still answers signal 0.
    const exists = (pid: number): boolean => {
      try {
        process.kill(pid, 0);
        return true;
      } catch {
        return false;
      }
    };
    expect(pids.filter(exists)).toEqual([]);
  });

  it('retires a child left larger than the limit after its file, and the lane goes on with a fresh one', async () => {
    const tasks = Array.from({ length: 4 }, (_, i) => ({ input: `f${i}.pdf`, output: null }));
    const outcomes: FileOutcome[] = [];
    // Every process is above 1 MiB: each file gets a child of its own.
    await runTasks(tasks, { opts: { ocr: 'off' }, jobs: 1, onDone: (o) => outcomes.push(o), script: PID, retireAboveMb: 1 });
    expect(outcomes.every((o) => o.ok)).toBe(true);
    expect(new Set(outcomes.map((o) => (o.ok ? o.markdown : o.code))).size).toBe(4);
  });

  it('leaves the engine\'s compiled modules in the compile cache, though its children are killed, not exited', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'p2m-pool-'));
    await writePdf(path.join(dir, 'a.pdf'), 'Document a');
    const cache = path.join(dir, 'cache');
    const before = process.env.NODE_COMPILE_CACHE;
    process.env.NODE_COMPILE_CACHE = cache;
    try {
      const outcomes: FileOutcome[] = [];
      await runTasks([{ input: path.join(dir, 'a.pdf'), output: null }], { opts: { ocr: 'off' }, jobs: 1, onDone: (o) => outcomes.push(o) });
      expect(outcomes[0]?.ok).toBe(true);
    } finally {
      if (before === undefined) delete process.env.NODE_COMPILE_CACHE;
      else process.env.NODE_COMPILE_CACHE = before;
    }
    const sizes = fs.readdirSync(cache).flatMap((sub) => fs.readdirSync(path.join(cache, sub)).map((f) => fs.statSync(path.join(cache, sub, f)).size));
    // The engine's compiled code is a few hundred KB, from its bundle or from its modules; the worker script alone would leave a few KB.
    expect(sizes.reduce((a, b) => a + b, 0)).toBeGreaterThan(100_000);
  });
});
