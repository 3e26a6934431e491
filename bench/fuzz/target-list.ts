/** The fuzz targets by name: `--targets` of run.ts and the TARGET of fuzz-worker.ts and minimize.ts. */
import { contentTarget } from './content-target.ts';
import { differentialTarget } from './differential.ts';
import { directReaderTarget, pdfObjectsTarget } from './targets.ts';

/** A target: throws (or rejects) only for a defect. */
export type Target = (data: Uint8Array) => void | Promise<void>;

export const TARGETS = {
  'pdf-objects': pdfObjectsTarget,
  'direct-reader': directReaderTarget,
  content: contentTarget,
  'direct-vs-pdfjs': differentialTarget,
} as const satisfies Record<string, Target>;

export type TargetName = keyof typeof TARGETS;

/** Targets run when none are named: the differential one is slower (pdf.js reads every input too). */
export const DEFAULT_TARGETS: readonly TargetName[] = ['pdf-objects', 'direct-reader', 'content', 'direct-vs-pdfjs'];
