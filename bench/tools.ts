/**
 * The tools the bench runs, as data: how each is installed or found, how a
 * worker is started over a list of PDFs, and how many workers use the two
 * cores. p2m parallelises itself (`--jobs 2`), so it gets one worker; each
 * peer converts one PDF at a time, so it gets two.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { ToolName } from './args.ts';
import type { BatchSpec, Job } from './batch-runner.ts';
import { execQuiet } from './exec.ts';
import { checkJava, ensurePdf2md, ensurePdftotext, ensureVenv, type Installed, type PyPackage } from './peers-install.ts';

export type Paths = { repoDir: string; benchDir: string; venvDir: string; peersDir: string };

/** text = plain text taken as Markdown; structured = aims at headings/tables; ours = p2m. */
export type ToolKind = 'ours' | 'text' | 'structured';

export type ToolSpec = {
  name: ToolName;
  kind: ToolKind;
  /** Finds or installs the tool; the version string goes into the results table. */
  prepare(paths: Paths): Promise<Installed>;
  batch(paths: Paths, timeoutSec: number): BatchSpec;
};

const pdfs = (jobs: readonly Job[]): string[] => jobs.map((j) => j.pdf);

/** One venv set-up per bench run, shared by the three Python peers and the scorer. */
let venvOnce: Promise<Record<PyPackage, Installed>> | undefined;
export function venvPackages(paths: Paths): Promise<Record<PyPackage, Installed>> {
  venvOnce ??= ensureVenv(paths.venvDir);
  return venvOnce;
}

/** The p2m entry a user runs: the `p2m` bin if it exists yet, else the engine's CLI function via a shim. */
function p2mEntry(paths: Paths): string | undefined {
  const bin = join(paths.repoDir, 'cli/p2m.ts');
  if (existsSync(bin)) return bin;
  if (existsSync(join(paths.repoDir, 'engine/cli.ts'))) return join(paths.benchDir, 'drivers/p2m-cli.ts');
  return undefined;
}

const p2m: ToolSpec = {
  name: 'p2m',
  kind: 'ours',
  async prepare(paths) {
    const entry = p2mEntry(paths);
    if (!entry) return { ok: false, reason: 'engine not built yet (no cli/p2m.ts, no engine/cli.ts)' };
    const rev = await execQuiet('git', ['-C', paths.repoDir, 'log', '-1', '--format=%h', '--', 'engine']);
    return { ok: true, version: `engine@${rev.stdout.trim() || 'uncommitted'} via ${entry.replace(paths.repoDir + '/', '')}` };
  },
  batch: (paths, timeoutSec) => ({
    workers: 1,
    timeoutSec,
    command: (jobs, outDir) => ({
      cmd: process.execPath,
      args: [p2mEntry(paths) ?? 'missing-p2m-entry', 'convert', ...pdfs(jobs), '-o', outDir, '--jobs', '2'],
      cwd: paths.repoDir,
    }),
  }),
};

const pdftotext: ToolSpec = {
  name: 'pdftotext',
  kind: 'text',
  prepare: () => ensurePdftotext(),
  batch: (paths, timeoutSec) => ({
    workers: 2,
    timeoutSec,
    command: (jobs, outDir) => ({ cmd: join(paths.benchDir, 'drivers/pdftotext.sh'), args: [outDir, ...pdfs(jobs)] }),
  }),
};

const pdf2md: ToolSpec = {
  name: 'pdf2md',
  kind: 'structured',
  prepare: (paths) => ensurePdf2md(paths.peersDir),
  batch: (paths, timeoutSec) => ({
    workers: 2,
    timeoutSec,
    command: (jobs, outDir) => ({
      cmd: process.execPath,
      args: [join(paths.benchDir, 'drivers/pdf2md-driver.ts'), paths.peersDir, outDir, ...pdfs(jobs)],
    }),
  }),
};

function pythonPeer(name: 'markitdown' | 'pymupdf4llm', kind: ToolKind): ToolSpec {
  return {
    name,
    kind,
    prepare: async (paths) => (await venvPackages(paths))[name],
    batch: (paths, timeoutSec) => ({
      workers: 2,
      timeoutSec,
      command: (jobs, outDir) => ({
        cmd: join(paths.venvDir, 'bin/python'),
        args: [join(paths.benchDir, 'drivers/py_driver.py'), name, outDir, ...pdfs(jobs)],
      }),
    }),
  };
}

const opendataloader: ToolSpec = {
  name: 'opendataloader',
  kind: 'structured',
  async prepare(paths) {
    const java = await checkJava();
    if (!java.ok) return java;
    const pkg = (await venvPackages(paths)).opendataloader;
    return pkg.ok ? { ok: true, version: `${pkg.version} (${java.version})` } : pkg;
  },
  // Its own batch mode: one JVM per worker converts the whole list; progress is the .md files appearing.
  batch: (paths, timeoutSec) => ({
    workers: 2,
    timeoutSec,
    command: (jobs, outDir) => ({
      cmd: join(paths.venvDir, 'bin/opendataloader-pdf'),
      args: ['-o', outDir, '-f', 'markdown', '--image-output', 'off', ...pdfs(jobs)],
    }),
  }),
};

/** markitdown's PDF path is pdfminer text extraction; it emits no headings or tables. */
export const TOOLS: readonly ToolSpec[] = [
  p2m, pdftotext, pdf2md, pythonPeer('markitdown', 'text'), opendataloader, pythonPeer('pymupdf4llm', 'structured'),
];
