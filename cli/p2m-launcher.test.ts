import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { makePdf } from '../test/support/pdf.ts';

const LAUNCHER = path.join(import.meta.dirname, 'p2m.mjs');
const MAIN = path.join(import.meta.dirname, 'p2m.ts');
const REPORTER = path.join(import.meta.dirname, '../test/support/children/report-stripper.mjs');
const PACKAGES = path.join(import.meta.dirname, '../test/support/children/report-packages.mjs');
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

  // Every file of a batch waits for the parent to start its children; zod alone (for one error's class) was about
  // ninety modules loaded first.
  it('p2m convert loads no package in the parent before its children convert', async () => {
    const pdf = path.join(tmp, 'one.pdf');
    fs.writeFileSync(pdf, await makePdf([['Startup check', 'A line of text.']]));
    const out = path.join(tmp, 'one.md');
    const r = spawnSync(process.execPath, ['--import', PACKAGES, LAUNCHER, 'convert', pdf, '-o', out], {
      encoding: 'utf8',
      // From the sources: a stale bundle would be rebuilt with esbuild, a package this test does not look at.
      env: { ...env, TMPDIR: tmp, P2M_CHILD_BUNDLE: 'off' },
    });
    expect(r.status, r.stderr).toBe(0);
    expect(fs.readFileSync(out, 'utf8')).toContain('Startup check');
    expect(r.stderr).toContain('packages loaded: []');
  });
});
