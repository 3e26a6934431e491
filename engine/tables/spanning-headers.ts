/**
 * Spanning headers of whitespace-aligned tables: a group label set over
 * several columns (`Coronary heart disease` over `No.  Rate  (95% CI)`),
 * often stacked (`Race` over `Black` over `Rate`), with the stub's header
 * wrapped down beside them (`Age` / `group` / `(yrs)`).
 *
 * A header line spans when a rule drawn under one of its pieces reaches
 * over two or more of the columns the rows below make, and a line below it
 * sets those columns' own headers. Such lines are rows of their own whose
 * cells cover the columns they label; the other header lines are wrapped
 * lines of the column headers and join the first row below them. Without
 * a rule, a label is left to the column it overlaps most: centred text over
 * narrow numeric columns is as often one column's wrapped header.
 */
import type { Cell, Rule } from '../model.ts';
import type { Chunk } from './chunks.ts';
import { columnOf, type Column, type RegionLine } from './columns.ts';
import { spaceIn } from './glued-runs.ts';
import { SLACK_EM } from './chunks.ts';
import { ruleExtent } from './rule-grid.ts';
import { HALF, MIN_COLUMNS, MIN_ROWS } from './measures.ts';

/** Header lines (spanning or not) that may sit above a table's first row. */
const MAX_HEAD_LINES = 6;
/** A label is centred over its columns to within this share of their width (plus 2pt of rounding). */
const CENTRE_SHARE = 0.12;

/** Whether a chunk's middle lies over the middle of [x0, x1], to within CENTRE_SHARE of `width` (that span's, unless given) and a slack. */
function centredOver(c: Chunk, x0: number, x1: number, width = x1 - x0): boolean {
  return Math.abs((c.box.x0 + c.box.x1) / 2 - (x0 + x1) / 2) <= CENTRE_SHARE * width + SLACK_EM * c.runs[0]!.fontSize;
}

/** A line of a candidate region; `kind` as the aligned-tables detector classifies it. */
type HeadLine = RegionLine & { kind: string };

/** A spanning line (its spanning pieces, left to right) and the columns each covers, `[first, last]`. */
export type SpanRow = { line: RegionLine; ranges: [number, number][] };

/** How a region splits into spanning header lines, wrapped column-header lines and the rows below. */
export type HeaderSplit<L extends HeadLine> = { spanning: SpanRow[]; wrapped: RegionLine[]; rest: L[]; cols: Column[] };

/** Share of a line's height a spanning label reaches into the columns on both sides of a gutter (more than a touch of a ragged edge). */
const REACH_SHARE = 0.3;

/**
 * Whether a chunk crosses the whole gutter between two neighbouring columns,
 * reaching into both, with a run that has no word space in the gutter.
 */
export function crossesGutter(cols: readonly Column[], c: Chunk): boolean {
  const reach = REACH_SHARE * (c.box.y1 - c.box.y0);
  return c.runs.some((r) => cols.slice(1).some((col, i) => r.box.x0 < cols[i]!.x1 - reach && r.box.x1 > col.x0 + reach
    && !spaceIn(r, cols[i]!.x1, col.x0)));
}

/** Columns a chunk overlaps, as [first, last]; the nearest one when it sits in a gutter. */
function overlapped(cols: readonly Column[], c: Chunk): [number, number] {
  const hit = cols.flatMap((col, k) => (Math.min(col.x1, c.box.x1) > Math.max(col.x0, c.box.x0) ? [k] : []));
  const k = columnOf(cols, c);
  return hit.length ? [hit[0]!, hit[hit.length - 1]!] : [k, k];
}

/** Share of a chunk's height a rule drawn under it may rise into its box (descenders, tight padding). */
const RULE_RISE_SHARE = 0.3;

/** Columns under a rule drawn just below the chunk and under no other chunk of its line nor the stub column, or null. */
function ruledRange(cols: readonly Column[], c: Chunk, line: RegionLine, rules: readonly Rule[]): [number, number] | null {
  const height = c.box.y1 - c.box.y0;
  const rule = rules.find((r) => {
    const y = (r.box.y0 + r.box.y1) / 2;
    return r.orientation === 'h' && y > c.box.y1 - RULE_RISE_SHARE * height && y < c.box.y1 + height
      && Math.min(r.box.x1, c.box.x1) - Math.max(r.box.x0, c.box.x0) > HALF * (c.box.x1 - c.box.x0)
      && line.chunks.every((o) => o === c || o.box.x1 <= r.box.x0 || o.box.x0 >= r.box.x1);
  });
  if (!rule) return null;
  const [rx0, rx1] = ruleExtent(rule, rules);
  // Pieces continuing it under the line's other chunks make it the header row's rule (drawn cell by cell), not a label's.
  if (line.chunks.some((o) => o !== c && o.box.x1 > rx0 && o.box.x0 < rx1)) return null;
  const under = cols.flatMap((col, k) => ((col.x0 + col.x1) / 2 >= rx0 && (col.x0 + col.x1) / 2 <= rx1 ? [k] : []));
  // A rule under the stub too is the header's bottom rule, not a label's.
  return under.length && under[0]! > 0 ? [under[0]!, under[under.length - 1]!] : null;
}

