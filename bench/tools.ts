/**
 * The tools the bench runs, as data: how each is installed or found, how a
 * worker is started over a list of PDFs, and how many workers use the two
 * cores: each peer converts one PDF at a time, so it gets two workers.
 * p2m is in p2m-tool.ts.
 */
import { join } from 'node:path';
import type { ToolName } from './args.ts';
import type { BatchSpec, Job } from './batch-runner.ts';
import { p2mTool } from './p2m-tool.ts';
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

/** markitdown counts as structured: its PDF path (pdfminer + pdfplumber) emits pipe tables and some headings. */
export const TOOLS: readonly ToolSpec[] = [
  p2mTool, pdftotext, pdf2md, pythonPeer('markitdown', 'structured'), opendataloader, pythonPeer('pymupdf4llm', 'structured'),
];
