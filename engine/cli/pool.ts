/**
 * Runs tasks on N worker threads (one pdf.js instance each), feeding a worker
 * its next task as soon as it reports the previous one.
 */
import { stat } from 'node:fs/promises';
import { Worker } from 'node:worker_threads';
import { convertFile, type FileOptions, type FileOutcome } from './convert-file.ts';
import type { Task } from './plan.ts';

/** Converts all tasks with `jobs` workers (in-process when 1), calling `onDone` per file. */
export async function runTasks(tasks: Task[], opts: FileOptions, jobs: number, onDone: (o: FileOutcome) => void): Promise<void> {
  if (jobs <= 1 || tasks.length <= 1) {
    for (const t of tasks) onDone(await convertFile(t, opts));
    return;
  }
  const queue = await largestFirst(tasks);
  const worker = () =>
    new Promise<void>((resolve) => {
      const w = new Worker(new URL('./convert-worker.ts', import.meta.url));
      let current: Task | undefined;
      const next = () => {
        current = queue.shift();
        if (current) w.postMessage({ task: current, opts });
        else void w.terminate().then(() => resolve());
      };
      w.on('message', (o: FileOutcome) => {
        onDone(o);
        next();
      });
      // A crashed worker loses only its current file; the rest of the queue goes on elsewhere.
      w.on('error', (err) => {
        if (current) onDone({ ok: false, input: current.input, code: 'engine_failure', message: err.message });
        current = undefined;
        resolve();
      });
      next();
    });
  await Promise.all(Array.from({ length: Math.min(jobs, tasks.length) }, worker));
  // Work left by crashed workers is finished in-process.
  for (const t of queue.splice(0)) onDone(await convertFile(t, opts));
}

/**
 * Biggest files first: a long document started last would leave the other
 * workers idle while it finishes, so the batch takes as long as its tail.
 */
async function largestFirst(tasks: Task[]): Promise<Task[]> {
  const sized = await Promise.all(tasks.map(async (t) => ({ t, size: await stat(t.input).then((s) => s.size, () => 0) })));
  return sized.sort((a, b) => b.size - a.size).map((x) => x.t);
}