/**
 * Whether a chunk labels several columns: a rule drawn under it reaches over
 * two columns or more, and a line below it (`below`, top down) sets two
 * pieces or more within those columns, their own headers. A rule under one
 * column's wrapped header (wider than its numbers) has no such line.
 */
function spansColumns(cols: readonly Column[], c: Chunk, line: RegionLine, rules: readonly Rule[], below: readonly RegionLine[]): boolean {
  const ruled = ruledRange(cols, c, line, rules);
  if (ruled === null || ruled[1] === ruled[0]) return false;
  const slack = SLACK_EM * c.runs[0]!.fontSize;
  const x0 = cols[ruled[0]]!.x0 - slack;
  const x1 = cols[ruled[1]]!.x1 + slack;
  return below.some((l) => l.y0 > line.y0 && l.chunks.filter((o) => o.box.x0 >= x0 && o.box.x1 <= x1).length >= MIN_COLUMNS);
}

/** Whether a chunk starts with no letter: a number (`-414*`, `+792 (e)`), a body cell rather than a column's header. */
const isNumber = (c: Chunk): boolean => !/^\p{L}/u.test(c.runs.map((r) => r.text).join('').trim());

/**
 * Whether a chunk labels the columns of two column headers without a rule:
 * its middle stands over no header text below it down to the first row
 * (`row`; a wrapped line of one column's header stands over that header),
 * its two nearest neighbours in that row sit in different columns clear of
 * the stub, under no other piece of its line (wrapped headers' second lines
 * are no headers of their own), and every column it stands over has its
 * header in the row; it is centred between those neighbours' outer edges or
 * over their columns (`2016` over `Total  Share`). Numbers are body cells,
 * never the headers it labels, and the row follows its line directly.
 */
function centredOverGap(cols: readonly Column[], c: Chunk, line: RegionLine, below: readonly RegionLine[]): boolean {
  const row = below[below.length - 1]!;
  const mid = (c.box.x0 + c.box.x1) / 2;
  // A line reaching into the stub column is a caption or an introducing sentence, not a label of value columns.
  if (c.box.x0 < cols[0]!.x1) return false;
  // The stub's header may be set between the header's lines, centred on them (`Region`): it is no line between.
  const stubOnly = (l: RegionLine): boolean => l.chunks.every((o) => o.box.x1 <= cols[1]!.x0);
  const under = below.filter((l) => l.y0 > line.y0 && !stubOnly(l));
  // The row of column headers follows it directly: lines between make it a body row (the labels wrapped).
  if (under.length !== 1 || under.some((l) => l.chunks.some((o) => o.box.x0 <= mid && o.box.x1 >= mid))) return false;
  const left = row.chunks.filter((o) => o.box.x1 < mid).sort((p, q) => q.box.x1 - p.box.x1)[0];
  const right = row.chunks.filter((o) => o.box.x0 > mid).sort((p, q) => p.box.x0 - q.box.x0)[0];
  const beneath = (o: Chunk): boolean => line.chunks.some((u) => u !== c && u.box.x0 < o.box.x1 && u.box.x1 > o.box.x0);
  if (!left || !right || beneath(left) || beneath(right) || [left, right].some(isNumber)) return false;
  const [a, b] = [columnOf(cols, left), columnOf(cols, right)];
  if (a === 0 || a === b) return false;
  const headed = new Set(row.chunks.map((o) => columnOf(cols, o)));
  const [p, q] = overlapped(cols, c);
  for (let k = p; k <= q; k++) if (!headed.has(k)) return false;
  return centredOver(c, left.box.x0, right.box.x1) || centredOver(c, cols[a]!.x0, cols[b]!.x1);
}

/**
 * Whether a chunk of a header line labels several pieces of the line below
 * it: it reaches over two of them, or it lies within two neighbouring ones
 * and is centred over them (over their outer edges or the gap between them,
 * `Group A` over `1st alternative  2nd alternative`) rather than flush with
 * or centred on the one it overlaps: a header's wrapped line sits so over
 * its own column's piece.
 */
