/**
 * Lines under a table's last row that carry on one of its cells: text
 * wrapped in a narrow column (`Private` / `households`, `−3.77` / `(e)`).
 * Inside a table the next row's numbers tell such a line from a row; under
 * the last row nothing does, and a table set at the foot of a layout column
 * ends on one as often as not. A reader takes the line for the cell's when
 * it follows closer than the rows follow one another (padded rows), or when
 * its first word could not have stood on the line above: it would have run
 * into the next column (or past the table's edge).
 */
import { SLACK_EM, type Chunk } from './chunks.ts';
import { columnOf, findColumns, type Column, type RegionLine } from './columns.ts';
import { fitsAfter } from './row-breaks.ts';
import { PADDED_PITCH } from './row-pitches.ts';
import { WRAP_BLANK_LINES } from './measures.ts';
import { maxOf } from '../numbers.ts';

/** The median pitch between consecutive lines of cells (a wrapped header's lines are few), or 0. */
function rowPitch(rows: readonly RegionLine[]): number {
  const pitches = rows.slice(1).map((l, i) => l.y0 - rows[i]!.y0).sort((p, q) => p - q);
  return pitches[pitches.length >> 1] ?? 0;
}

/**
 * How many of the one-piece lines under a table's last row (`tail`, top
 * down) carry on a cell of that row: each follows at a paragraph's leading,
 * starts or ends where the cell's text does, stays within the cell's column,
 * and either follows at a pitch the padded rows never have or starts with a
 * word that would not have fitted after the line above within the column
 * (the table's right edge for the last one). `rows` are the table's
 * multi-cell lines, top down; `cols` their columns with no overflow allowed,
 * when the caller has them at hand.
 */
export function wrappedTail(rows: readonly RegionLine[], tail: readonly RegionLine[], cols?: readonly Column[]): number {
  const row = rows[rows.length - 1];
  if (!row) return 0;
  cols ??= findColumns(rows.flatMap((l) => l.chunks), 0);
  const right = maxOf(rows.flatMap((l) => l.chunks.map((c) => c.box.x1)));
  const pitch = rowPitch(rows);
  let above: RegionLine = row;
  let cell: Chunk | null = null;
  let n = 0;
  for (const line of tail) {
    const c = line.chunks[0]!;
    const slack = SLACK_EM * c.runs[0]!.fontSize;
    if (line.chunks.length !== 1 || line.y0 - above.y1 > WRAP_BLANK_LINES * (line.y1 - line.y0)) break;
    cell ??= row.chunks.find((o) => Math.abs(o.box.x0 - c.box.x0) <= slack || Math.abs(o.box.x1 - c.box.x1) <= slack) ?? null;
    if (!cell) break;
    const k = columnOf(cols, cell);
    const limit = k + 1 < cols.length ? cols[k + 1]!.x0 : right + slack;
    const ends = above === row ? [cell] : above.chunks;
    const padded = PADDED_PITCH * (line.y0 - above.y0) <= pitch;
    if (c.box.x1 > limit || (!padded && fitsAfter(ends, [c], limit))) break;
    above = line;
    n++;
  }
  return n;
}
