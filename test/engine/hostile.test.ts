/**
 * Every hostile PDF converts or fails with a specific EngineError code; none
 * hangs or crashes the process. Conversion runs in a child process so a hang
 * is detected by a per-file watchdog instead of stalling the test runner.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import readline from 'node:readline';
import { describe, expect, it } from 'vitest';
import { corpusPath } from '../support/corpus.ts';

const DIR = corpusPath('hostile');
/** A file that produces no result within this long counts as a hang. */
const FILE_WATCHDOG_MS = 60_000;

type Result = { file: string; ok: boolean; code?: string; pages?: number; chars?: number; ms: number };

function manifest(): Map<string, { category: string; expected: string }> {
  const rows = fs.readFileSync(path.join(DIR, 'manifest.tsv'), 'utf8').trim().split('\n').slice(1);
  return new Map(rows.map((r) => {
    const [file = '', , , category = '', expected = ''] = r.split('\t');
    return [file, { category, expected }];
  }));
}

function runAll(files: string[]): Promise<{ results: Result[]; exit: number | null; hung?: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [path.join(import.meta.dirname, 'hostile-runner.ts'), ...files], { stdio: ['ignore', 'pipe', 'ignore'] });
    const results: Result[] = [];
    let hung: string | undefined;
    let timer: NodeJS.Timeout;
    const arm = () => {
      clearTimeout(timer);
      timer = setTimeout(() => { hung = files[results.length]; child.kill('SIGKILL'); }, FILE_WATCHDOG_MS);
    };
    arm();
    readline.createInterface({ input: child.stdout }).on('line', (l) => { results.push(JSON.parse(l) as Result); arm(); });
    child.on('exit', (exit) => { clearTimeout(timer); resolve({ results, exit, hung }); });
  });
}

describe('hostile inputs', () => {
  it('convert or fail with a specific code, without hangs or crashes', { timeout: 30 * 60_000 }, async () => {
    const meta = manifest();
    const files = [...meta.keys()].map((f) => path.join(DIR, f));
    const { results, exit, hung } = await runAll(files);
    expect(hung, `hung on ${hung}`).toBeUndefined();
    expect(exit).toBe(0);
    expect(results).toHaveLength(files.length);
    for (const r of results) {
      const m = meta.get(path.basename(r.file))!;
      if (r.ok) continue;
      expect(r.code, r.file).not.toBe('not_engine_error');
      expect(r.code, r.file).not.toBe('engine_failure');
      if (m.category.startsWith('encrypted-needs-password')) expect(r.code, r.file).toBe('encrypted_pdf');
      // An empty user password (or encryption of attachments only) must never be reported as "needs a password".
      expect(m.category, r.file).not.toBe('encrypted-empty-user-password');
    }
    // Clean-error files must not silently "convert" into text, except zero-page ones (empty output is fine).
    for (const r of results.filter((x) => x.ok)) {
      const m = meta.get(path.basename(r.file))!;
      if (m.expected === 'clean-error' && m.category !== 'zero-pages') expect(r.chars, r.file).toBeLessThan(200);
    }
    const converted = results.filter((r) => r.ok && meta.get(path.basename(r.file))!.expected === 'converts').length;
    const expectedToConvert = [...meta.values()].filter((m) => m.expected === 'converts').length;
    // pdf.js refuses one 93-byte truncated file that pdfium opens as a blank page; it fails cleanly.
    expect(converted).toBeGreaterThanOrEqual(expectedToConvert - 1);
  });
});
