import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const LAUNCHER = path.join(import.meta.dirname, 'p2m.mjs');
const MAIN = path.join(import.meta.dirname, 'p2m.ts');
const REPORTER = path.join(import.meta.dirname, '../test/support/children/report-stripper.mjs');
// A temporary folder of the test's own, where the default compile cache goes (os.tmpdir() follows TMPDIR).
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'p2m-launcher-'));
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));
const { NODE_COMPILE_CACHE: _set, ...env } = process.env;

/** `node --import REPORTER entry --help`, its compile cache in the test's folder. */
function help(entry: string): { status: number | null; stdout: string; stripper: boolean } {
  const r = spawnSync(process.execPath, ['--import', REPORTER, entry, '--help'], {
    encoding: 'utf8',
    env: { ...env, TMPDIR: tmp },
  });
  return { status: r.status, stdout: r.stdout, stripper: r.stderr.includes('typescript stripper loaded: true') };
}

describe('the p2m launcher (package.json bin)', () => {
  it('runs the command line, and once warm loads no TypeScript stripper, which cli/p2m.ts itself always needs', () => {
    const cold = help(LAUNCHER);
    expect(cold.status).toBe(0);
    expect(cold.stdout).toContain('Usage:');
    const warm = help(LAUNCHER);
    expect(warm).toEqual({ ...cold, stripper: false });
    expect(fs.readdirSync(path.join(tmp, 'p2m-compile-cache')).length).toBeGreaterThan(0);
    expect(help(MAIN)).toMatchObject({ status: 0, stdout: cold.stdout, stripper: true });
  });
});
