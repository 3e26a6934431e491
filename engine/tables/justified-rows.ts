/**
 * Lines of justified prose read as table rows: two lines of a column whose
 * stretched word gaps happen to line up ("revenue | fell. | Has grown
 * faster than" over "expected | the | committee reviewed the"). Justifying
 * spreads a line's words with one gap width, so every gap between the
 * words of such a "row" is the same; a table's rows leave gaps of differing
 * widths between cells of differing widths, and word spaces inside a cell
 * far narrower than the gaps between cells.
 */
import type { TextRun } from '../model.ts';
import type { Detected } from './table-parts.ts';
import { justifiedGaps } from './table-gate.ts';
import { MIN_ROWS } from './measures.ts';

/** Whether every row of the whitespace table `t` is a justified line: every gap between its runs, left to right, a justified line's word space (table-gate.ts). */
export function isJustifiedLines(t: Detected): boolean {
  const rows = new Map<number, TextRun[]>();
  for (const r of t.runs) {
    if (!r.text.trim()) continue;
    const y = Math.round(r.box.y1);
    const row = rows.get(y);
    if (row) row.push(r);
    else rows.set(y, [r]);
  }
  if (rows.size < MIN_ROWS) return false;
  return [...rows.values()].every((row) => isJustifiedRow(row.sort((a, b) => a.box.x0 - b.box.x0)));
}

/** Whether runs of one line, left to right, are a justified line's words: every gap between them one stretched word space. */
export function isJustifiedRow(runs: readonly TextRun[]): boolean {
  return runs.length > 1 && justifiedGaps(runs).size === runs.length - 1;
}
