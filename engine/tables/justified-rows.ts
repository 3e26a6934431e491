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
import { JUSTIFIED_MIN_GAPS, JUSTIFIED_TOLERANCE } from './table-gate.ts';
import { MIN_ROWS } from './measures.ts';

/** Whether every row of the whitespace table `t` is a justified line: its runs, left to right, with gaps of one width. */
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
  for (const row of rows.values()) {
    if (row.length <= JUSTIFIED_MIN_GAPS) return false;
    row.sort((a, b) => a.box.x0 - b.box.x0);
    const gaps = row.slice(1).map((r, i) => r.box.x0 - row[i]!.box.x1);
    if (Math.max(...gaps) - Math.min(...gaps) > JUSTIFIED_TOLERANCE) return false;
  }
  return true;
}
