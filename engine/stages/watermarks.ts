/**
 * Watermarks: a word or two set at a slant across the page ("DRAFT",
 * "Sample", "CONFIDENTIAL"), many times the size of the text they are drawn
 * over. Such a run is page furniture, not the document's text; left in, its
 * box covers the lines under it, and a table there reads as one row.
 */
import type { Page, TextRun } from '../model.ts';
import { bodySize } from './headings.ts';

/**
 * A watermark's size, in body sizes, at least. Watermarks are set to span
 * the page (nihbiosketch's `Sample`: 142 pt over 10 pt text; kdgdocs'
 * copyright line, longer: 25 pt over 11 pt); a table's slanted column labels,
 * the other text set at a slant, are the body size or smaller.
 */
const WATERMARK_SIZE = 2;

/** A quarter turn, in degrees: text turned by whole quarters reads level or upright. */
const QUARTER_TURN = 90;

/** A run whose baseline is neither level nor upright (rotation is in degrees). */
const slanted = (r: TextRun): boolean => r.rotation !== undefined && r.rotation % QUARTER_TURN !== 0;

/** The runs of the document set at a slant and at a watermark's size. */
export function watermarkRuns(pages: readonly Page[]): Set<TextRun> {
  const out = new Set<TextRun>();
  // Most documents set nothing at a slant: the body size is measured only for those that do.
  const slants: TextRun[] = [];
  for (let i = 0; i < pages.length; i++) {
    const lines = pages[i]!.lines;
    for (let k = 0; k < lines.length; k++) {
      const runs = lines[k]!.runs;
      for (let j = 0; j < runs.length; j++) if (slanted(runs[j]!)) slants.push(runs[j]!);
    }
  }
  if (slants.length === 0) return out;
  const body = bodySize(pages.flatMap((p) => p.lines));
  for (const r of slants) if (r.fontSize >= WATERMARK_SIZE * body) out.add(r);
  return out;
}
