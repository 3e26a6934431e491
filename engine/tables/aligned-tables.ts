/**
 * Whitespace-aligned tables (no vertical rules): consecutive lines whose text
 * falls into the same two or more columns with empty gutters between them.
 * Horizontal rules, where drawn (booktabs, header underlines), separate rows.
 *
 * Guards against look-alikes: monospace lines (code) break a region; a
 * region whose first column holds only list markers is a list; two wide
 * columns of prose are a two-column page layout; lines with two chunks in
 * one column are justified prose, not cells.
 */
import type { Box, Cell, Line, Rule } from '../model.ts';
import { isHeadingRun } from './heading-rows.ts';
import { lineChunks, SLACK_EM, union, type Chunk } from './chunks.ts';
import { columnOf, straddles, findColumns, joinHeadColumns, type Column, type RegionLine } from './columns.ts';
import { groupRows, OFFSET_PITCH, ruleBetween, ruleUnderFirstRow } from './rows.ts';
import { underHeaderRule } from './header-rule-gap.ts';
import { continuesAcrossGap, labelAtEnd, MAX_LABEL_LINES } from './region-gaps.ts';
import { markHeader, type Detected, type TableScope } from './table-parts.ts';
import { cutHeaderLine } from './glued-runs.ts';
import { isHeaderOver } from './header-over.ts';
import { splitSpanningHeader, spanRowGroups, withSpanningRows } from './spanning-headers.ts';
import { splitUnalignedSides } from './unaligned-sides.ts';
import { buildRows } from './build-rows.ts';
import { wrappedTail } from './wrapped-tail.ts';
import { cellSpans } from './cell-text.ts';
import { HALF, LAYOUT_COLUMN_SHARE, MIN_COLUMNS, MIN_ROWS, REGION_GAP_LINES, WRAP_BLANK_LINES } from './measures.ts';
import { joinJustified } from './justified-cells.ts';
import { minOf } from '../numbers.ts';

/** A barrier is a line that ends any region it meets (text carried across a layout gutter). */
type Info = RegionLine & { kind: 'multi' | 'single' | 'mono' | 'barrier' };

/** Times a region is split again (at an edge line, a straddler, between two tables) before giving up. */
const MAX_DEPTH = 8;

const MARKER = /^([•◦▪‣∙·○●■□–—*+-]|\(?\d{1,3}[.)]|\(?[a-zA-Z][.)]|[ivxIVX]{1,4}[.)])$/;

/** Whether a line's first chunk is a list marker alone. */
const opensWithMarker = (chunks: readonly Chunk[]): boolean => MARKER.test(chunks[0]!.runs.map((r) => r.text).join('').trim());

function classify(chunks: Chunk[]): Info | null {
  if (!chunks.length) return null;
  const box = union(chunks.map((c) => c.box));
  // Code lines are monospace throughout; a table row may mix code cells with prose
  // cells, and a lone monospace line may be a wrapped code cell, so only
  // multi-chunk all-monospace lines count as code.
  const mono = chunks.length >= MIN_COLUMNS && chunks.every((c) => c.runs.every((r) => r.monospace));
  // A list item's marker sits apart from its text like a cell; the item is one piece of prose.
  // Asked only of a line that would otherwise be a row: a line of one chunk is single whatever it opens with.
  const kind = mono ? 'mono' : chunks.length >= MIN_COLUMNS && !opensWithMarker(chunks) ? 'multi' : 'single';
  return { chunks, y0: box.y0, y1: box.y1, kind };
}

