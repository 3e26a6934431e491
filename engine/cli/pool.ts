/**
 * Runs tasks on N lanes, each a child process (isolate/run-child.ts) that
 * converts one file at a time under memory and time limits, and serves the
 * lane's next file as long as it lives (the engine loads once per lane).
 * Processes rather than threads: each conversion's memory is its own (a
 * batch's peak is one document's, not the sum of all in flight), and a child
 * that crashes, runs out of memory or is killed loses only the file it was
 * converting; the lane's next file gets a fresh child.
 */
import { stat } from 'node:fs/promises';
import { startChild, type ChildLimits, type ChildOutcome, type ChildSession } from '../../isolate/run-child.ts';
import { isOutcome, isProgress, type FileRequest } from './child-messages.ts';
import type { FileOptions, FileOutcome, PageProgress } from './convert-file.ts';
import type { Task } from './plan.ts';

/** The child's entry point; tests substitute one that misbehaves. */
export const WORKER_SCRIPT = new URL('./convert-worker.ts', import.meta.url);

/**
 * Limits of one file's child: generous, since the user chose the file. The
 * heap grows by half of what survives a full collection: a long manual's
 * stages make garbage several times their live pages, and V8's own choice let
 * R's 2,415-page refman.pdf reach 660-770 MB resident, against 585 MB so
 * (at the cost of more, smaller full collections: 11 instead of 5 there).
 * The young generation is capped too: sized from the 4 GB heap limit, its
 * semi-spaces held about 100 MB of refman's 610-630 MB peak. At 32 MB each
 * the peak is about 515 MB for the same CPU time; at 16 MB, 460 MB, but the
 * dev corpus took up to a fifth more CPU (more scavenges, more promoted).
 */
export const FILE_LIMITS: ChildLimits = { heapMb: 4096, limitMs: 30 * 60_000, heapGrowthPercent: 50, semiSpaceMb: 32 };

/**
 * A child whose resident memory is above this after a file is retired, and
 * the lane's next file gets a fresh one: V8 keeps the heap a long document
 * grew, so the next long file would pile its peak on top of it.
 */
export const RETIRE_ABOVE_MB = 400;

/** How runTasks runs: options for every file, lanes, and where outcomes go. */
export type RunOptions = {
  opts: FileOptions;
  jobs: number;
  /** Resident MiB above which a child is retired after its file (default RETIRE_ABOVE_MB). */
  retireAboveMb?: number;
  onDone(o: FileOutcome): void;
  onPages?(input: string, p: PageProgress): void;
  script?: URL;
  limits?: ChildLimits;
};

/**
 * Converts all tasks with `jobs` children (one at least: a single file too is
 * converted under the limits, never in this process), calling `onDone` per file.
 */
export async function runTasks(tasks: Task[], run: RunOptions): Promise<void> {
  const queue = await largestFirst(tasks);
  const lane = async () => {
    let child: ChildSession | null = null;
    for (let t = queue.shift(); t; t = queue.shift()) {
      // A child that ended between files (or on the last one) is replaced.
      if (!child?.alive()) child = startChild(run.script ?? WORKER_SCRIPT, run.limits ?? FILE_LIMITS);
      const { outcome, rssMb } = await convertInChild(child, t, run);
      if (rssMb > (run.retireAboveMb ?? RETIRE_ABOVE_MB)) await child.stop();
      run.onDone(outcome);
    }
    // Reaped before the CLI returns, so that `time p2m convert` counts the children's CPU and memory.
    await child?.stop();
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(run.jobs, tasks.length)) }, lane));
}

async function convertInChild(child: ChildSession, task: Task, run: RunOptions): Promise<{ outcome: FileOutcome; rssMb: number }> {
  const request: FileRequest = { type: 'convert', task, opts: run.opts };
  const out = await child.run(request, {
    isAnswer: isOutcome,
    onMessage: (m: unknown) => isProgress(m) && run.onPages?.(task.input, { pagesDone: m.pagesDone, pagesTotal: m.pagesTotal }),
  });
  if (out.kind === 'answered') return { outcome: out.message.outcome, rssMb: out.message.rssMb ?? 0 };
  return { outcome: { ok: false, input: task.input, ...failure(out) }, rssMb: 0 };
}

function failure(out: Exclude<ChildOutcome<unknown>, { kind: 'answered' }>): { code: string; message: string } {
  switch (out.kind) {
    case 'over_time':
      return { code: 'conversion_timeout', message: `stopped after ${out.limitMs / 1000} s` };
    case 'over_memory':
      return { code: 'out_of_memory', message: `exceeded the ${out.limitMb} MB ${out.measured === 'heap' ? 'heap' : 'memory'} limit` };
    case 'crashed':
      return { code: 'engine_failure', message: `the converter process died (${out.how})` };
    case 'killed':
      return { code: 'engine_failure', message: `the converter process was killed (signal ${out.signal})` };
    case 'no_start':
    case 'aborted':
      return { code: 'engine_failure', message: `the converter process did not run (${out.kind === 'no_start' ? out.message : 'aborted'})` };
  }
}

/**
 * Biggest files first: a long document started last would leave the other
 * children idle while it finishes, so the batch takes as long as its tail.
 */
async function largestFirst(tasks: Task[]): Promise<Task[]> {
  const sized = await Promise.all(tasks.map(async (t) => ({ t, size: await stat(t.input).then((s) => s.size, () => 0) })));
  return sized.sort((a, b) => b.size - a.size).map((x) => x.t);
}
