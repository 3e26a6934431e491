/**
 * Expands inputs (files and folders) into conversion tasks with their output
 * paths: stdout for one file without -o, the -o file for one file, and
 * `<name>.md` in the -o folder (or beside each PDF) for several.
 */
import fs from 'node:fs/promises';
import path from 'node:path';

/** One file to convert; `output` null means standard output. */
export type Task = { input: string; output: string | null };

async function isDir(p: string): Promise<boolean> {
  return fs.stat(p).then((s) => s.isDirectory(), () => false);
}

async function expand(input: string): Promise<string[]> {
  if (!(await isDir(input))) return [input];
  const names = (await fs.readdir(input)).filter((n) => n.toLowerCase().endsWith('.pdf')).sort();
  return names.map((n) => path.join(input, n));
}

const mdName = (input: string) => path.basename(input).replace(/\.pdf$/i, '') + '.md';

/** Builds the task list; several inputs with a non-folder -o is an error. */
export async function planTasks(inputs: string[], out?: string): Promise<Task[] | { error: string }> {
  const files = (await Promise.all(inputs.map(expand))).flat();
  const many = files.length > 1 || (await Promise.all(inputs.map(isDir))).some(Boolean);
  if (!many) {
    const [only] = files;
    if (!only) return { error: 'no PDF files found' };
    if (out && (await isDir(out))) return [{ input: only, output: path.join(out, mdName(only)) }];
    return [{ input: only, output: out ?? null }];
  }
  if (out) {
    if (!(await isDir(out))) {
      if (out.toLowerCase().endsWith('.md')) return { error: '-o must be a folder when converting several files' };
      await fs.mkdir(out, { recursive: true });
    }
    return files.map((f) => ({ input: f, output: path.join(out, mdName(f)) }));
  }
  return files.map((f) => ({ input: f, output: path.join(path.dirname(f), mdName(f)) }));
}
