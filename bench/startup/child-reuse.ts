/**
 * What a job costs in a fresh conversion child against a warm one
 * (isolate/warm-children.ts): the same PDF converted --jobs times through
 * worker/run-isolated.ts, once with a fresh child per job (P2M_CHILD_REUSE=never)
 * and once with one warm child (the default for one tenant's jobs), rounds
 * alternating so a shared machine's load falls on both. Reports wall time and
 * the CPU time of the children (user + system, from /proc/self/stat's
 * cutime/cstime, which count children once they have been reaped) per job.
 *
 *   node bench/startup/child-reuse.ts [--jobs 16] [--rounds 2] [--pdf FILE]
 *
 * CPU per job is what decides how many jobs a machine's cores convert per
 * second when every core is busy; it depends much less on the machine's
 * load than wall time. Every job's Markdown must be the same, or it stops.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { createWarmChildren } from '../../isolate/warm-children.ts';
import { DEFAULT_CHILD, runIsolated, type IsolatedRequest } from '../../worker/run-isolated.ts';
import { corpusRoot } from '../corpus-root.ts';

const { values } = parseArgs({
  options: {
    jobs: { type: 'string', default: '16' },
    rounds: { type: 'string', default: '2' },
    pdf: { type: 'string', default: join(corpusRoot(), 'dev/pdf/docker-cli-build__html-1col.pdf') },
  },
});
const JOBS = Number(values.jobs);
const pdf = new Uint8Array(await readFile(values.pdf));
const MEMORY_MB = 1024;
// Every job's Markdown must equal the first: a warm child converts as a fresh one does.
let expected: string | null = null;

const request = (): IsolatedRequest => ({ data: pdf, ocr: 'auto', timeBudgetMs: 120_000, maxPages: 5000, limitMs: 150_000, memoryMb: MEMORY_MB });

/** CPU seconds of this process's reaped children so far. */
async function childCpuSeconds(): Promise<number> {
  const stat = await readFile('/proc/self/stat', 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // After the command: state is field 3, so cutime (16) and cstime (17) are at 13 and 14.
  return (Number(fields[13]) + Number(fields[14])) / 100;
}

type Mode = 'fresh' | 'warm';
type Sample = { mode: Mode; wall: number; cpu: number; pages: number };

async function runMode(mode: Mode): Promise<Sample> {
  const children = mode === 'warm'
    ? createWarmChildren({ module: DEFAULT_CHILD, limits: { heapMb: MEMORY_MB, limitMs: 150_000 }, capacity: 1, reuse: 'tenant', maxJobs: 1000, retireAboveMb: 100_000, idleMs: 60_000 })
    : null;
  const cpu0 = await childCpuSeconds();
  const t0 = performance.now();
  let pages = 0;
  for (let i = 0; i < JOBS; i++) {
    const out = await runIsolated({ ...request(), ...(children ? { children: { pool: children, tenant: 'bench' } } : {}) });
    if (out.kind !== 'done') throw new Error(`job ${i} (${mode}): ${JSON.stringify(out)}`);
    pages += out.result.pagesDone;
    expected ??= out.result.markdown;
    if (out.result.markdown !== expected) throw new Error(`job ${i} (${mode}): the Markdown differs from the first job's`);
  }
  const wall = (performance.now() - t0) / 1000;
  // Reaped before the count: a child's CPU time counts in /proc/self/stat once it is.
  await children?.close();
  return { mode, wall, cpu: (await childCpuSeconds()) - cpu0, pages };
}

const samples: Sample[] = [];
for (let r = 0; r < Number(values.rounds); r++) {
  for (const mode of (r % 2 ? ['warm', 'fresh'] : ['fresh', 'warm']) as Mode[]) {
    const s = await runMode(mode);
    samples.push(s);
    console.error(`round ${r + 1} ${mode}: ${s.wall.toFixed(1)} s wall, ${s.cpu.toFixed(1)} CPU-s, ${s.pages} pages`);
  }
}

const sum = (mode: Mode, k: 'wall' | 'cpu' | 'pages') => samples.filter((s) => s.mode === mode).reduce((a, s) => a + s[k], 0);
const jobs = JOBS * Number(values.rounds);
console.log(`| child | jobs | wall s/job | CPU s/job | pages/CPU-s |\n|---|---|---|---|---|`);
for (const mode of ['fresh', 'warm'] as Mode[]) {
  console.log(`| ${mode} | ${jobs} | ${(sum(mode, 'wall') / jobs).toFixed(3)} | ${(sum(mode, 'cpu') / jobs).toFixed(3)} | ${(sum(mode, 'pages') / sum(mode, 'cpu')).toFixed(1)} |`);
}
console.log(`\nwarm/fresh: ${(sum('fresh', 'cpu') / sum('warm', 'cpu')).toFixed(2)}× less CPU per job, ${(sum('fresh', 'wall') / sum('warm', 'wall')).toFixed(2)}× less wall time`);
