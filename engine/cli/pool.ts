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
import { childEntry } from '../../isolate/child-bundle.ts';
import { isOutcome, isProgress, type FileRequest } from './child-messages.ts';
import type { FileOptions, FileOutcome, PageProgress } from './convert-file.ts';
import type { Task } from './plan.ts';
import { batchLimits } from './child-limits.ts';

/** The child's entry point; tests substitute one that misbehaves. */
export const WORKER_SCRIPT = new URL('./convert-worker.ts', import.meta.url);

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
  /** The children's entry module; default {@link WORKER_SCRIPT}, bundled (isolate/child-bundle.ts). */
  script?: URL | string;
  /** The limits of every child; default {@link batchLimits} by each file's size. */
  limits?: ChildLimits;
};

/**
 * Converts all tasks with `jobs` children (one at least: a single file too is
 * converted under the limits, never in this process), calling `onDone` per file.
 */
export async function runTasks(tasks: Task[], run: RunOptions): Promise<void> {
  const queue = await largestFirst(tasks);
  const lanes = Math.max(1, Math.min(run.jobs, tasks.length));
  const limitsFor = batchLimits({ lanes, bytes: queue.reduce((sum, q) => sum + q.size, 0) });
  const script = run.script ?? (await childEntry(WORKER_SCRIPT)).module;
  const lane = async () => {
    let child: ChildSession | null = null;
    let childLimits: ChildLimits | null = null;
    for (let next = queue.shift(); next; next = queue.shift()) {
      const t = next.task;
      const limits = run.limits ?? limitsFor(next.size);
      // Largest first, so a lane changes kind of child at most once, from lean to quick.
      if (child?.alive() && childLimits !== limits) await child.stop();
      // A child that ended between files (or on the last one) is replaced.
      if (!child?.alive()) [child, childLimits] = [startChild(script, limits), limits];
      const { outcome, rssMb } = await convertInChild(child, t, run);
      if (rssMb > (run.retireAboveMb ?? RETIRE_ABOVE_MB)) await child.stop();
      run.onDone(outcome);
    }
    // Reaped before the CLI returns, so that `time p2m convert` counts the children's CPU and memory.
    await child?.stop();
  };
  await Promise.all(Array.from({ length: lanes }, lane));
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
async function largestFirst(tasks: Task[]): Promise<{ task: Task; size: number }[]> {
  const sized = await Promise.all(tasks.map(async (task) => ({ task, size: await stat(task.input).then((s) => s.size, () => 0) })));
  return sized.sort((a, b) => b.size - a.size);
}