/** Splits the page's lines into runs of candidate lines, broken by code and by large vertical gaps. */
function candidateRegions(infos: readonly Info[], rules: readonly Rule[], below?: readonly Box[]): Info[][] {
  const regions: Info[][] = [];
  let cur: Info[] = [];
  let coded = false;
  // A group label that is the last line searched, its rows after the break (region-gaps.ts labelAtEnd).
  let endLabel: Info | null = null;
  const close = (): void => {
    // Lines under the last row stay when they carry on one of its cells.
    const last = cur.findLastIndex((l) => l.kind === 'multi');
    const rows = cur.slice(0, last + 1).filter((l) => l.kind === 'multi');
    const tail = wrappedTail(rows, cur.slice(last + 1), rows.length ? tightColumns(rows) : []);
    while (cur.length > last + 1 + tail && cur[cur.length - 1]!.kind !== 'multi' && !setOff(cur) && cur[cur.length - 1] !== endLabel) cur.pop();
    if (cur.filter((l) => l.kind === 'multi').length >= MIN_ROWS) regions.push(cur);
    cur = [];
    coded = false;
  };
  infos.forEach((info, i) => {
    const prev = cur[cur.length - 1];
    const height = Math.max(info.y1 - info.y0, 1);
    if (prev && info.y0 - prev.y1 > REGION_GAP_LINES * height && !continuesAcrossGap(cur, info, infos.slice(i + 1, i + 1 + MAX_LABEL_LINES)) && !underHeaderRule(cur, info, rules)) {
      if (i === infos.length - 1 && labelAtEnd(cur, info, rules, below)) endLabel = info;
      else close();
    }
    if (info.kind === 'multi') cur.push(info);
    else if (info.kind === 'single' && cur.length && cur.some((l) => l.kind === 'multi') && !breaksRegion(cur, info, infos[i + 1])) cur.push(info);
    // Two lines just above a region's first row may be labels spanning its columns (`Race`); analyse() decides.
    else if (info.kind === 'single' && !cur.some((l) => l.kind === 'multi')) cur = [...cur.slice(-1), info];
    else if (info.kind === 'mono' && admitsCode(cur, info, rules, coded)) {
      cur.push({ ...info, kind: 'multi' });
      coded = true;
    } else close();
  });
  close();
  return regions;
}

/**
 * Whether the region's last line sits closer than a line below the line
 * before it, a row of cells: the second line of a stub the cells are
 * centred against, not a note under the table.
 */
function setOff(region: readonly Info[]): boolean {
  const last = region[region.length - 1]!;
  const prev = region[region.length - 2]; // the line before the last
  return prev?.kind === 'multi' && last.kind === 'single' && last.y0 - prev.y0 < OFFSET_PITCH * (last.y1 - last.y0);
}

/** Whether every chunk of `line` starts where a chunk of the region's rows starts. */
function startsAligned(region: readonly Info[], line: Info): boolean {
  const starts = region.filter((l) => l.kind === 'multi').flatMap((l) => l.chunks.map((c) => c.box.x0));
  return line.chunks.every((c) => starts.some((x) => Math.abs(x - c.box.x0) <= SLACK_EM * c.runs[0]!.fontSize));
}

/**
 * Code lines (monospace throughout) join a table only below a row that is
 * not code, the header: with their cells starting where the region's do, or
 * across a drawn rule under that header (booktabs sets code cells indented).
 * A rule under code rows closes the table. Aligned code with no such header
 * is a code block: command output, aligned assignments.
 */
function admitsCode(region: readonly Info[], line: Info, rules: readonly Rule[], coded: boolean): boolean {
  const prev = region[region.length - 1];
  if (!prev || !region.some((l) => l.kind === 'multi' && !l.chunks.every((c) => c.runs.every((r) => r.monospace)))) return false;
  const x0 = Math.min(prev.chunks[0]!.box.x0, line.chunks[0]!.box.x0);
  const x1 = Math.max(...prev.chunks.map((c) => c.box.x1), ...line.chunks.map((c) => c.box.x1));
  const ruled = ruleBetween(rules, prev, line, x0, x1);
  if (coded) return !ruled && startsAligned(region, line);
  return startsAligned(region, line) || (ruled && prev.kind === 'multi');
}

