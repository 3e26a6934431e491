/**
 * Tables side by side on shared baselines (pdflatex sets two tabulars
 * top-aligned at one row pitch; Calc and Writer do the same for tables of
 * equal padding): every row of the shorter table shares a baseline with a
 * row of the longer one, so baseline-split.ts sees one table. What still
 * tells them apart is where each table's text stops: a table's rows end
 * together, while here the rows on one side of a gutter go on (two lines or
 * more, each with cells in two columns or more) after the other side's have
 * ended, or begin before. The side that starts at the gutter must open with
 * a column of labels, a table's stub, that names each row: one table whose
 * last rows leave its right-hand columns empty is not two tables, whether
 * those columns hold numbers or a few words repeated (`Yes`, `No`). The
 * stub is looked for on the lines both sides share: a gutter inside the
 * shorter table leaves its value columns there, and the longer table's stub
 * only below them.
 */
import type { TextRun } from '../model.ts';
import { CHUNK_GAP_EM } from './chunks.ts';
import { MIN_COLUMNS } from './measures.ts';

/** A line's runs that show text, by left edge. */
export type Inked = readonly TextRun[];
/** A line's inked runs left (`a`) and right (`b`) of a cut. */
export type Sides = { a: Inked; b: Inked };

/** Lines at one end of a band with text on one side only that make an overhang: more than a wrapped cell or a note. */
const MIN_OVERHANG = 2;
/** Share of the right side's lines whose first cell is a label (starts with a letter), and share of those labels that differ, for it to open with a stub column. */
const STUB_SHARE = 0.5;

/** How many cells the runs (sorted by left edge) make: stretches separated by a gap wider than a cell gap (ems). */
export function columnsOf(sorted: Inked, size: number): number {
  let n = 0;
  for (let i = 0; i < sorted.length; i++) if (i === 0 || sorted[i]!.box.x0 - sorted[i - 1]!.box.x1 > CHUNK_GAP_EM * size) n++;
  return n;
}

/** Lines at the band's start or end (the longer run) that hold a row (two cells or more) on `side` and nothing on the other. */
function overhang(sides: readonly Sides[], size: number, side: 'a' | 'b'): number {
  const other = side === 'a' ? 'b' : 'a';
  const run = (order: readonly Sides[]): number => {
    let n = 0;
    while (n < order.length && !order[n]![other].length && columnsOf(order[n]![side], size) >= MIN_COLUMNS) n++;
    return n;
  };
  return Math.max(run(sides), run([...sides].reverse()));
}

/**
 * Whether the band's lines, split at a cut (each line's runs ending before
 * it, `a`, and starting after it, `b`), are two tables whose rows end (or
 * begin) apart; see the module comment. Each side must hold `minRows` rows
 * of two cells or more, and both sides must share some lines (else the
 * band is one table over another, which the region search already parts).
 */
export function endsApart(sides: readonly Sides[], size: number, minRows: number): boolean {
  const rows = (s: 'a' | 'b'): number => sides.filter((l) => columnsOf(l[s], size) >= MIN_COLUMNS).length;
  if (rows('a') < minRows || rows('b') < minRows || !sides.some((l) => l.a.length && l.b.length)) return false;
  if (Math.max(overhang(sides, size, 'a'), overhang(sides, size, 'b')) < MIN_OVERHANG) return false;
  // Judged beside the other side's rows: past them, a neighbour cut off at a gutter inside it shows the next table's stub.
  return isStub(sides.filter((l) => l.b.length && l.a.length).map((l) => l.b[0]!.text));
}

/** Whether the first cells of a side's lines make a stub: most are labels (start with a letter), and most of those differ. */
export function isStub(firsts: readonly string[]): boolean {
  const labels = firsts.map((t) => t.trim()).filter((t) => /^\p{L}/u.test(t));
  // A stub names each row; a column of values in words repeats a few of them (`Yes`, `No`).
  return labels.length >= STUB_SHARE * firsts.length && new Set(labels).size >= STUB_SHARE * labels.length;
}
