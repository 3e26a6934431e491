/**
 * Runs tasks on N child processes (one pdf.js instance each), feeding a child
 * its next task as soon as it reports the previous one. Processes rather than
 * threads: each conversion's memory is its own (a batch's peak is one
 * document's, not the sum of all in flight), and a child that crashes or runs
 * out of memory loses only the file it was converting.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { stat } from 'node:fs/promises';
import type { FileOptions, FileOutcome } from './convert-file.ts';
import type { Task } from './plan.ts';

/** The child's entry point; tests substitute one that misbehaves. */
export const WORKER_SCRIPT = new URL('./convert-worker.ts', import.meta.url);

/** Converts all tasks with `jobs` children (in-process when 1), calling `onDone` per file. */
export async function runTasks(
  tasks: Task[], opts: FileOptions, jobs: number, onDone: (o: FileOutcome) => void, script: URL = WORKER_SCRIPT,
): Promise<void> {
  if (jobs <= 1 || tasks.length <= 1) {
    // Loaded here: with children the parent only hands out files, and the engine's
    // modules cost a third of a second to load before the first child can start.
    const { convertFile } = await import('./convert-file.ts');
    for (const t of tasks) onDone(await convertFile(t, opts));
    return;
  }
  const queue = await largestFirst(tasks);
  const lane = async () => {
    // A crashed child loses its current file; a fresh one takes the rest of the queue.
    while (queue.length > 0) await runChild(script, queue, opts, onDone);
  };
  await Promise.all(Array.from({ length: Math.min(jobs, tasks.length) }, lane));
}

/** One child: converts tasks from the shared queue until it is empty or the child dies. */
function runChild(script: URL, queue: Task[], opts: FileOptions, onDone: (o: FileOutcome) => void): Promise<void> {
  return new Promise<void>((resolve) => {
    const child: ChildProcess = fork(script, [], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    let current: Task | undefined;
    let finished = false;
    const next = () => {
      current = queue.shift();
      if (current) child.send({ task: current, opts });
      else {
        finished = true;
        child.disconnect();
      }
    };
    child.on('message', (o: FileOutcome) => {
      onDone(o);
      next();
    });
    child.on('exit', (code, signal) => {
      if (!finished && current) {
        const how = signal ? `signal ${signal}` : `exit code ${code}`;
        onDone({ ok: false, input: current.input, code: 'engine_failure', message: `the converter process died (${how})` });
      }
      resolve();
    });
    child.on('error', () => child.kill());
    next();
  });
}

/**
 * Biggest files first: a long document started last would leave the other
 * children idle while it finishes, so the batch takes as long as its tail.
 */
async function largestFirst(tasks: Task[]): Promise<Task[]> {
  const sized = await Promise.all(tasks.map(async (t) => ({ t, size: await stat(t.input).then((s) => s.size, () => 0) })));
  return sized.sort((a, b) => b.size - a.size).map((x) => x.t);
}