/**
 * Whether a single-chunk line ends the region: a line reaching across the
 * gutters seen so far is prose; a line over a header row (all bold) below
 * body rows is the next table's title; and a standalone bold line is a heading
 * unless it labels the rows below it (`Sex`, `Race/Ethnicity`): it sits in
 * the first column and the next line is a row of the same columns.
 */
function breaksRegion(region: readonly Info[], line: Info, next: Info | undefined): boolean {
  const multi = region.filter((l) => l.kind === 'multi');
  const cols = tightColumns(multi);
  if (straddles(cols, line.chunks[0]!)) return true;
  if (next?.kind === 'multi' && allBold(next) && multi.some((l) => !allBold(l))) return true;
  if (!line.chunks[0]!.runs.every((r) => r.bold) || wrapsCellAbove(region[region.length - 1]!, line)) return false;
  return !labelsRows(cols, line, next);
}

/**
 * Whether a single-chunk line is the next line of a cell of the row above (a
 * header cell `Budget` / `2002` wrapped in a narrow column): it starts, ends
 * or is centred where one of that row's cells is, other than the first, and
 * follows it at a paragraph's leading. A heading under a table starts at its left edge or
 * stands a blank line below.
 */
function wrapsCellAbove(prev: Info, line: Info): boolean {
  const c = line.chunks[0]!;
  const slack = SLACK_EM * c.runs[0]!.fontSize;
  if (prev.kind !== 'multi' || line.y0 - prev.y1 > WRAP_BLANK_LINES * (line.y1 - line.y0)) return false;
  const mid = (b: { x0: number; x1: number }): number => (b.x0 + b.x1) / 2;
  const aligned = (p: Chunk): boolean => [p.box.x0 - c.box.x0, p.box.x1 - c.box.x1, mid(p.box) - mid(c.box)].some((d) => Math.abs(d) <= slack);
  return prev.chunks.slice(1).some(aligned);
}

const allBold = (l: Info): boolean => l.chunks.every((c) => c.runs.every((r) => r.bold));

/** Whether a bold first-column line is a row-group label: the next line fills two or more of the region's columns. */
function labelsRows(cols: readonly Column[], line: Info, next: Info | undefined): boolean {
  if (cols.length < MIN_COLUMNS || columnOf(cols, line.chunks[0]!) !== 0 || line.chunks[0]!.box.x1 > cols[1]!.x0) return false;
  if (!next || next.kind !== 'multi' || next.y0 - line.y1 > REGION_GAP_LINES * Math.max(line.y1 - line.y0, 1)) return false;
  if (next.chunks.some((c) => straddles(cols, c))) return false;
  return new Set(next.chunks.map((c) => columnOf(cols, c))).size >= MIN_COLUMNS;
}

/** Share of the lines with two chunks in one column past which they are justified prose (wide word gaps at random places). */
const DOUBLED_SHARE = 0.15;

/**
 * The columns found so far on the page, by the multi-chunk lines they were
 * found for (all regionColumns reads). A region is asked for its columns
 * again and again, once per candidate header split, per split point of
 * bestSplit and per edge line left out, over the same lines; finding them
 * was half the cost of the aligned search. Lines are named by a number of
 * their own (a line's Info is made once and never changed), and nothing
 * changes the columns once found.
 */
let columnsSeen = new Map<string, Column[] | null>();
/** Likewise the columns with no overflow allowed that breaksRegion and wrappedTail ask for as a region grows line by line. */
let tightSeen = new Map<string, Column[]>();
const lineIds = new WeakMap<Info, number>();
let nextLineId = 0;

function lineId(l: Info): number {
  let id = lineIds.get(l);
  if (id === undefined) lineIds.set(l, (id = nextLineId++));
  return id;
}

