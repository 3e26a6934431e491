/**
 * `p2m convert`: converts PDFs to Markdown locally. Keeps going past bad
 * files, reports each on stderr, and exits non-zero if any failed
 * (2 for a usage error).
 */
import { stat } from 'node:fs/promises';
import { parseConvertArgs, USAGE } from './cli/args.ts';
import { planTasks } from './cli/plan.ts';
import { runTasks } from './cli/pool.ts';
import { progressBar, type SizedFile } from './cli/progress.ts';
import type { FileOutcome } from './cli/convert-file.ts';
import type { Task } from './cli/plan.ts';

/** Streams the CLI writes to; injectable for tests. */
export type CliIO = { stdout: NodeJS.WritableStream; stderr: NodeJS.WriteStream };

/** Runs `p2m convert` with the arguments after the command name; resolves to the exit code. */
export async function runConvertCli(argv: string[], io: CliIO = { stdout: process.stdout, stderr: process.stderr }): Promise<number> {
  const args = parseConvertArgs(argv);
  if ('error' in args) {
    io.stderr.write(`p2m convert: ${args.error}\n${USAGE}\n`);
    return 2;
  }
  const tasks = await planTasks(args.inputs, args.out);
  if ('error' in tasks) {
    io.stderr.write(`p2m convert: ${tasks.error}\n`);
    return 2;
  }
  if (args.fidelity.images === 'files' && tasks.length > 1) {
    // Every document's pictures would share one images/ folder: one document per output folder.
    io.stderr.write('p2m convert: --images files converts one PDF at a time (its pictures go to images/ beside OUT.md)\n');
    return 2;
  }
  const bar = progressBar(await sized(tasks), io.stderr);
  let failed = 0;
  // The status line is cleared before anything else is written, then redrawn.
  const onDone = (o: FileOutcome): void => {
    bar.clear();
    if (!o.ok) {
      failed++;
      io.stderr.write(`p2m convert: ${o.input}: ${o.code}: ${o.message}\n`);
    } else if (o.markdown !== undefined) {
      io.stdout.write(o.markdown);
    } else if (o.truncated) {
      io.stderr.write(`p2m convert: ${o.input}: truncated after ${o.pagesDone} of ${o.pages} pages\n`);
    }
    bar.fileDone(o.input);
  };
  await runTasks(tasks, { opts: { pages: args.pages, ocr: args.ocr, fidelity: args.fidelity }, jobs: args.jobs, onDone, onPages: bar.pages });
  bar.done();
  if (tasks.length > 1) io.stderr.write(`p2m convert: ${tasks.length - failed} converted, ${failed} failed\n`);
  return failed > 0 ? 1 : 0;
}

const sized = (tasks: Task[]): Promise<SizedFile[]> =>
  Promise.all(tasks.map(async (t) => ({ input: t.input, size: await stat(t.input).then((s) => s.size, () => 0) })));
