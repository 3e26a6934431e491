/**
 * Cells a producer set as left-to-right paragraphs inside a right-to-left
 * table. A paragraph's direction shows in its alignment: right-to-left text
 * starts at the right, left-to-right text at the left. Lines of a right-to-
 * left page are read as right-to-left paragraphs (bidi-lines.ts), yet
 * LibreOffice Calc sets a Hebrew sheet's text cells left to right, flush
 * left (`ירושלים Jerusalem` drawn with the Hebrew word on the left), and a
 * spreadsheet's context direction does the same for a cell that starts with
 * a Latin word; read right to left, the parts of such a cell come out in
 * reverse order (`Jerusalem ירושלים`). Alignment alone does not tell:
 * a browser page may set right-to-left cells flush left by style. The
 * table's numbers do: a number drawn sign first (`-876`, where a right-to-
 * left paragraph draws `876-`) was set left to right (bidi-lines.ts marks
 * it). In such a table, in a column whose cells start on one left edge and
 * end raggedly, each right-to-left piece is drawn back to the page's order
 * and read again left to right.
 */
import bidiModule from 'bidi-js';
import type { TextRun } from '../model.ts';
import { hasRtl } from '../stages/bidi-lines.ts';
import { SAME_END_EM } from './measures.ts';
import { maxOf, minOf } from '../numbers.ts';

// bidi-js is a UMD bundle: Node hands over the factory itself; its types describe an ES default export.
const bidi = (bidiModule as unknown as typeof bidiModule.default)();
const reorder = (text: string, dir: 'ltr' | 'rtl'): string => bidi.getReorderedString(text, bidi.getEmbeddingLevels(text, dir));

/** Cells a column needs before its alignment is believed: two could share their width by chance. */
const MIN_ALIGNED_CELLS = 3;

/** Whether a column's cells (each its runs) start on one left edge and end raggedly. */
function flushLeft(cells: readonly (readonly TextRun[])[]): boolean {
  const boxes = cells.filter((c) => c.length > 0).map((c) => ({
    x0: minOf(c.map((r) => r.box.x0)), x1: maxOf(c.map((r) => r.box.x1)), em: Math.max(1, ...c.map((r) => r.fontSize)),
  }));
  if (boxes.length < MIN_ALIGNED_CELLS) return false;
  const em = minOf(boxes.map((b) => b.em));
  const spread = (xs: number[]): number => maxOf(xs) - minOf(xs);
  return spread(boxes.map((b) => b.x0)) <= SAME_END_EM * em && spread(boxes.map((b) => b.x1)) > SAME_END_EM * em;
}

/**
 * Replacements for the runs of columns set flush left (`columns`: each a
 * column's cells, each cell its runs), read as left-to-right paragraphs; see
 * the module comment. Only runs a right-to-left row gave (direction `rtl`,
 * with right-to-left letters) change, in a table with a number drawn left to right.
 */
export function flushLeftReadings(columns: readonly (readonly (readonly TextRun[])[])[]): Map<TextRun, TextRun> {
  const out = new Map<TextRun, TextRun>();
  if (!columns.some((cells) => cells.some((c) => c.some((r) => r.drawnLtr)))) return out;
  for (const cells of columns) {
    const pieces = cells.flat().filter((r) => r.dir === 'rtl' && hasRtl(r.text));
    if (pieces.length === 0 || !flushLeft(cells)) continue;
    for (const r of pieces) {
      // The logical text reordered as a right-to-left paragraph is what the page shows; that, read left to right.
      const text = reorder(reorder(r.text, 'rtl'), 'ltr');
      if (text !== r.text) out.set(r, { ...r, text, dir: 'ltr' });
    }
  }
  return out;
}