/** The columns of the lines' chunks that no chunk crosses (findColumns with no overflow allowed); see columnsSeen. */
function tightColumns(lines: readonly Info[]): Column[] {
  const key = lines.map(lineId).join(',');
  let cols = tightSeen.get(key);
  if (!cols) tightSeen.set(key, (cols = findColumns(lines.flatMap((l) => l.chunks), 0)));
  return cols;
}

/** Columns from the multi-chunk lines; null when the region fails the look-alike guards. */
function regionColumns(lines: readonly Info[], pageWidth: number): Column[] | null {
  const multi = lines.filter((l) => l.kind === 'multi');
  const key = `${pageWidth} ${multi.map(lineId).join(',')}`;
  if (columnsSeen.has(key)) return columnsSeen.get(key)!;
  const cols = multiColumns(multi, pageWidth);
  columnsSeen.set(key, cols);
  return cols;
}

/** Columns from a region's multi-chunk lines; see regionColumns. */
function multiColumns(multi: readonly Info[], pageWidth: number): Column[] | null {
  const cols = joinHeadColumns(findColumns(multi.flatMap((l) => l.chunks), multi.length), multi);
  if (cols.length < MIN_COLUMNS) return null;
  // Justified prose has wide word gaps at random places: two chunks land in one column.
  const doubled = multi.filter((l) => new Set(l.chunks.map((c) => columnOf(cols, c))).size < l.chunks.length);
  if (doubled.length > multi.length * DOUBLED_SHARE) return null;
  const firstCol = multi.flatMap((l) => l.chunks.filter((c) => columnOf(cols, c) === 0));
  if (firstCol.every((c) => MARKER.test(c.runs.map((r) => r.text).join('').trim()))) return null;
  if (cols.length === MIN_COLUMNS && cols.every((c) => c.x1 - c.x0 > LAYOUT_COLUMN_SHARE * pageWidth)) return null;
  return rowsAgree(multi, cols) ? cols : null;
}

/**
 * Rows must agree on the columns: at least two lines put text in two or more
 * columns that another line also uses. Lines that only sit side by side (text
 * of two layout columns on one baseline) each bring columns of their own.
 * Two lines alone must share half the columns or more: a header over one row
 * fills the row's columns, while two unrelated lines (a paragraph's last
 * words beside a note, over a line of `label = value` pairs) meet only at
 * the page's edges.
 */
function rowsAgree(multi: readonly Info[], cols: readonly Column[]): boolean {
  const used = multi.map((l) => new Set(l.chunks.map((c) => columnOf(cols, c))));
  const users = new Array<number>(cols.length).fill(0);
  for (const set of used) for (const k of set) users[k]!++;
  if (used.length === MIN_ROWS && [...used[0]!].filter((k) => used[1]!.has(k)).length < HALF * cols.length) return false;
  return used.filter((set) => [...set].filter((k) => users[k]! >= MIN_ROWS).length >= MIN_COLUMNS).length >= MIN_ROWS;
}

/** Number of gutters between the columns that a chunk reaches across from one side to the other. */
const guttersCrossed = (cols: readonly Column[], c: Chunk): number => cols.slice(1).filter((col, i) => c.box.x0 < cols[i]!.x1 && c.box.x1 > col.x0).length;

/**
 * Cuts a region before the first single-chunk line that straddles a gutter,
 * and before a last line with a piece reaching across two gutters or more:
 * prose under the table (`TEST COMMENTS:` and its text), not a row.
 */
function cutAtStraddler(lines: readonly Info[], cols: readonly Column[]): [Info[], Info[]] | null {
  const i = lines.findIndex((l) => l.kind === 'single' && straddles(cols, l.chunks[0]!));
  if (i >= 0) return [lines.slice(0, i), lines.slice(i + 1)];
  const last = lines[lines.length - 1]!;
  return lines.length > MIN_ROWS && last.chunks.some((c) => guttersCrossed(cols, c) >= 2) ? [lines.slice(0, -1), []] : null; // across two gutters: prose
}

