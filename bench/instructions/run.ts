/**
 * Counts the instructions one lane of a dev-corpus batch executes, for this
 * tree and optionally another (`--vs`), under valgrind. On a shared machine
 * wall and CPU times of the same command vary by 15 % or more; the count,
 * with V8's garbage collections scheduled by allocation alone and its seeds
 * fixed, repeats within about 0.1 %, so changes of 1 % can be told apart.
 * The count is not time (a cache miss costs more than an add), so a
 * change worth keeping is confirmed by times too (README, Speed).
 *
 * Each tree runs once unmeasured first, filling its own compile cache, as a
 * `p2m convert` child finds it. The V8 flags are those of a `--jobs 2` child
 * on two cores for a small batch (engine/cli/child-limits.ts).
 *
 *   node bench/instructions/run.ts [--vs OTHER_TREE] [--corpus FOLDER] [--lane 0] [--lanes 8]
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { corpusRoot } from '../corpus-root.ts';

const arg = (flag: string, fallback?: string): string | undefined => {
  const i = process.argv.indexOf(flag);
  return i >= 0 ? process.argv[i + 1] : fallback;
};
const here = resolve(import.meta.dirname, '../..');
const trees = [here, ...(arg('--vs') ? [resolve(arg('--vs')!)] : [])];
const folder = arg('--corpus') ?? join(corpusRoot(), 'dev/pdf');
const lane = arg('--lane', '0')!;
const lanes = arg('--lanes', '8')!;
/** A `--jobs 2` child's flags for a small batch, and V8's schedule made repeatable. */
const V8_FLAGS = ['--max-semi-space-size=32', '--single-threaded', '--max-opt=2', '--predictable-gc-schedule', '--hash-seed=1', '--random-seed=1'];

if (spawnSync('valgrind', ['--version']).status !== 0) {
  console.error('valgrind is missing: apt-get install -y valgrind');
  process.exit(2);
}

function count(tree: string): { refs: number; output: string } {
  const cache = join(tmpdir(), `p2m-instructions-${createHash('sha256').update(tree).digest('hex').slice(0, 8)}`);
  const env = { ...process.env, NODE_COMPILE_CACHE: cache };
  const script = join(here, 'bench/instructions/lane.ts');
  const args = [...V8_FLAGS, script, tree, folder, lane, lanes];
  const output = execFileSync(process.execPath, args, { env, encoding: 'utf8' }).trim();
  const run = spawnSync('valgrind', ['--tool=cachegrind', '--cache-sim=no', '--smc-check=all-non-file', '--cachegrind-out-file=/dev/null', process.execPath, ...args], { env, encoding: 'utf8' });
  const refs = /I\s+refs:\s+([\d,]+)/.exec(run.stderr)?.[1];
  if (run.status !== 0 || !refs) throw new Error(`valgrind failed for ${tree}:\n${run.stderr.slice(-2000)}`);
  return { refs: Number(refs.replaceAll(',', '')), output };
}

const results = trees.map((tree) => ({ tree, ...count(tree) }));
for (const r of results) console.log(`${(r.refs / 1e9).toFixed(3)} G instructions  ${r.output}  ${r.tree}`);
if (results.length === 2) {
  const [a, b] = results as [(typeof results)[0], (typeof results)[0]];
  console.log(`ratio ${(a.refs / b.refs).toFixed(4)}${a.output === b.output ? '' : '  (outputs differ)'}`);
}
