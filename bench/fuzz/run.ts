/**
 * `node bench/fuzz/run.ts [--targets pdf-objects,direct-reader,content,direct-vs-pdfjs] [--seconds 180] [--hang 30]`
 *
 * Coverage-guided fuzzing of our own PDF parsers (bench/fuzz/targets.ts),
 * one target after the other, each in a worker process (fuzz-worker.ts)
 * seeded from the corpus's hostile/ (bench/corpus-root.ts) and the smallest dev PDFs (plus
 * uncompressed copies made with qpdf, when it is installed, so mutations reach
 * content streams). A worker silent for --hang seconds is killed and its
 * current input saved as a hang; a worker that dies is saved as a crash; both
 * are restarted until the target's time is used. Findings go to
 * bench/fuzz/out/<target>/findings/. See bench/README.md.
 */
import { spawn, spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import readline from 'node:readline';
import { corpusRoot } from '../corpus-root.ts';
import { hostContents } from './content-target.ts';
import { DEFAULT_TARGETS, TARGETS, type TargetName } from './target-list.ts';

const HERE = import.meta.dirname;
const CORPUS = corpusRoot();
/** Dev PDFs added as seeds: the smallest, so an execution stays fast. */
const DEV_SEEDS = 12;

type Beat = { phase: string; execs: number; corpus: number; features: number; defects: string[]; slow: number };
type Outcome = { exit: number | null; hung: boolean; last: Beat | undefined; stderr: string };

function prepareSeeds(dir: string): number {
  mkdirSync(dir, { recursive: true });
  const hostile = join(CORPUS, 'hostile');
  for (const f of readdirSync(hostile).filter((x) => x.endsWith('.pdf'))) copyFileSync(join(hostile, f), join(dir, f));
  const dev = join(CORPUS, 'dev/pdf');
  const small = readdirSync(dev).map((f) => ({ f, size: statSync(join(dev, f)).size })).sort((a, b) => a.size - b.size).slice(0, DEV_SEEDS);
  for (const { f } of small) {
    copyFileSync(join(dev, f), join(dir, f));
    // qdf: streams decompressed, no object streams; mutations then hit content, fonts and CMaps directly.
    spawnSync('qpdf', ['--qdf', '--object-streams=disable', join(dev, f), join(dir, `qdf-${f}`)], { stdio: 'ignore' });
  }
  return readdirSync(dir).length;
}

function runWorker(target: TargetName, out: string, seconds: number, seed: number, seedDirs: string[], hangSec: number): Promise<Outcome> {
  return new Promise((done) => {
    const child = spawn(process.execPath, ['--max-old-space-size=2048', '--expose-gc', join(HERE, 'fuzz-worker.ts'), target, out, String(seconds), String(seed), ...seedDirs], { stdio: ['ignore', 'pipe', 'pipe'] });
    let last: Beat | undefined;
    let hung = false;
    let stderr = '';
    let timer: NodeJS.Timeout | undefined;
    const arm = () => { clearTimeout(timer); timer = setTimeout(() => { hung = true; child.kill('SIGKILL'); }, hangSec * 1000); };
    arm();
    child.stderr.on('data', (d: Buffer) => { stderr = (stderr + d.toString()).slice(-4000); });
    readline.createInterface({ input: child.stdout }).on('line', (l) => { last = JSON.parse(l) as Beat; arm(); });
    child.on('exit', (exit) => { clearTimeout(timer); done({ exit, hung, last, stderr }); });
  });
}

/** Keeps the input a worker was running when it hung or died. */
function keepCurrent(out: string, kind: 'hang' | 'crash', note: string): string {
  const data = readFileSync(join(out, 'current.bin'));
  const file = join(out, 'findings', `${kind}-${createHash('sha1').update(data).digest('hex').slice(0, 16)}.pdf`);
  writeFileSync(file, data);
  writeFileSync(`${file}.txt`, note);
  return file;
}

/** The content target's seeds are content streams (of its host document), not files. */
function contentSeeds(dir: string): string {
  mkdirSync(dir, { recursive: true });
  hostContents().forEach((c, i) => writeFileSync(join(dir, `page-${i + 1}.content`), c));
  return dir;
}

/** A run this long in a fresh process confirms a worker's slow finding. */
const CONFIRM_SLOW_MS = 1_000;

/** Re-times each slow finding in a fresh process; the ones fast there move to findings/unconfirmed/. */
export function confirmSlow(target: TargetName, dir: string): string[] {
  const confirmed: string[] = [];
  for (const f of readdirSync(dir).filter((x) => x.startsWith('slow-') && x.endsWith('.pdf'))) {
    const r = spawnSync(process.execPath, [join(HERE, 'retime.ts'), target, join(dir, f)], { encoding: 'utf8' });
    const ms = Number(r.stdout.trim());
    if (ms >= CONFIRM_SLOW_MS) confirmed.push(`${f}: ${ms} ms in a fresh process`);
    else {
      mkdirSync(join(dir, 'unconfirmed'), { recursive: true });
      renameSync(join(dir, f), join(dir, 'unconfirmed', f));
    }
  }
  return confirmed;
}

async function fuzzTarget(target: TargetName, seconds: number, hangSec: number, pdfSeeds: string): Promise<object> {
  const out = join(HERE, 'out', target);
  const seedDir = target === 'content' ? contentSeeds(join(HERE, 'out', 'content-seeds')) : pdfSeeds;
  mkdirSync(join(out, 'findings'), { recursive: true });
  mkdirSync(join(out, 'corpus'), { recursive: true });
  const end = Date.now() + seconds * 1000;
  const stops: string[] = [];
  let execs = 0, features = 0, corpus = 0;
  const defects = new Set<string>();
  for (let round = 0; Date.now() < end && round < 50; round++) {
    const left = Math.max(1, Math.round((end - Date.now()) / 1000));
    const o = await runWorker(target, out, left, 1 + round, [seedDir, join(out, 'corpus')], hangSec);
    execs += o.last?.execs ?? 0;
    features = Math.max(features, o.last?.features ?? 0);
    corpus = Math.max(corpus, o.last?.corpus ?? 0);
    for (const d of o.last?.defects ?? []) defects.add(d);
    if (o.hung) stops.push(keepCurrent(out, 'hang', `no heartbeat for ${hangSec}s`));
    else if (o.exit !== 0) stops.push(keepCurrent(out, 'crash', `exit ${o.exit}\n${o.stderr}`));
    else break;
    process.stderr.write(`[${target}] worker stopped (${stops.at(-1)}); restarting\n`);
  }
  const slow = confirmSlow(target, join(out, 'findings'));
  const summary = { target, seconds, execs, features, corpus, defects: [...defects], hangsAndCrashes: stops, slow };
  writeFileSync(join(out, 'summary.json'), JSON.stringify(summary, null, 1));
  return summary;
}

function arg(argv: readonly string[], flag: string, fallback: string): string {
  const at = argv.indexOf(flag);
  return at >= 0 && argv[at + 1] ? argv[at + 1]! : fallback;
}

async function main(argv: readonly string[]): Promise<void> {
  const targets = arg(argv, '--targets', DEFAULT_TARGETS.join(',')).split(',') as TargetName[];
  for (const t of targets) if (!(t in TARGETS)) throw new Error(`unknown target ${t}; known: ${Object.keys(TARGETS).join(', ')}`);
  const seconds = Number(arg(argv, '--seconds', '180'));
  const hangSec = Number(arg(argv, '--hang', '30'));
  if (!existsSync(CORPUS)) throw new Error(`corpus ${CORPUS} is missing`);
  const seedDir = join(HERE, 'out', 'seeds');
  process.stderr.write(`${prepareSeeds(seedDir)} seeds in ${seedDir}\n`);
  for (const t of targets) process.stdout.write(`${JSON.stringify(await fuzzTarget(t, seconds, hangSec, seedDir))}\n`);
}

if (import.meta.main) await main(process.argv.slice(2));
