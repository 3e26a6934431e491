/**
 * How the bench runs p2m, the way a user would: the `p2m convert` bin
 * (cli/p2m.ts) if it exists, else the engine's `runConvertCli` through a
 * shim, both with `--jobs 2` (two converter child processes). Until either exists, the
 * library `convert()` in two worker processes, which also uses both cores.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Job } from './batch-runner.ts';
import { execQuiet } from './exec.ts';
import type { Paths, ToolSpec } from './tools.ts';

type Entry = { mode: 'cli'; script: string } | { mode: 'library'; script: string };

export function p2mEntry(paths: Paths): Entry | undefined {
  const bin = join(paths.repoDir, 'cli/p2m.ts');
  if (existsSync(bin)) return { mode: 'cli', script: bin };
  if (existsSync(join(paths.repoDir, 'engine/cli.ts'))) return { mode: 'cli', script: join(paths.benchDir, 'drivers/p2m-cli.ts') };
  if (existsSync(join(paths.repoDir, 'engine/index.ts'))) return { mode: 'library', script: join(paths.benchDir, 'drivers/p2m-lib-driver.ts') };
  return undefined;
}

const pdfs = (jobs: readonly Job[]): string[] => jobs.map((j) => j.pdf);

export const p2mTool: ToolSpec = {
  name: 'p2m',
  kind: 'ours',
  async prepare(paths) {
    const entry = p2mEntry(paths);
    if (!entry) return { ok: false, reason: 'engine not built yet (no cli/p2m.ts, engine/cli.ts or engine/index.ts)' };
    const rev = await execQuiet('git', ['-C', paths.repoDir, 'log', '-1', '--format=%h', '--', 'engine']);
    const dirty = await execQuiet('git', ['-C', paths.repoDir, 'status', '--porcelain', '--', 'engine']);
    const how = entry.mode === 'cli' ? `CLI ${entry.script.replace(paths.repoDir + '/', '')} --jobs 2` : 'library convert(), 2 worker processes';
    return { ok: true, version: `engine@${rev.stdout.trim()}${dirty.stdout.trim() ? '+uncommitted' : ''}, ${how}` };
  },
  batch(paths, timeoutSec) {
    const entry = p2mEntry(paths);
    if (entry?.mode === 'library') {
      return {
        workers: 2,
        timeoutSec,
        command: (jobs, outDir) => ({ cmd: process.execPath, args: [entry.script, outDir, ...pdfs(jobs)], cwd: paths.repoDir }),
      };
    }
    return {
      workers: 1,
      timeoutSec,
      command: (jobs, outDir) => ({
        cmd: process.execPath,
        args: [entry?.script ?? 'missing-p2m-entry', 'convert', ...pdfs(jobs), '-o', outDir, '--jobs', '2'],
        cwd: paths.repoDir,
      }),
    };
  },
};
