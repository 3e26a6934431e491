/**
 * Tables that are drawings (issue 19, charts and schematics read as tables).
 * A chart's gridlines make a ruled grid and a schematic's labels line up in
 * columns, but both hold strokes no table holds: plotted lines and curves
 * running across the grid, and the symbols, arrows and pins of a drawing
 * (page.drawn: curved or slanted strokes; rules, shading and bullets are
 * axis-aligned). A table holds at most a mark per cell (a check mark, a
 * crossed box) and, rarely, one diagonal across a header cell.
 */
import type { Box, Stroke } from '../model.ts';
import { tableEm, type Detected } from './table-parts.ts';

/**
 * A stroke taller than this (ems of the table's text) runs across rows: a plotted line or a drawing's outline,
 * not a mark beside a word or a sparkline, which stay within their row.
 */
const TALL_EM = 2.5;
/** Total length (ems) of tall strokes from which a table's box holds a plot or a drawing. */
const DRAWING_EM = 6;
/** Straight slanted segments that count towards DRAWING_EM only this many at a time: one or two are a header cell's diagonals. */
const MIN_SEGMENTS = 3;
/** Strokes per cell from which the table's box holds the marks of a drawing: a table has at most an icon or two in a cell. */
const STROKES_PER_CELL = 2;

const centreIn = (s: Stroke, b: Box): boolean => {
  const x = (s.box.x0 + s.box.x1) / 2, y = (s.box.y0 + s.box.y1) / 2;
  return x >= b.x0 && x <= b.x1 && y >= b.y0 && y <= b.y1;
};
const extent = (s: Stroke): number => Math.max(s.box.x1 - s.box.x0, s.box.y1 - s.box.y0);

/** Whether a found table's box holds a drawing: plotted lines or curves across its rows, or more strokes than a table has marks. */
export function isDrawing(t: Detected, drawn: readonly Stroke[] | undefined): boolean {
  if (!drawn?.length) return false;
  const box = t.block.prov.box;
  const inside = drawn.filter((s) => centreIn(s, box));
  if (!inside.length) return false;
  const cells = t.block.rows.reduce((n, r) => n + r.length, 0);
  if (inside.length >= STROKES_PER_CELL * cells) return true;
  const em = tableEm(t.runs);
  const tall = inside.filter((s) => s.box.y1 - s.box.y0 > TALL_EM * em);
  const straight = tall.filter((s) => !s.bends);
  const counted = straight.length >= MIN_SEGMENTS ? tall : tall.filter((s) => s.bends);
  return counted.reduce((n, s) => n + extent(s), 0) >= DRAWING_EM * em;
}