export function labelsSeveral(c: Chunk, below: readonly Chunk[]): boolean {
  const over = below.filter((o) => o.box.x0 < c.box.x1 && o.box.x1 > c.box.x0);
  if (over.length >= MIN_COLUMNS) return true;
  const slack = SLACK_EM * c.runs[0]!.fontSize;
  // Set flush with the piece it overlaps, or centred on it: that piece's header, wrapped.
  const own = over[0]?.box;
  if (own && (Math.abs(own.x0 - c.box.x0) <= slack || Math.abs(own.x1 - c.box.x1) <= slack || centredOver(c, own.x0, own.x1))) return false;
  const pieces = [...below].sort((p, q) => p.box.x0 - q.box.x0);
  return pieces.slice(1).some((q, i) => {
    const p = pieces[i]!;
    if (c.box.x0 < p.box.x0 - slack || c.box.x1 > q.box.x1 + slack) return false;
    return centredOver(c, p.box.x0, q.box.x1) || centredOver(c, p.box.x1, q.box.x0, q.box.x1 - p.box.x0);
  });
}

/** The widest run of columns within [lo, hi] holding [a, b] that the chunk is centred over; [a, b] if none. */
function centredRange(cols: readonly Column[], c: Chunk, [a, b]: [number, number], lo: number, hi: number): [number, number] {
  let best: [number, number] = [a, b];
  for (let i = lo; i <= a; i++) {
    for (let j = b; j <= hi; j++) {
      if (centredOver(c, cols[i]!.x0, cols[j]!.x1) && j - i > best[1] - best[0]) best = [i, j];
    }
  }
  return best;
}

/** Column ranges of a spanning line's chunks, left to right, never overlapping nor reaching the stub unless the text does. */
function spanRanges(cols: readonly Column[], line: RegionLine, rules: readonly Rule[]): [number, number][] {
  const chunks = [...line.chunks].sort((p, q) => p.box.x0 - q.box.x0);
  const own = chunks.map((c) => overlapped(cols, c));
  const out: [number, number][] = [];
  chunks.forEach((c, i) => {
    const lo = i > 0 ? out[i - 1]![1] + 1 : Math.min(1, own[i]![0]);
    const hi = i + 1 < chunks.length ? own[i + 1]![0] - 1 : cols.length - 1;
    const ruled = ruledRange(cols, c, line, rules);
    const fits = ruled && ruled[0] >= lo && ruled[1] <= hi && ruled[0] <= own[i]![0] && ruled[1] >= own[i]![1];
    out.push(fits ? ruled : centredRange(cols, c, own[i]!, Math.min(lo, own[i]![0]), Math.max(hi, own[i]![1])));
  });
  return out;
}

/**
 * Splits off the header lines above a table's rows when some of them span
 * columns: the smallest set of leading lines such that the lines below start
 * with a row that crosses no gutter of their own columns, and some leading
 * line does. Header lines stay within the table's width, and spanning
 * pieces clear of the stub column (a caption reaching across the table
 * starts there); lines above the first spanning one are left out (a
 * caption) unless set beside it. Null when the region has no such header.
 */
export function splitSpanningHeader<L extends HeadLine>(lines: readonly L[], columnsOf: (part: L[]) => Column[] | null, rules: readonly Rule[]): HeaderSplit<L> | null {
  for (let h = 1; h <= Math.min(MAX_HEAD_LINES, lines.length - MIN_ROWS); h++) {
    const rest = lines.slice(h);
    if (rest[0]!.kind !== 'multi') continue;
    const cols = columnsOf(rest);
    // The first row below the header labels single columns: it neither crosses a gutter nor spans columns itself.
    const labels = (c: Chunk): boolean => crossesGutter(cols!, c) || spansColumns(cols!, c, rest[0]!, rules, rest.slice(1, 3)); // the two rows after it
    if (!cols || cols.length < 3 || rest[0]!.chunks.some(labels)) continue; // a stub and two columns to span
    const head = lines.slice(0, h);
    const below = [...head, rest[0]!];
    // Header lines stay within the table's width, give or take a slack on each side.
    const slack = 2 * SLACK_EM * rest[0]!.chunks[0]!.runs[0]!.fontSize;
    const x0 = cols[0]!.x0 - slack;
    const x1 = cols[cols.length - 1]!.x1 + slack;
    const fits = (l: L): boolean => l.kind !== 'barrier' && l.chunks.every((c) => c.box.x0 >= x0 && c.box.x1 <= x1
      && (!spansColumns(cols, c, l, rules, below) || c.box.x0 >= cols[0]!.x1));
    let top = head.length;
    while (top > 0 && fits(head[top - 1]!)) top--;
    const spans = (l: L): boolean => l.chunks.some((c) => spansColumns(cols, c, l, rules, below) || centredOverGap(cols, c, l, below));
    const first = head.findIndex((l, i) => i >= top && spans(l));
    if (first < 0) continue;
    // Above the first spanning line, only text set beside it (the stub's header) belongs to the header.
    const kept = head.filter((l, i) => i >= first || (i >= top && l.y1 > head[first]!.y0));
    const spanning: SpanRow[] = [];
    const wrapped: RegionLine[] = [];
    // The column headers under the spans, and the columns only one header line labels (see below).
    const heads = labelsOf(rest[0]!, cols);
    const alone = (k: number): boolean => kept.filter((l) => l.chunks.some((c) => columnOf(cols, c) === k)).length === 1;
    for (const line of kept) {
      if (!spans(line)) {
        wrapped.push(line);
        continue;
      }
      // A piece over one column beside the spanning ones is a wrapped line of that column's header, unless it is
      // that column's only header line and the header under it repeats one set under a spanning label (`2022` over
      // `Total` beside `2020` over `Total  Share`).
      const chunks = [...line.chunks].sort((p, q) => p.box.x0 - q.box.x0);
      const ranges = spanRanges(cols, { ...line, chunks }, rules);
      const under = new Set(ranges.filter(([a, b]) => b > a).flatMap(([a, b]) => heads.slice(a, b + 1)).filter((t) => t !== ''));
      const own = ranges.map(([a, b]) => b > a || (under.has(heads[a] ?? '') && alone(a)));
      if (own.includes(false)) wrapped.push({ ...line, chunks: chunks.filter((_, i) => !own[i]) });
      spanning.push({ line: { ...line, chunks: chunks.filter((_, i) => own[i]) }, ranges: ranges.filter((_, i) => own[i]) });
    }
    return { spanning, wrapped, rest, cols };
  }
  return null;
}

