/**
 * Runs one tool over a list of PDFs as a few long-lived workers (so Python
 * and JVM start-up is paid once per worker, not per file) while keeping the
 * per-document guarantees: a document that makes its worker hang past the
 * timeout, or crash, is recorded as such and the worker is restarted on the
 * documents after it. Progress = a protocol line or the output file appearing.
 */
import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import { parseProgressLine } from './progress-line.ts';
import { startTimed, type Command } from './timed-process.ts';

export type Job = { id: string; pdf: string; pages: number };
export type Outcome = { id: string; status: 'ok' | 'failed' | 'timeout'; reason?: string };
export type BatchSpec = {
  /** Builds the worker command for these documents; each must end up as `${outDir}/${id}.md`. */
  command(jobs: readonly Job[], outDir: string): Command;
  /** Number of concurrent workers (2 = both cores, unless the tool parallelises itself). */
  workers: number;
  timeoutSec: number;
};
export type BatchResult = { outcomes: Outcome[]; wallSec: number; cpuSec: number; peakRssKb: number | undefined };

const POLL_MS = 500;

async function hasOutput(outDir: string, id: string): Promise<boolean> {
  return stat(join(outDir, `${id}.md`)).then((s) => s.isFile(), () => false);
}

/** Splits jobs into `n` queues with about equal page counts (longest first, to the lightest queue). */
export function shardByPages(jobs: readonly Job[], n: number): Job[][] {
  const shards: { pages: number; jobs: Job[] }[] = Array.from({ length: Math.max(1, n) }, () => ({ pages: 0, jobs: [] }));
  for (const job of [...jobs].sort((a, b) => b.pages - a.pages)) {
    const lightest = shards.reduce((m, s) => (s.pages < m.pages ? s : m));
    lightest.jobs.push(job);
    lightest.pages += job.pages;
  }
  return shards.map((s) => s.jobs).filter((s) => s.length > 0);
}

type WorkerRun = { outcomes: Map<string, Outcome>; rssKb: number | undefined; cpuSec: number };

/** One worker process over `pending`; returns when it exits, having settled at least one document. */
async function runWorkerOnce(spec: BatchSpec, pending: Job[], outDir: string, reportFile: string): Promise<WorkerRun> {
  const outcomes = new Map<string, Outcome>();
  let lastProgress = Date.now();
  const settle = (o: Outcome): void => {
    if (outcomes.has(o.id) || !pending.some((j) => j.id === o.id)) return;
    outcomes.set(o.id, o);
    lastProgress = Date.now();
  };
  const proc = startTimed(spec.command(pending, outDir), reportFile, (line) => {
    const p = parseProgressLine(line);
    if (p) settle(p.status === 'ok' ? { id: p.id, status: 'ok' } : { id: p.id, status: 'failed', reason: p.reason });
  });
  let timedOut: Job | undefined;
  const timer = setInterval(() => {
    void (async () => {
      for (const j of pending) if (!outcomes.has(j.id) && (await hasOutput(outDir, j.id))) settle({ id: j.id, status: 'ok' });
      if (timedOut || Date.now() - lastProgress < spec.timeoutSec * 1000) return;
      timedOut = pending.find((j) => !outcomes.has(j.id));
      if (timedOut) await proc.killWorker();
    })();
  }, POLL_MS);
  const { code, report, stderrTail } = await proc.done;
  clearInterval(timer);
  for (const j of pending) if (!outcomes.has(j.id) && (await hasOutput(outDir, j.id))) settle({ id: j.id, status: 'ok' });
  const first = pending.find((j) => !outcomes.has(j.id));
  if (timedOut && first) settle({ id: first.id, status: 'timeout', reason: `no progress for ${spec.timeoutSec}s` });
  else if (first) settle({ id: first.id, status: 'failed', reason: `worker exited ${code ?? 'by signal'} without output: ${stderrTail}` });
  return { outcomes, rssKb: report?.maxRssKb, cpuSec: report?.cpuSec ?? 0 };
}

/** Runs one queue to the end, restarting the worker after each hang or crash. */
async function runQueue(spec: BatchSpec, queue: Job[], outDir: string, reportFile: string): Promise<WorkerRun> {
  const all = new Map<string, Outcome>();
  let rssKb: number | undefined;
  let cpuSec = 0;
  let pending = queue;
  while (pending.length > 0) {
    const run = await runWorkerOnce(spec, pending, outDir, reportFile);
    for (const [id, o] of run.outcomes) all.set(id, o);
    if (run.rssKb !== undefined) rssKb = Math.max(rssKb ?? 0, run.rssKb);
    cpuSec += run.cpuSec;
    pending = pending.filter((j) => !all.has(j.id));
  }
  return { outcomes: all, rssKb, cpuSec };
}

/** Converts every job with the tool; wall time covers all workers from first start to last exit. */
export async function runBatch(spec: BatchSpec, jobs: readonly Job[], outDir: string): Promise<BatchResult> {
  const started = performance.now();
  const queues = shardByPages(jobs, spec.workers);
  const runs = await Promise.all(queues.map((q, i) => runQueue(spec, q, outDir, join(outDir, `.time-${i}.txt`))));
  const wallSec = (performance.now() - started) / 1000;
  const byId = new Map(runs.flatMap((r) => [...r.outcomes]));
  const outcomes = jobs.map((j) => byId.get(j.id) ?? { id: j.id, status: 'failed' as const, reason: 'not run' });
  const rss = runs.map((r) => r.rssKb).filter((k): k is number => k !== undefined);
  const cpuSec = runs.reduce((s, r) => s + r.cpuSec, 0);
  return { outcomes, wallSec, cpuSec, peakRssKb: rss.length ? Math.max(...rss) : undefined };
}
