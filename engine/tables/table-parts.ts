/**
 * Shared shapes between table detectors and the stage: a detected table is a
 * block plus the runs it took, so the stage can take them out of the lines.
 */
import type { Words } from './broken-words.ts';
import type { Block, Box, Cell, Line, TextRun } from '../model.ts';
import { union } from './chunks.ts';
import { MIN_ROWS } from './measures.ts';

/** A table block as the detectors produce it. */
export type TableBlock = Extract<Block, { kind: 'table' }>;

/** The page a detector works on: its number and width, and the document's words (to mend words broken in cells). */
export type TableScope = {
  number: number;
  width: number;
  words?: Words;
  /**
   * What the page holds besides the lines searched (ruled tables, charts,
   * drawings): a row-group label at the end of the lines searched is at a
   * column or page break only when none of these lies below it.
   */
  below?: readonly Box[];
};

export { MIN_ROWS };

/** Median font size of a detected table's runs: the em its marks and strokes are measured in. */
export function tableEm(runs: ReadonlySet<TextRun>): number {
  const sizes = Float64Array.from(runs, (r) => r.fontSize).sort();
  return sizes[sizes.length >> 1] ?? 0;
}

/** A detected table and the runs it consumed; whitespace tables also say where each row starts (y). */
export type Detected = { block: TableBlock; runs: Set<TextRun>; rowTops?: number[] };

/** The lines that hold any of a detected table's runs. */
export function linesOf(t: Detected, lines: readonly Line[]): Line[] {
  return lines.filter((l) => l.runs.some((r) => t.runs.has(r)));
}

/** Removes consumed runs from lines; lines left empty are dropped, others get a fresh box. */
export function removeRuns(lines: readonly Line[], taken: ReadonlySet<TextRun>): Line[] {
  const out: Line[] = [];
  for (const line of lines) {
    const runs = line.runs.filter((r) => !taken.has(r));
    if (runs.length === line.runs.length) out.push(line);
    else if (runs.some((r) => r.text.trim() !== '')) out.push({ runs, box: union(runs.map((r) => r.box)) });
  }
  return out;
}

/** Whether a row has no text in any cell. */
export function emptyRow(row: readonly Cell[]): boolean {
  return row.every((c) => c.spans.every((s) => s.text.trim() === ''));
}

/** Whether the centre of `inner` lies inside `outer`. */
export function centreIn(inner: Box, outer: Box): boolean {
  const x = (inner.x0 + inner.x1) / 2;
  const y = (inner.y0 + inner.y1) / 2;
  return x >= outer.x0 && x <= outer.x1 && y >= outer.y0 && y <= outer.y1;
}

/** Marks the first row as the header when every non-empty cell in it is bold or a rule sets it apart. */
export function markHeader(rows: Cell[][], ruledBelowFirst: boolean): void {
  const first = rows[0];
  if (!first || rows.length < MIN_ROWS) return;
  const texts = first.flatMap((c) => c.spans.filter((s) => s.text.trim() !== ''));
  const bold = texts.length > 0 && texts.every((s) => s.bold);
  if (bold || ruledBelowFirst) for (const c of first) c.header = true;
}
