/**
 * One lane of a `p2m convert --jobs N` batch, converted in this process by
 * the engine of the tree given, loaded as its children load it: every
 * LANES-th file of the folder, largest first, as engine/cli/pool.ts hands
 * them out. Prints the file count and a
 * hash of all the Markdown, so two trees' runs show whether their output is
 * the same.
 *
 *   node bench/instructions/lane.ts TREE FOLDER LANE LANES
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const [tree, folder, lane, lanes] = process.argv.slice(2);
if (!tree || !folder || lane === undefined || lanes === undefined) throw new Error('usage: lane.ts TREE FOLDER LANE LANES');
/**
 * The engine as the tree's conversion children load it: its bundle where the
 * tree bundles them (isolate/child-bundle.ts, built by the unmeasured first
 * run), else its modules one by one.
 */
async function engineOf(root: string): Promise<string> {
  const entry = resolve(root, 'engine/index.ts');
  const bundler = resolve(root, 'isolate/child-bundle.ts');
  if (!existsSync(bundler)) return entry;
  const { childEntry } = (await import(pathToFileURL(bundler).href)) as typeof import('../../isolate/child-bundle.ts');
  return (await childEntry(entry)).module;
}
const engine = (await import(pathToFileURL(await engineOf(tree)).href)) as typeof import('../../engine/index.ts');
const files = readdirSync(folder)
  .filter((name) => name.toLowerCase().endsWith('.pdf'))
  .map((name) => join(folder, name))
  .sort((a, b) => statSync(b).size - statSync(a).size || a.localeCompare(b))
  .filter((_, i) => i % Number(lanes) === Number(lane));
const hash = createHash('sha256');
for (const file of files) {
  try {
    hash.update((await engine.convert(new Uint8Array(readFileSync(file)))).markdown);
  } catch (err) {
    hash.update(`failed: ${err instanceof Error ? err.message : String(err)}`);
  }
}
console.log(`${files.length} files, markdown ${hash.digest('hex').slice(0, 16)}`);
