/**
 * Row breaks in a table whose lines all sit one text line apart (LaTeX puts no
 * padding between rows), so spacing cannot tell a wrapped cell line from the
 * next row. The text can:
 *
 * - cells are top-aligned, so text appearing in a column the line above left
 *   empty starts a new cell, hence a new row;
 * - a cell line wraps only when the next word does not fit, so when the first
 *   word of a column's text would have fitted after the line above, that
 *   text starts a new cell;
 * - with neither sign, text in the stub column (`stub`: the first, or the last
 *   in a right-to-left table) is a new row unless at least
 *   half of the line's prose cells open in lower case, as continued phrases
 *   do (code cells do not vote: identifiers are lower case anyway).
 */
import type { Chunk } from './chunks.ts';
import { columnOf, type Column, type RegionLine } from './columns.ts';
import { HALF, MIN_COLUMNS } from './measures.ts';
import { maxOf } from '../numbers.ts';

/** A word space, in ems, when testing whether a word would have fitted. */
const SPACE_EM = 0.25;
/** Left edges (ems) within which two lines of a column start flush: rounding and glyphs' side bearings. */
const FLUSH_EM = 0.3;

/** The line's chunks per column index. */
function byColumn(line: RegionLine, cols: readonly Column[]): Map<number, Chunk[]> {
  const out = new Map<number, Chunk[]>();
  for (const c of line.chunks) {
    const k = columnOf(cols, c);
    const list = out.get(k);
    if (list) list.push(c);
    else out.set(k, [c]);
  }
  return out;
}

/** Width of the first word of a chunk (it may span several runs), prorated from the runs' boxes. */
function firstWordWidth(c: Chunk): number {
  let width = 0;
  for (const [i, run] of c.runs.entries()) {
    const text = i === 0 ? run.text.trimStart() : run.text;
    if (i > 0 && /^\s/.test(text)) break;
    const space = text.search(/\s/);
    const share = space < 0 ? 1 : space / text.length;
    width += (run.box.x1 - run.box.x0) * share;
    if (space >= 0) break;
  }
  return width;
}

/** Whether the first word of `below` would have fitted after the text of `above` before `right`. */
export function fitsAfter(above: readonly Chunk[], below: readonly Chunk[], right: number): boolean {
  const end = maxOf(above.map((c) => c.box.x1));
  const first = below[0]!;
  const size = first.runs[0]!.fontSize;
  return end + SPACE_EM * size + firstWordWidth(first) <= right + 1;
}

/** How a column's text opens: lower case, another letter, digit or sign, or code (which says nothing). */
function opening(chunks: readonly Chunk[]): 'lower' | 'other' | 'code' {
  const run = chunks[0]!.runs[0]!;
  if (run.monospace) return 'code';
  return /^\p{Ll}/u.test(run.text.trim()) ? 'lower' : 'other';
}

/** Whether `line` starts a new row after `prev`, judged from their text; see the module comment. */
export function startsRowByContent(prev: RegionLine, line: RegionLine, cols: readonly Column[], stub = 0): boolean {
  const above = byColumn(prev, cols);
  const below = byColumn(line, cols);
  for (const [k, chunks] of below) {
    const over = above.get(k);
    if (!over) return true;
    if (fitsAfter(over, chunks, cols[k]!.x1)) return true;
  }
  if (!below.has(stub)) return false;
  // Code identifiers open in lower case either way; only prose cells vote.
  const votes = [...below.values()].map(opening).filter((o) => o !== 'code');
  const lower = votes.filter((o) => o === 'lower').length;
  return votes.length === 0 || lower < HALF * votes.length;
}

/**
 * Whether `line` opens a label in the stub column and a cell in another
 * column, both of which the line above left empty: top-aligned cells
 * opening a record together, where a wrapped cell's next line would fill
 * only its own column.
 */
export function opensBesideEmpty(prev: RegionLine, line: RegionLine, cols: readonly Column[], stub = 0): boolean {
  const above = byColumn(prev, cols);
  const below = byColumn(line, cols);
  if (!below.has(stub) || above.has(stub)) return false;
  for (const k of below.keys()) if (k !== stub && !above.has(k)) return true;
  return false;
}

