/**
 * Converts one file for the CLI and reports the outcome as data, so a bad
 * file never stops a batch. Shared by the in-process path and the children.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { convert } from '../convert.ts';
import { EngineError, type OcrMode } from '../types.ts';
import type { Task } from './plan.ts';
import type { FidelityFlags } from './args.ts';

/** Options passed through to convert() for every file. */
export type FileOptions = { pages?: { from: number; to: number }; ocr: OcrMode; fidelity?: FidelityFlags };

/** Pages converted so far of the file being converted. */
export type PageProgress = { pagesDone: number; pagesTotal: number };

/** What happened to one file; markdown is returned only for stdout output. */
export type FileOutcome =
  | { ok: true; input: string; pages: number; pagesDone: number; truncated: boolean; markdown?: string }
  | { ok: false; input: string; code: string; message: string };

/** Converts and writes one file; never throws. */
export async function convertFile(task: Task, opts: FileOptions, onProgress?: (p: PageProgress) => void): Promise<FileOutcome> {
  try {
    const data = new Uint8Array(await fs.readFile(task.input));
    const r = await convert(data, { pages: opts.pages, ocr: opts.ocr, ...opts.fidelity, ...(onProgress ? { onProgress } : {}) });
    if (task.output) await fs.writeFile(task.output, r.markdown);
    // Pictures go where the Markdown links them: images/… beside it.
    for (const img of task.output ? (r.images ?? []) : []) {
      const file = path.join(path.dirname(task.output!), img.name);
      await fs.mkdir(path.dirname(file), { recursive: true });
      await fs.writeFile(file, img.png);
    }
    const base = { ok: true as const, input: task.input, pages: r.pages, pagesDone: r.pagesDone, truncated: r.truncated };
    return task.output ? base : { ...base, markdown: r.markdown };
  } catch (err) {
    const code = err instanceof EngineError ? err.code : (err as NodeJS.ErrnoException)?.code ?? 'error';
    return { ok: false, input: task.input, code, message: err instanceof Error ? err.message : String(err) };
  }
}