/** The text a line sets in each column ('' where it sets none), lower-cased. */
function labelsOf(line: RegionLine, cols: readonly Column[]): string[] {
  const out = cols.map(() => '');
  for (const c of line.chunks) {
    const k = columnOf(cols, c);
    if (k >= 0 && k < out.length) out[k] = `${out[k]} ${c.runs.map((r) => r.text).join('')}`.trim().toLowerCase();
  }
  return out;
}

/** Whether two spanning rows label the same column ranges (one label wrapped onto two lines). */
function sameRanges(a: SpanRow, b: SpanRow): boolean {
  return a.ranges.length === b.ranges.length && a.ranges.every((r, i) => r[0] === b.ranges[i]![0] && r[1] === b.ranges[i]![1]);
}

/** Spanning lines grouped into header rows: consecutive lines over the same ranges are one row. */
export function spanRowGroups(spanning: readonly SpanRow[]): SpanRow[][] {
  const groups: SpanRow[][] = [];
  for (const s of spanning) {
    const last = groups[groups.length - 1];
    if (last && sameRanges(last[0]!, s)) last.push(s);
    else groups.push([s]);
  }
  return groups;
}

const hasText = (c: Cell | undefined): boolean => c?.spans.some((s) => s.text.trim() !== '') === true;

/**
 * Header rows over a table's cells: one row per group of spanning lines,
 * each label a cell covering its columns. A column no label covers takes
 * its header cell (from the first body row) up, spanning down through all
 * header rows (the stub's `Age group (yrs)`). `makeCell` turns one group's
 * chunks into a cell. All header rows are marked as header.
 */
export function withSpanningRows(body: Cell[][], groups: readonly SpanRow[][], columnCount: number, makeCell: (chunks: Chunk[]) => Cell): Cell[][] {
  const first = body[0] ?? [];
  const covered = (k: number): boolean => groups.some((g) => g[0]!.ranges.some(([a, b]) => k >= a && k <= b));
  const lifted = new Set(first.flatMap((c, k) => (hasText(c) && !covered(k) ? [k] : [])));
  const rows = groups.map((group, gi) => {
    const row: Cell[] = [];
    for (let k = 0; k < columnCount; k++) {
      const i = group[0]!.ranges.findIndex(([a]) => a === k);
      if (lifted.has(k)) {
        if (gi === 0) row.push({ ...first[k]!, rowspan: groups.length + 1 });
      } else if (i >= 0) {
        const [a, b] = group[0]!.ranges[i]!;
        const cell = makeCell(group.map((s) => s.line.chunks[i]!));
        row.push(b > a ? { ...cell, colspan: b - a + 1 } : cell);
      } else if (!covered(k) || !group[0]!.ranges.some(([a, b]) => k > a && k <= b)) {
        row.push({ spans: [] });
      }
    }
    return row;
  });
  const head = [...rows, first.filter((_, k) => !lifted.has(k))].map((r) => r.map((c) => ({ ...c, header: true })));
  return [...head, ...body.slice(1)];
}