/** A list item's marker opening a cell's line: a bullet or a dash. */
const ITEM_MARKER = /^[•◦▪‣∙·●■–—-]\s/u;

/**
 * Whether `line`, set between the row pitch and the wrapped-line pitch of a
 * padded table, opens a new row: it labels one in the stub column beside a
 * cell of its own, the row so far (`row`) already has its label, the label
 * is no list item's next line (`• Myélome` under `• Ostéomalacie`), and its
 * cells do not mostly open in lower case, as the lines of cells wrapping
 * together do (`par l'apport | par l'apport`).
 */
export function opensPaddedRow(line: RegionLine, row: readonly RegionLine[], cols: readonly Column[], stub = 0): boolean {
  const cells = byColumn(line, cols);
  const label = cells.get(stub);
  if (!label || cells.size < MIN_COLUMNS || !row.some((l) => byColumn(l, cols).has(stub))) return false;
  if (ITEM_MARKER.test(label[0]!.runs.map((r) => r.text).join('').trim())) return false;
  const votes = [...cells.values()].map(opening).filter((o) => o !== 'code');
  return votes.filter((o) => o === 'lower').length < HALF * votes.length || votes.length === 0;
}

/**
 * Whether `line`, at a padded table's short pitch, is a row of its own although it sits one text line under `prev`:
 * the two lines pair up baseline by baseline across the same columns, two or more, each starting flush under the
 * line above (centred stacks, an author grid, do not), and the stub did not wrap (the first word of its text would
 * have fitted after the stub's text above before the middle of the gutter, or before the next column when another
 * cell did not wrap either). Lines of a list set without padding (a nomenclature: `k  Thermal conductivity` over
 * `q  Heat flux vector`, one group apart from the next by a blank) are rows; a cell that wraps beside one-line
 * neighbours leaves them empty and pairs with nothing, and cells wrapping together wrap in the stub too, or open in
 * lower case beside it (as in opensPaddedRow), or run on a list item. Left-to-right stubs only: the fit is measured
 * rightwards.
 */
export function pairsBesideStub(prev: RegionLine, line: RegionLine, cols: readonly Column[], stub = 0): boolean {
  const above = byColumn(prev, cols);
  const below = byColumn(line, cols);
  if (stub !== 0 || cols.length < MIN_COLUMNS || below.size < MIN_COLUMNS || below.size !== above.size) return false;
  // Each cell's line starts flush under the one above: a list's columns, not centred stacks (an author grid).
  const flush = (k: number, c: Chunk[]): boolean =>
    Math.abs(c[0]!.box.x0 - above.get(k)![0]!.box.x0) <= FLUSH_EM * c[0]!.runs[0]!.fontSize;
  if (![...below.keys()].every((k) => above.has(k)) || ![...below].every(([k, c]) => flush(k, c))) return false;
  const [over, label] = [above.get(stub), below.get(stub)];
  if (!over || !label) return false;
  // The stub's cells end in the gutter: its middle when nothing else tells, its far side when another cell plainly
  // did not wrap either (its first word would have fitted after its line above).
  const plainCell = [...below].some(([k, c]) => k !== stub && fitsAfter(above.get(k)!, c, cols[k]!.x1));
  const stubFits = fitsAfter(over, label, HALF * (cols[stub]!.x1 + cols[stub + 1]!.x0))
    || (plainCell && fitsAfter(over, label, cols[stub + 1]!.x0));
  if (!stubFits || ITEM_MARKER.test(label[0]!.runs.map((r) => r.text).join('').trim())) return false;
  // The stub's own case says nothing here (a symbol, `q`); the other cells vote as in opensPaddedRow.
  const votes = [...below].filter(([k]) => k !== stub).map(([, c]) => opening(c)).filter((o) => o !== 'code');
  return votes.filter((o) => o === 'lower').length < HALF * votes.length || votes.length === 0;
}
