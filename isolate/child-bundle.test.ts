import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { childEntry } from './child-bundle.ts';
import { WORKER_SCRIPT } from '../engine/cli/pool.ts';
import { DEFAULT_CHILD } from '../worker/run-isolated.ts';

// A small tree of modules: the entry prints what each module sees of import.meta, and a package's export.
const ENTRY = `import { helper } from './lib/helper.ts';
import { z } from 'zod';
console.log(JSON.stringify({ entryMain: import.meta.main, entryUrl: import.meta.url, ...helper(), zod: typeof z.string }));
`;
const helperSource = (value: string): string => `export function helper(): Record<string, unknown> {
  const dirname: string = import.meta.dirname;
  return { helperMain: import.meta.main, helperUrl: import.meta.url, helperDir: dirname, value: '${value}' };
}
`;

const made: string[] = [];
afterEach(() => {
  for (const p of made.splice(0)) fs.rmSync(p, { recursive: true, force: true });
});

/** Inside the checkout (its ignored tmp/), so that the sources too find the packages they import. */
const SOURCES = new URL('../tmp/', import.meta.url);

function tree(value = 'one'): { entry: string; helper: string } {
  fs.mkdirSync(SOURCES, { recursive: true });
  const dir = fs.mkdtempSync(path.join(SOURCES.pathname, 'bundle-src-'));
  made.push(dir);
  fs.mkdirSync(path.join(dir, 'lib'));
  fs.writeFileSync(path.join(dir, 'entry.ts'), ENTRY);
  fs.writeFileSync(path.join(dir, 'lib', 'helper.ts'), helperSource(value));
  return { entry: path.join(dir, 'entry.ts'), helper: path.join(dir, 'lib', 'helper.ts') };
}

/** Bundles into the default folder (where packages resolve), removing the bundle after the test. */
async function bundle(entry: string, settledMs = 0): ReturnType<typeof childEntry> {
  const out = await childEntry(entry, { settledMs });
  if (out.bundled) made.push(out.module);
  return out;
}

const run = (module: string): Record<string, unknown> =>
  JSON.parse(execFileSync(process.execPath, [module], { encoding: 'utf8' })) as Record<string, unknown>;

describe('a child entry bundled into one module', () => {
  it('runs as its sources do: each module keeps its own import.meta, only the entry is main, packages resolve', async () => {
    const { entry, helper } = tree();
    const out = await bundle(entry);
    expect(out).toMatchObject({ bundled: true });
    expect(out.module).not.toBe(entry);
    const fromBundle = run(out.module);
    expect(fromBundle).toEqual(run(entry));
    expect(fromBundle).toMatchObject({
      entryMain: true,
      helperMain: false,
      helperUrl: pathToFileURL(helper).href,
      helperDir: path.dirname(helper),
      zod: 'function',
    });
  });

  it('is reused while its sources are unchanged, and rebuilt when one changes', async () => {
    const { entry, helper } = tree('one');
    const first = await bundle(entry);
    const built = fs.statSync(first.module).mtimeMs;
    const again = await bundle(entry);
    expect(again.module).toBe(first.module);
    expect(fs.statSync(again.module).mtimeMs).toBe(built);

    fs.writeFileSync(helper, helperSource('two'));
    const rebuilt = await bundle(entry);
    expect(rebuilt).toMatchObject({ bundled: true, module: first.module });
    expect(run(rebuilt.module)).toMatchObject({ value: 'two' });
  });

  it('is not written from sources changed while it was built: the entry runs from source', async () => {
    const { entry } = tree();
    // Every source was written just now, inside the window a build treats as unsettled.
    const out = await bundle(entry, 60_000);
    expect(out).toMatchObject({
      bundled: false,
      module: entry,
      reason: expect.stringContaining('changed while'),
    });
  });

  it('falls back to the entry when turned off, on a build error, on an unkept import.meta, and in a folder others can write', async () => {
    const { entry, helper } = tree();
    expect(await childEntry(entry, { env: { P2M_CHILD_BUNDLE: 'off' } })).toEqual({
      module: entry,
      bundled: false,
      reason: 'P2M_CHILD_BUNDLE=off',
    });

    const shared = fs.mkdtempSync(path.join(os.tmpdir(), 'p2m-bundle-dir-'));
    made.push(shared);
    fs.chmodSync(shared, 0o777);
    expect(await childEntry(entry, { dir: shared, settledMs: 0 })).toMatchObject({
      bundled: false,
      module: entry,
      reason: expect.stringContaining('writable by others'),
    });
    expect(fs.readdirSync(shared)).toEqual([]);

    fs.writeFileSync(
      helper,
      `export function helper() { return { where: import.meta.resolve('./x.ts') }; }\n`,
    );
    expect(await bundle(entry)).toMatchObject({
      bundled: false,
      module: entry,
      reason: expect.stringContaining('import.meta'),
    });

    fs.writeFileSync(helper, 'export function helper( {\n');
    expect(await bundle(entry)).toMatchObject({ bundled: false, module: entry });
  });

  it('holds the engine: the conversion children of `p2m convert` and of the worker are bundled', async () => {
    for (const entry of [WORKER_SCRIPT, DEFAULT_CHILD]) {
      const out = await childEntry(entry);
      expect(out, String(out.reason)).toMatchObject({ bundled: true });
      expect(fs.readFileSync(out.module, 'utf8').startsWith('// p2m-bundle ')).toBe(true);
    }
  });
});
