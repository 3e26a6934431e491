/**
 * Diagrams whose labels are joined by drawn lines (issue 19, drawings read
 * as tables): a graph's numbered vertices, a flowchart's steps, an
 * organisation chart. Their labels line up in rows and columns, but lines
 * run from one label to the next: across the gap between two pieces of one
 * line, at the height of their text, or down from a piece of one line to a
 * piece of the line below, within their width. A table's rules run between
 * its rows and between its columns, never from one cell's text to the
 * next's; an underline runs under its text, a strike through it.
 */
import type { Box, Line, Rule } from '../model.ts';
import { lineChunks, type Chunk } from './chunks.ts';
import { linesOf, tableEm, type Detected } from './table-parts.ts';

/** Gap (ems) between a connector's end and the text it joins: an arrowhead or a little air. */
const END_EM = 1.2;
/** Length (ems) a connector has at least: a dash drawn as a bar between two figures of a range is shorter. */
const MIN_LENGTH_EM = 1.5;
/** Share of a line's height kept off its top and bottom: a connector runs at mid-height, an underline at the foot. */
const MID_BAND = 0.25;
/** Connectors from which the "table" is a diagram: one or two may be a table's decoration. */
const MIN_CONNECTORS = 3;

const near = (a: number, b: number, d: number): boolean => Math.abs(a - b) <= d;

/** Whether a horizontal rule joins two neighbouring pieces of a line: from the end of one to the start of the next, at mid-height. */
function joinsAcross(r: Box, pieces: readonly Chunk[], y0: number, y1: number, em: number): boolean {
  const mid = (r.y0 + r.y1) / 2;
  const band = MID_BAND * (y1 - y0);
  if (mid < y0 + band || mid > y1 - band) return false;
  return pieces.slice(1).some((q, i) => {
    const p = pieces[i]!;
    return r.x0 >= p.box.x1 - em && near(r.x0, p.box.x1, END_EM * em) && r.x1 <= q.box.x0 + em && near(r.x1, q.box.x0, END_EM * em);
  });
}

/** Whether a vertical rule joins a piece of one line to a piece of the next, running down within both. */
function joinsDown(r: Box, upper: readonly Chunk[], lower: readonly Chunk[], em: number): boolean {
  const x = (r.x0 + r.x1) / 2;
  // Within the piece's width: a column's rule runs in the gutter beside it.
  const over = (c: Chunk): boolean => x >= c.box.x0 && x <= c.box.x1;
  return upper.some((a) => over(a) && near(r.y0, a.box.y1, END_EM * em)) && lower.some((b) => over(b) && near(r.y1, b.box.y0, END_EM * em));
}

/** Whether a found whitespace table is a diagram: MIN_CONNECTORS of the page's rules or more join its labels; see the module comment. */
export function isConnectedDiagram(t: Detected, lines: readonly Line[], rules: readonly Rule[]): boolean {
  if (rules.length < MIN_CONNECTORS) return false;
  const em = tableEm(t.runs);
  if (!(em > 0)) return false;
  const b = t.block.prov.box;
  const inside = rules.filter((r) => r.box.x0 >= b.x0 - em && r.box.x1 <= b.x1 + em && r.box.y0 >= b.y0 - em && r.box.y1 <= b.y1 + em
    && Math.max(r.box.x1 - r.box.x0, r.box.y1 - r.box.y0) >= MIN_LENGTH_EM * em);
  if (inside.length < MIN_CONNECTORS) return false;
  const rows = linesOf(t, lines).map((l) => ({ l, pieces: lineChunks(l).filter((c) => c.runs.some((r) => t.runs.has(r))) }))
    .filter((row) => row.pieces.length > 0)
    .sort((p, q) => p.l.box.y0 - q.l.box.y0);
  let n = 0;
  for (const r of inside) {
    const joined = r.orientation === 'h'
      ? rows.some((row) => joinsAcross(r.box, row.pieces, row.l.box.y0, row.l.box.y1, em))
      : rows.slice(1).some((row, i) => joinsDown(r.box, rows[i]!.pieces, row.pieces, em));
    if (joined && ++n >= MIN_CONNECTORS) return true;
  }
  return false;
}