function analyse(region: Info[], rules: readonly Rule[], page: TableScope, depth: number, head?: Info): Detected[] {
  if (region.filter((l) => l.kind === 'multi').length < MIN_ROWS || depth > MAX_DEPTH) return [];
  const spanned = withSpanningHeader(region, rules, page);
  if (spanned) return [spanned];
  // A region may open with a line above its first row; unless it spans columns, it is not the table's.
  const lines = region.slice(region.findIndex((l) => l.kind === 'multi'));
  const cols = regionColumns(lines, page.width);
  if (!cols) {
    const inner = withoutEdgeLine(lines, page.width);
    // A first line left out may be a header line of labels wider than their values (header-over.ts).
    const innerCols = inner && inner[0] === lines[1] ? regionColumns(inner, page.width) : null;
    const over = innerCols && lines[0]!.kind === 'multi' && isHeaderOver(lines[0]!, innerCols) ? lines[0] : undefined;
    if (inner) return analyse(inner, rules, page, depth + 1, over);
    return bestSplit(lines, page.width).flatMap((part) => analyse(part, rules, page, depth + 1));
  }
  const sides = splitUnalignedSides(lines, cols);
  if (sides) return sides.flatMap((part) => analyse(trimSingles(part), rules, page, depth + 1));
  const cut = cutAtStraddler(lines, cols);
  // A header line found over the table stays over the part that keeps its first row.
  if (cut) return cut.flatMap((part) => analyse(trimSingles(part), rules, page, depth + 1, part[0] === lines[0] ? head : undefined));
  const rows = groupRows(lines, cols, rules);
  if (rows.length < MIN_ROWS) return [];
  if (head) rows[0] = [cutHeaderLine(head, cols), ...rows[0]!];
  const { cells, used } = buildRows(rows, cols, page.words);
  // The header line's runs as the page has them: cut at gutters, its cells hold new ones.
  for (const r of head?.chunks.flatMap((c) => c.runs) ?? []) used.add(r);
  if (isHeadingRun(cells)) return [];
  markHeader(cells, ruleUnderFirstRow(rows, rules, cols));
  const box = union([...(head ? [head] : []), ...lines].flatMap((l) => l.chunks.map((c) => c.box)));
  return [{ block: { kind: 'table', rows: cells, prov: { page: page.number, box } }, runs: used, rowTops: rows.map((r) => r[0]!.y0) }];
}

/**
 * The table of a region whose header spans columns (spanning-headers.ts):
 * the rows below the header give the columns; wrapped header lines join the
 * first of them; each spanning line is a header row of labels over their columns.
 */
function withSpanningHeader(region: Info[], rules: readonly Rule[], page: TableScope): Detected | null {
  const split = splitSpanningHeader(region, (part) => regionColumns(part, page.width), rules);
  if (!split || cutAtStraddler(split.rest, split.cols)) return null;
  const { spanning, wrapped, rest, cols } = split;
  const rows = groupRows(rest, cols, rules);
  if (rows.length < MIN_ROWS) return null;
  rows[0] = [...wrapped.map((l) => cutHeaderLine(l, cols)), ...rows[0]!];
  const { cells, used } = buildRows(rows, cols, page.words);
  for (const r of wrapped.flatMap((l) => l.chunks.flatMap((c) => c.runs))) used.add(r);
  const makeCell = (chunks: Chunk[]): Cell => {
    const runs = chunks.flatMap((c) => c.runs);
    for (const r of runs) used.add(r);
    return { spans: cellSpans(runs) };
  };
  const table = withSpanningRows(cells, spanRowGroups(spanning), cols.length, makeCell);
  const box = union([...spanning.map((s) => s.line), ...wrapped, ...rest].flatMap((l) => l.chunks.map((c) => c.box)));
  const rowTops = [...spanRowGroups(spanning).map((g) => g[0]!.line.y0), ...rows.map((r) => minOf(r.map((l) => l.y0)))];
  return { block: { kind: 'table', rows: table, prov: { page: page.number, box } }, runs: used, rowTops };
}

