/**
 * A header line whose labels, centred over their columns, are wider than the
 * values under them: deluxetables set `Distance` over `2`, `11.5`, `0.31`,
 * and the label narrows the gutter beside its column to nothing, so the
 * region's columns are found only without it and it was left out of its
 * table. It is the table's after all when each of its pieces sits over one
 * column, inside the gutters beside it, no two over the same column, and
 * each is a label, not running text (a reference card's next line of
 * descriptions over the rows of its key column).
 */
import type { Column, RegionLine } from './columns.ts';
import { MIN_COLUMNS } from './measures.ts';
import { prose } from './prose-cells.ts';

/** Whether `line`, just above a table of columns `cols`, is a line of its header (see the module comment). */
export function isHeaderOver(line: RegionLine, cols: readonly Column[]): boolean {
  if (line.chunks.length < MIN_COLUMNS) return false;
  const taken = new Set<number>();
  for (const c of line.chunks) {
    if (prose({ spans: [{ text: c.runs.map((r) => r.text).join('') }] })) return false;
    const mid = (c.box.x0 + c.box.x1) / 2;
    const k = cols.findIndex((col) => mid >= col.x0 && mid <= col.x1);
    if (k < 0 || taken.has(k)) return false;
    // Within the gutters: past the column before it and short of the column after it.
    if ((k > 0 && c.box.x0 <= cols[k - 1]!.x1) || (k + 1 < cols.length && c.box.x1 >= cols[k + 1]!.x0)) return false;
    taken.add(k);
  }
  return true;
}
