/**
 * The memory check: p2m converting one ~100-page document, with its peak RSS
 * against the 400 MB target. The document is built by concatenating corpus
 * PDFs (manifest order) with pdf-lib, so it is real text with real tables.
 */
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { PDFDocument } from 'pdf-lib';
import { runBatch } from './batch-runner.ts';
import type { ManifestRow } from './manifest.ts';
import type { MemoryCheck } from './tool-result.ts';
import type { Paths, ToolSpec } from './tools.ts';

export const MEMORY_DOC_ID = 'memory-100p';

/** Corpus rows whose pages add up to at least `target`, in manifest order. */
export function pickRows(rows: readonly ManifestRow[], target: number): ManifestRow[] {
  const picked: ManifestRow[] = [];
  let pages = 0;
  for (const r of rows) {
    if (pages >= target) break;
    picked.push(r);
    pages += r.pages;
  }
  return picked;
}

export async function buildLongPdf(corpusDir: string, rows: readonly ManifestRow[], outFile: string): Promise<number> {
  const merged = await PDFDocument.create();
  for (const r of rows) {
    const src = await PDFDocument.load(await readFile(join(corpusDir, 'dev/pdf', `${r.id}.pdf`)));
    const pages = await merged.copyPages(src, src.getPageIndices());
    for (const p of pages) merged.addPage(p);
  }
  await writeFile(outFile, await merged.save());
  return merged.getPageCount();
}

export async function runMemoryCheck(
  p2m: ToolSpec, paths: Paths, corpusDir: string, rows: readonly ManifestRow[], outRoot: string, timeoutSec: number,
): Promise<MemoryCheck> {
  const prepared = await p2m.prepare(paths);
  if (!prepared.ok) return { status: 'skipped', reason: prepared.reason };
  const dir = join(outRoot, 'memory');
  await rm(dir, { recursive: true, force: true });
  await mkdir(dir, { recursive: true });
  const pdf = join(outRoot, `${MEMORY_DOC_ID}.pdf`);
  const pages = await buildLongPdf(corpusDir, pickRows(rows, 100), pdf);
  // One document may legitimately take far longer than a corpus PDF: allow 10x the per-document timeout.
  const batch = await runBatch(p2m.batch(paths, timeoutSec * 10), [{ id: MEMORY_DOC_ID, pdf, pages }], dir);
  const o = batch.outcomes[0];
  const ok = o?.status === 'ok';
  return {
    status: 'ran', pdf: `bench/out/${MEMORY_DOC_ID}.pdf`, pages, wallSec: batch.wallSec, peakRssKb: batch.peakRssKb, ok,
    ...(ok ? {} : { reason: `${o?.status ?? 'not run'}: ${o?.reason ?? ''}` }),
  };
}