/**
 * When a region as a whole has no consistent columns it may hold two tables
 * (or a table and aligned prose) back to back: split it where the most lines
 * end up in halves that do have consistent columns.
 */
function bestSplit(lines: readonly Info[], pageWidth: number): Info[][] {
  let best: Info[][] = [];
  let bestScore = 0;
  for (let k = MIN_ROWS; k < lines.length - 1; k++) {
    const halves = [trimSingles(lines.slice(0, k)), trimSingles(lines.slice(k))];
    const score = halves.reduce((n, h) => n + tableLines(h, pageWidth), 0);
    if (score > bestScore) {
      bestScore = score;
      best = halves;
    }
  }
  return best;
}

const multiCount = (lines: readonly Info[]): number => lines.filter((l) => l.kind === 'multi').length;

/**
 * How many of a half's lines form a table: all of them, or all but the line
 * at one end (a caption or source note set apart like cells: the half is
 * split again when analysed) if what is left has three columns or more (two
 * are as often a marker or label beside prose); 0 when none qualifies.
 */
function tableLines(half: Info[], pageWidth: number): number {
  if (multiCount(half) >= MIN_ROWS && regionColumns(half, pageWidth)) return half.length;
  // Both ends of a half are rows (trimmed); leaving one out must leave two.
  return multiCount(half) > MIN_ROWS ? withoutEdgeLine(half, pageWidth)?.length ?? 0 : 0;
}

/** The lines without the first or the last one, if that leaves a table of three columns or more; else null. */
function withoutEdgeLine(lines: Info[], pageWidth: number): Info[] | null {
  for (const h of [trimSingles(lines.slice(1)), trimSingles(lines.slice(0, -1))]) {
    if (multiCount(h) >= MIN_ROWS && (regionColumns(h, pageWidth)?.length ?? 0) >= 3) return h; // three columns: see above
  }
  return null;
}

function trimSingles(lines: Info[]): Info[] {
  let a = 0;
  let b = lines.length;
  while (a < b && lines[a]!.kind !== 'multi') a++;
  while (b > a && lines[b - 1]!.kind !== 'multi') b--;
  return lines.slice(a, b);
}

/**
 * Finds whitespace-aligned tables among the page's lines (top to bottom).
 * `rules` are the page's horizontal rules, used only as row separators and
 * header markers; no table reaches across a line of `barriers`.
 */
export function detectAlignedTables(page: TableScope, lines: readonly Line[], rules: readonly Rule[], barriers: readonly Line[] = []): Detected[] {
  // The lines below are new: columns found for others are not asked for again.
  columnsSeen = new Map();
  tightSeen = new Map();
  // A region needs MIN_ROWS lines of MIN_COLUMNS chunks or more (multi, or code admitted as such), and joining
  // justified chunks never adds any: with fewer such lines, as on most pages of prose, there is nothing to find.
  let rowLike = 0;
  for (const l of lines) if (lineChunks(l).length >= MIN_COLUMNS && ++rowLike >= MIN_ROWS) break;
  if (rowLike < MIN_ROWS) return [];
  const barrier = (line: Line): Info => ({ chunks: [], y0: line.box.y0, y1: line.box.y1, kind: 'barrier' });
  // Justified cell text splits at its stretched word spaces; the cell's other lines join it again first.
  const chunked = lines.map((l) => ({ chunks: lineChunks(l), y0: l.box.y0, y1: l.box.y1 })).sort((a, b) => a.y0 - b.y0);
  const infos = [...joinJustified(chunked, page.width).map((l) => classify(l.chunks)), ...barriers.map(barrier)]
    .filter((x): x is Info => x !== null)
    .sort((a, b) => a.y0 - b.y0);
  return candidateRegions(infos, rules, page.below).flatMap((region) => analyse(region, rules, page, 0));
}
