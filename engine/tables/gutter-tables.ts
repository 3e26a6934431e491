/**
 * Whitespace tables on a page in layout columns (two, or three and more of
 * prose: prose-columns.ts). Each layout column is searched on its own, so
 * the lines of one column never pair up with those of the next as if they
 * were cells of one row. A table that spans the page
 * and happens to have a cell gap at the gutter is found as two halves whose
 * rows start on the same baselines; those halves are joined again.
 */
import type { Line, Rule } from '../model.ts';
import { detectAlignedTables } from './aligned-tables.ts';
import { union } from './chunks.ts';
import { sidesOfGutter, type Gutter } from './layout-gutter.ts';
import type { Detected, TableScope } from './table-parts.ts';
import { MIN_ROWS } from './measures.ts';

/** Row tops of two halves of one table agree to within this (points). */
const ROW_TOLERANCE = 1;

function sameRows(a: Detected, b: Detected): boolean {
  const ta = a.rowTops ?? [];
  const tb = b.rowTops ?? [];
  return ta.length >= MIN_ROWS && ta.length === tb.length && ta.every((y, i) => Math.abs(y - tb[i]!) <= ROW_TOLERANCE);
}

function join(a: Detected, b: Detected): Detected {
  const rows = a.block.rows.map((row, i) => [...row, ...(b.block.rows[i] ?? [])]);
  const header = rows[0]?.every((c) => c.header) ?? false;
  // A header is a header on both halves or on neither.
  if (!header) for (const c of rows[0] ?? []) delete c.header;
  const box = union([a.block.prov.box, b.block.prov.box]);
  return { block: { ...a.block, rows, prov: { ...a.block.prov, box } }, runs: new Set([...a.runs, ...b.runs]), rowTops: a.rowTops };
}

/** Finds whitespace tables on a page whose layout gutter is `g`; see the module comment. */
export function detectBesideGutter(page: TableScope, lines: readonly Line[], g: Gutter, rules: readonly Rule[]): Detected[] {
  return detectBetweenGutters(page, lines, [g], rules);
}

/**
 * Finds whitespace tables on a page set in layout columns between `gutters`
 * (ascending): each column on its own, and a table's halves in neighbouring
 * columns joined again, as on a two-column page.
 */
export function detectBetweenGutters(page: TableScope, lines: readonly Line[], gutters: readonly Gutter[], rules: readonly Rule[]): Detected[] {
  const columns: Line[][] = [];
  const crossing: Line[] = [];
  let rest: readonly Line[] = lines;
  for (const g of gutters) {
    const sides = sidesOfGutter(rest, g);
    columns.push(sides.left);
    crossing.push(...sides.crossing);
    rest = sides.right;
  }
  columns.push([...rest]);
  let found = detectAlignedTables(page, columns[0]!, rules, crossing);
  for (let k = 1; k < columns.length; k++) {
    const right = detectAlignedTables(page, columns[k]!, rules, crossing);
    const out: Detected[] = [];
    for (const l of found) {
      const i = right.findIndex((r) => sameRows(l, r));
      out.push(i < 0 ? l : join(l, right.splice(i, 1)[0]!));
    }
    found = [...out, ...right];
  }
  return found;
}
