/**
 * pdf.js's operator codes, for the modules that read its operator lists.
 * They are taken from pdf.js when first asked for rather than imported with
 * the engine: a static import loaded all of pdf.js (about 60 ms of CPU and
 * 40 MB) into every conversion process, most of which never open it.
 */
import { createRequire } from 'node:module';
import type { Pdfjs } from './pdfjs.ts';

type Ops = Pdfjs['OPS'];

let ops: Ops | undefined;

/** pdf.js's OPS, loading pdf.js on first use (the same module instance its dynamic import gives). */
export function pdfjsOps(): Ops {
  return (ops ??= (createRequire(import.meta.url)('pdfjs-dist/legacy/build/pdf.mjs') as Pdfjs).OPS);
}

/** A table of operator codes, built on first use: a module-level table would load pdf.js with its module. */
export function opsTable<T>(build: (o: Ops) => T): () => T {
  let table: { value: T } | undefined;
  return () => (table ??= { value: build(pdfjsOps()) }).value;
}
