/**
 * Every hostile PDF converts or fails with a specific EngineError code; none
 * hangs or crashes the process. One test per file, each converting in its own
 * child process under a watchdog, so a hang is detected instead of stalling
 * the runner, and the files spread over the concurrent slots.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import readline from 'node:readline';
import { afterAll, describe, expect, it } from 'vitest';
import { corpusDir } from '../support/corpus.ts';
import { watchCpu } from './cpu-watchdog.ts';

const DIR = corpusDir('hostile');
/** A file whose converter uses this much CPU without a result counts as a hang (wall-clock backstop: 5 minutes). */
const FILE_CPU_LIMIT_S = 60;
const FILE_WALL_LIMIT_S = 300;

type Result = { file: string; ok: boolean; code?: string; pages?: number; chars?: number; ms: number };
type Meta = { category: string; expected: string };

function manifest(dir: string): Map<string, Meta> {
  const rows = fs.readFileSync(path.join(dir, 'manifest.tsv'), 'utf8').trim().split('\n').slice(1);
  return new Map(rows.map((r) => {
    const [file = '', , , category = '', expected = ''] = r.split('\t');
    return [file, { category, expected }];
  }));
}

/** Converts one file in hostile-runner.ts; a file with no result within the watchdog is a hang. */
function runOne(file: string): Promise<{ result?: Result; exit: number | null; hung: boolean }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [path.join(import.meta.dirname, 'hostile-runner.ts'), file], { stdio: ['ignore', 'pipe', 'ignore'] });
    let result: Result | undefined;
    let hung = false;
    const watchdog = watchCpu(child, FILE_CPU_LIMIT_S, FILE_WALL_LIMIT_S, () => { hung = true; });
    readline.createInterface({ input: child.stdout }).on('line', (l) => { result = JSON.parse(l) as Result; });
    child.on('exit', (exit) => { watchdog.stop(); resolve({ result, exit, hung }); });
  });
}

function expectSpecific(r: Result, m: Meta): void {
  if (r.ok) {
    // Clean-error files must not silently "convert" into text, except zero-page ones (empty output is fine).
    if (m.expected === 'clean-error' && m.category !== 'zero-pages') expect(r.chars, r.file).toBeLessThan(200);
    return;
  }
  expect(r.code, r.file).not.toBe('not_engine_error');
  expect(r.code, r.file).not.toBe('engine_failure');
  if (m.category.startsWith('encrypted-needs-password')) expect(r.code, r.file).toBe('encrypted_pdf');
  // An empty user password (or encryption of attachments only) must never be reported as "needs a password".
  expect(m.category, r.file).not.toBe('encrypted-empty-user-password');
}

describe.skipIf(!DIR)('hostile inputs', () => {
  const meta = DIR ? manifest(DIR) : new Map<string, Meta>();
  const converted: string[] = [];

  it.concurrent.each([...meta.keys()])('%s converts or fails with a specific code, without a hang or crash', { timeout: (FILE_WALL_LIMIT_S + 30) * 1000 }, async (name) => {
    const { result, exit, hung } = await runOne(path.join(DIR!, name));
    expect(hung, `hung on ${name}`).toBe(false);
    expect(exit, `${name} crashed its converter`).toBe(0);
    expect(result, name).toBeDefined();
    expectSpecific(result!, meta.get(name)!);
    if (result!.ok && meta.get(name)!.expected === 'converts') converted.push(name);
  });

  afterAll(() => {
    const expectedToConvert = [...meta.values()].filter((m) => m.expected === 'converts').length;
    // pdf.js refuses one 93-byte truncated file that pdfium opens as a blank page; it fails cleanly.
    expect(converted.length).toBeGreaterThanOrEqual(expectedToConvert - 1);
  });
});
