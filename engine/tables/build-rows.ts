/** Cells of a whitespace table: each row's runs placed in the column they overlap most. */
import type { Words } from './broken-words.ts';
import type { Cell, TextRun } from '../model.ts';
import { cellSpans } from './cell-text.ts';
import { columnOf, type Column, type RegionLine } from './columns.ts';
import { flushLeftReadings } from './flush-left-cells.ts';

/** The rows' cells, and the runs they took. */
export function buildRows(rows: readonly RegionLine[][], cols: readonly Column[], words?: Words): { cells: Cell[][]; used: Set<TextRun> } {
  const used = new Set<TextRun>();
  // Place runs, not chunks: a chunk that overflowed a gutter still splits at its runs.
  const placed = rows.map((row) => {
    const byCol: TextRun[][] = cols.map(() => []);
    for (const run of row.flatMap((line) => line.chunks.flatMap((c) => c.runs))) {
      byCol[columnOf(cols, run)]!.push(run);
      used.add(run);
    }
    return byCol;
  });
  // Each column's right text edge, where a word broken across a cell's lines stops.
  const rights = cols.map((_, k) => Math.max(...placed.flatMap((byCol) => byCol[k]!.map((r) => r.box.x1))));
  // Right-to-left text in a column set flush left is read left to right (flush-left-cells.ts).
  const ltr = flushLeftReadings(cols.map((_, k) => placed.map((byCol) => byCol[k]!)));
  const cells = placed.map((byCol) => byCol.map((runs, k): Cell => {
    const read = ltr.size ? runs.map((r) => ltr.get(r) ?? r) : runs;
    return { spans: cellSpans(read, words && { words, right: rights[k]! }) };
  }));
  return { cells, used };
}
