/** Cells of a whitespace table: each row's runs placed in the column they overlap most. */
import type { Words } from './broken-words.ts';
import type { Cell, TextRun } from '../model.ts';
import { cellSpans } from './cell-text.ts';
import { columnOf, type Column, type RegionLine } from './columns.ts';
import { flushLeftReadings } from './flush-left-cells.ts';
import type { Chunk } from './chunks.ts';
import { NUMBER } from './rows.ts';
import { maxOf } from '../numbers.ts';

/**
 * Whether a chunk of several runs is one number (`59,527` drawn as `59`, `,`
 * and `527`): set flush left in a column of numbers set flush right, it may
 * reach back over the gutter, and its first digits would land in the column
 * before. A number is one cell's (dot leaders between two numbers are not a number).
 */
function oneNumber(chunk: Chunk): boolean {
  if (chunk.runs.length <= 1) return false; // one run is placed whole anyway
  const text = chunk.runs.map((r) => r.text).join('').replace(/\s+/g, '');
  // Separators stand alone in a number; a run of them is a leader of dots between two numbers.
  return NUMBER.test(text) && !/[.,]{2}/.test(text);
}

/** The rows' cells, and the runs they took. */
export function buildRows(rows: readonly RegionLine[][], cols: readonly Column[], words?: Words): { cells: Cell[][]; used: Set<TextRun> } {
  const used = new Set<TextRun>();
  // Place runs, not chunks: a chunk that overflowed a gutter still splits at its runs; a number does not.
  const placed = rows.map((row) => {
    const byCol: TextRun[][] = cols.map(() => []);
    for (const chunk of row.flatMap((line) => line.chunks)) {
      const whole = oneNumber(chunk) ? columnOf(cols, chunk) : -1;
      for (const run of chunk.runs) {
        byCol[whole >= 0 ? whole : columnOf(cols, run)]!.push(run);
        used.add(run);
      }
    }
    return byCol;
  });
  // Each column's right text edge, where a word broken across a cell's lines stops.
  const rights = cols.map((_, k) => maxOf(placed.flatMap((byCol) => byCol[k]!.map((r) => r.box.x1))));
  // Right-to-left text in a column set flush left is read left to right (flush-left-cells.ts).
  const ltr = flushLeftReadings(cols.map((_, k) => placed.map((byCol) => byCol[k]!)));
  const cells = placed.map((byCol) => byCol.map((runs, k): Cell => {
    const read = ltr.size ? runs.map((r) => ltr.get(r) ?? r) : runs;
    return { spans: cellSpans(read, words && { words, right: rights[k]! }) };
  }));
  return { cells, used };
}
