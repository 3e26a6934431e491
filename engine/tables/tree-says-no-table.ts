/**
 * Tagged PDFs: a table found by its whitespace alone is kept only if the
 * structure tree does not say otherwise. Runs carry roles only when the tree
 * was trusted (stages/structure-check.ts); when it tags most of the found
 * table's text, and tags it as something other than table cells (a
 * definition list, aligned prose, a code block), the lines stay text.
 */
import type { TextRun } from '../model.ts';

/** Share of a found table's characters the tree must tag for its word to count. */
const MIN_TAGGED = 0.8;
/** Share of the tagged characters that must be table cells for the table to stand. */
const MIN_CELLS = 0.5;

const CELL = /^(?:TD|TH)$/;

/** True when the tree tags most of these runs, and not as table cells. */
export function treeSaysNoTable(runs: Iterable<TextRun>): boolean {
  let total = 0, tagged = 0, cells = 0;
  for (const r of runs) {
    const n = r.text.replace(/\s/g, '').length;
    total += n;
    if (r.role === undefined) continue;
    tagged += n;
    if (CELL.test(r.role)) cells += n;
  }
  return total > 0 && tagged >= total * MIN_TAGGED && cells < tagged * MIN_CELLS;
}
