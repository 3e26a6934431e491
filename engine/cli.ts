/**
 * `p2m convert`: converts PDFs to Markdown locally. Keeps going past bad
 * files, reports each on stderr, and exits non-zero if any failed
 * (2 for a usage error).
 */
import { parseConvertArgs, USAGE } from './cli/args.ts';
import { planTasks } from './cli/plan.ts';
import { runTasks } from './cli/pool.ts';
import { progressBar } from './cli/progress.ts';

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
  const bar = progressBar(tasks.length, io.stderr);
  let failed = 0;
  await runTasks(tasks, { pages: args.pages, ocr: args.ocr }, args.jobs, (o) => {
    bar.tick(o.input);
    if (!o.ok) {
      failed++;
      io.stderr.write(`${io.stderr.isTTY ? '\r\x1b[K' : ''}p2m convert: ${o.input}: ${o.code}: ${o.message}\n`);
    } else if (o.markdown !== undefined) {
      io.stdout.write(o.markdown);
    } else if (o.truncated) {
      io.stderr.write(`p2m convert: ${o.input}: truncated after ${o.pagesDone} of ${o.pages} pages\n`);
    }
  });
  bar.done();
  if (tasks.length > 1) io.stderr.write(`p2m convert: ${tasks.length - failed} converted, ${failed} failed\n`);
  return failed > 0 ? 1 : 0;
}
