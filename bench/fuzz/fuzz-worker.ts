/**
 * One fuzzing process for one target: runs the seeds, then mutates corpus
 * inputs for as long as it is given, keeping each child that reaches new
 * coverage and saving each defect. It writes the input it is about to run to
 * current.bin and prints a heartbeat line every second, so the parent
 * (run.ts) can tell a hang or a crash and keep its input.
 *
 * usage: node bench/fuzz/fuzz-worker.ts TARGET OUT_DIR SECONDS RNG_SEED SEED_DIR...
 */
import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { CoverageProbe } from './coverage.ts';
import { mutate, Rng } from './mutate.ts';
import { TARGETS, type Target, type TargetName } from './target-list.ts';

/** Inputs larger than this are left out of the corpus and cut down after mutation: big inputs only slow the loop. */
const MAX_LEN = 256 * 1024;
/** One run longer than this is recorded as a slow input (a hang is the parent's to see). */
const SLOW_MS = 2_000;

const sha = (b: Uint8Array): string => createHash('sha1').update(b).digest('hex').slice(0, 16);

/** A defect's identity: the error's type and message without numbers, and the top frame of our code. */
export function signature(err: unknown): string {
  if (!(err instanceof Error)) return `non-error: ${String(err).slice(0, 80)}`;
  const frame = (err.stack ?? '').split('\n').find((l) => l.includes('/engine/')) ?? '';
  const where = /\/(engine\/[^:)]+):\d+/.exec(frame)?.[1] ?? 'unknown';
  return `${err.name}: ${err.message.replace(/\d+/g, 'N').slice(0, 120)} @ ${where}`;
}

type State = { execs: number; corpus: Uint8Array[]; features: Set<string>; defects: Map<string, string>; slow: number };

function seeds(dirs: readonly string[]): Uint8Array[] {
  const files = dirs.flatMap((d) => readdirSync(d).map((f) => join(d, f)));
  return files.filter((f) => statSync(f).isFile() && statSync(f).size <= MAX_LEN).sort().map((f) => new Uint8Array(readFileSync(f)));
}

/** A second run, after a collection: a pause of the collector or of the machine is not a slow input. */
async function slowAgain(input: Uint8Array, target: Target, probe: CoverageProbe): Promise<boolean> {
  (globalThis as { gc?: () => void }).gc?.();
  const t0 = performance.now();
  await Promise.resolve(target(input)).catch(() => undefined);
  const ms = performance.now() - t0;
  probe.take(); // this run's coverage is not the next input's
  return ms > SLOW_MS;
}

async function runOne(input: Uint8Array, target: Target, probe: CoverageProbe, s: State, out: string): Promise<void> {
  writeFileSync(join(out, 'current.bin'), input);
  const t0 = performance.now();
  let defect: unknown;
  try {
    await target(input);
  } catch (err) {
    defect = err;
  }
  const ms = performance.now() - t0;
  s.execs++;
  let fresh = 0;
  for (const f of probe.take()) if (!s.features.has(f)) { s.features.add(f); fresh++; }
  if (fresh > 0) {
    s.corpus.push(input);
    writeFileSync(join(out, 'corpus', `${sha(input)}.pdf`), input);
  }
  if (defect !== undefined) {
    const sig = signature(defect);
    if (!s.defects.has(sig)) {
      const file = join(out, 'findings', `defect-${sha(input)}.pdf`);
      s.defects.set(sig, file);
      writeFileSync(file, input);
      writeFileSync(`${file}.txt`, `${sig}\n\n${defect instanceof Error ? defect.stack : String(defect)}\n`);
    }
  }
  if (ms > SLOW_MS && s.slow < 20 && (await slowAgain(input, target, probe))) {
    s.slow++;
    writeFileSync(join(out, 'findings', `slow-${Math.round(ms)}ms-${sha(input)}.pdf`), input);
  }
}

async function main(argv: readonly string[]): Promise<void> {
  const [name, out, seconds, rngSeed, ...seedDirs] = argv;
  const target = TARGETS[name as TargetName];
  if (!target || !out || !seconds) throw new Error('usage: fuzz-worker.ts TARGET OUT_DIR SECONDS RNG_SEED SEED_DIR...');
  for (const d of ['corpus', 'findings']) mkdirSync(join(out, d), { recursive: true });
  const probe = new CoverageProbe(/\/engine\/extract\//);
  const rng = new Rng(Number(rngSeed));
  const s: State = { execs: 0, corpus: [], features: new Set(), defects: new Map(), slow: 0 };
  const beat = (phase: string) => process.stdout.write(`${JSON.stringify({ phase, execs: s.execs, corpus: s.corpus.length, features: s.features.size, defects: [...s.defects.keys()], slow: s.slow })}\n`);
  let last = performance.now();
  const tick = (phase: string) => { if (performance.now() - last > 1000) { last = performance.now(); beat(phase); } };
  for (const seed of seeds(seedDirs)) {
    await runOne(seed, target, probe, s, out);
    // Every seed stays in the corpus, even one that added nothing new here.
    if (s.corpus.at(-1) !== seed) s.corpus.push(seed);
    tick('seeds');
  }
  const until = performance.now() + Number(seconds) * 1000;
  while (performance.now() < until && s.corpus.length > 0) {
    const child = mutate(rng.pick(s.corpus), rng, rng.pick(s.corpus));
    await runOne(child.length > MAX_LEN ? child.subarray(0, MAX_LEN) : child, target, probe, s, out);
    tick('fuzz');
  }
  beat('done');
  probe.close();
}

if (import.meta.main) await main(process.argv.slice(2));
