/**
 * Stage `readingOrder`: finds column gutters (vertical stripes of white space
 * that many lines stop at), splits lines at them, and orders lines band by
 * band: a full-width line (title, wide table, figure caption) closes a band,
 * and within a band columns are read left to right (right to left for RTL
 * pages), each top to bottom. A trusted structure tree reorders the result
 * where it agrees with the page (tree-order.ts).
 */
import { marginNotes, placeNotes } from './margin-notes.ts';
import type { Box, FlowItem, Line, Page, TextRun } from '../model.ts';
import type { Stage } from '../stage.ts';
import { median, trimmedLength, unionOf, withoutLeadingSpace } from '../geometry.ts';
import { findColumnRegions, type Element } from './column-regions.ts';
import { treeOrder } from './tree-order.ts';
import { centredStacks } from './centred-stacks.ts';
import { isLabelGutter } from './label-gutters.ts';
import { MIN_GUTTER_PT } from './measures.ts';
import { minOf } from '../numbers.ts';

/** Share of the page's lines that may cross a gutter's strip (a spanning title, a wide table) with the strip still free. */
const MAX_CROSSING_SHARE = 0.12;
/** Lines on each side of a gutter needed to believe in columns. */
const MIN_SIDE_LINES = 4;

/** Share of the text area's width at either side where no gutter lies: the margins' ragged edges. */
const MARGIN_SHARE = 0.2;
/** Points a run reaches past a gutter's edge into the next column before it crosses the gutter (a kerned overhang). */
const CROSS_PT = 4;
/** Share of its height a line has the page to itself above it (its top margin) for it to span the columns. */
const TOP_MARGIN_SHARE = 0.5;
/** Share of its height the same below it: the bottom margin under a heading is the smaller. */
const BOTTOM_MARGIN_SHARE = 0.25;
/** Line heights (of the page's median line) a line exceeds to read as a heading that may span the columns. */
const HEADING_HEIGHT_LINES = 1.3;

type Gutter = { x0: number; x1: number };

/** How many runs cover each integer x in [0, size): one pass with a difference array. */
function coverage(lines: readonly Line[], size: number): Int32Array {
  const cover = new Int32Array(size + 1);
  for (let k = 0; k < lines.length; k++) {
    const l = lines[k]!;
    for (let i = 0; i < l.runs.length; i++) {
      const r = l.runs[i]!;
      const a = Math.max(0, Math.floor(r.box.x0));
      const b = Math.min(size, Math.ceil(r.box.x1));
      if (a >= b) continue;
      cover[a]!++;
      cover[b]!--;
    }
  }
  for (let x = 1; x <= size; x++) cover[x]! += cover[x - 1]!;
  return cover;
}

/** A candidate gutter and the mean number of runs crossing it. */
type Strip = Gutter & { load: number };

/** Finds column gutters on a page from how lines cover the x axis. */
export function findGutters(lines: Line[], width: number): Gutter[] {
  const body = lines.filter((l) => l.runs.some((r) => r.dir !== 'ttb'));
  if (body.length < 2 * MIN_SIDE_LINES || width <= 0) return []; // both sides' lines
  let left = Infinity, right = -Infinity;
  for (let i = 0; i < body.length; i++) {
    const l = body[i]!;
    left = Math.min(left, l.box.x0);
    right = Math.max(right, l.box.x1);
  }
  const cover = coverage(body, Math.ceil(right) + 2); // 2 points past the rightmost text: room for the scan's end
  const limit = Math.max(1, Math.floor(MAX_CROSSING_SHARE * body.length));
  const strips: Strip[] = [];
  let start = -1, sum = 0;
  // Gutters lie inside the text area, away from the margins.
  const lo = left + MARGIN_SHARE * (right - left), hi = right - MARGIN_SHARE * (right - left);
  for (let x = Math.ceil(left); x <= Math.floor(right); x++) {
    const free = cover[x]! <= limit && x >= lo - MIN_GUTTER_PT && x <= hi + MIN_GUTTER_PT;
    if (free && start < 0) { start = x; sum = 0; }
    if (free) sum += cover[x]!;
    if ((!free || x === Math.floor(right)) && start >= 0) {
      if (x - start >= MIN_GUTTER_PT) strips.push({ x0: start, x1: x, load: sum / (x - start) });
      start = -1;
    }
  }
  // Real columns have text on both sides of the gutter on many lines.
  const sided = strips.filter((g) => {
    const lhs = body.filter((l) => l.runs.some((r) => r.box.x1 <= g.x0 + 1)).length;
    const rhs = body.filter((l) => l.runs.some((r) => r.box.x0 >= g.x1 - 1)).length;
    return lhs >= MIN_SIDE_LINES && rhs >= MIN_SIDE_LINES && !isLabelGutter(g, body);
  });
  return withRoomForColumns(sided, body).map(({ x0, x1 }) => ({ x0, x1 }));
}

/**
 * Drops gutters until every column between two of them holds lines of its
 * own. Ragged short lines can leave a second, nearly free strip beside the
 * real gutter (near a column's justified edge), with no column between the
 * two; of such a pair the emptier strip (then the wider) is the gutter.
 */
function withRoomForColumns(strips: Strip[], lines: readonly Line[]): Strip[] {
  const out = [...strips];
  for (let i = 1; i < out.length;) {
    const a = out[i - 1]!, b = out[i]!;
    const inside = lines.filter((l) => l.runs.some((r) => r.box.x0 >= a.x1 - 1 && r.box.x1 <= b.x0 + 1)).length;
    if (inside >= MIN_SIDE_LINES) i++;
    else out.splice(a.load - b.load || b.x1 - b.x0 - (a.x1 - a.x0) > 0 ? i - 1 : i, 1);
  }
  return out;
}

const mid = (b: { x0: number; x1: number }) => (b.x0 + b.x1) / 2;
/** A box crosses a gutter only when it reaches well into both neighbouring columns. */
const crosses = (b: { x0: number; x1: number }, g: Gutter) => b.x0 < g.x0 - CROSS_PT && b.x1 > g.x1 + CROSS_PT;

/** Splits a line's runs at the gutters; a run across a gutter keeps the line whole. */
export function splitAtGutters(line: Line, gutters: Gutter[]): Line[] {
  if (gutters.length === 0 || line.runs.some((r) => r.dir === 'ttb')) return [line];
  if (line.runs.some((r) => gutters.some((g) => crosses(r.box, g)))) return [line];
  const columnOf = (r: TextRun): number => {
    let n = 0;
    for (let i = 0; i < gutters.length; i++) {
      const g = gutters[i]!;
      if (mid(r.box) > mid(g)) n++;
    }
    return n;
  };
  // Most lines lie in one column: no parts to gather.
  const col0 = line.runs.length > 0 ? columnOf(line.runs[0]!) : -1;
  if (col0 >= 0 && line.runs.every((r) => columnOf(r) === col0)) return [line];
  const parts = new Map<number, typeof line.runs>();
  for (let i = 0; i < line.runs.length; i++) {
    const r = line.runs[i]!;
    const col = columnOf(r);
    const part = parts.get(col);
    if (part) part.push(r);
    else parts.set(col, [r]);
  }
  return [...parts.values()].map((runs) => {
    const [first, ...rest] = runs;
    const fixed = [withoutLeadingSpace(first!), ...rest];
    return { runs: fixed, box: unionOf(fixed) };
  });
}

function columnOf(line: Line, gutters: Gutter[]): number | null {
  // Spans a gutter: it belongs to no column and closes the band.
  if (gutters.some((g) => crosses(line.box, g))) return null;
  return gutters.filter((g) => mid(line.box) > mid(g)).length;
}

type Item = { box: Box; flow: FlowItem; col: number | null };

/**
 * A line confined to one column still spans the page when nothing in the other
 * columns sits beside it while they have text above and below it: a
 * column-spanning heading whose text happens to be short.
 */
function isolated(item: Item, items: Item[]): boolean {
  const h = item.box.y1 - item.box.y0;
  const others = items.filter((o) => o.col !== null && o.col !== item.col);
  // The columns above a spanning heading end a top margin above it; below it
  // they resume right under its (smaller) bottom margin.
  const lo = item.box.y0 - TOP_MARGIN_SHARE * h, hi = item.box.y1 + BOTTOM_MARGIN_SHARE * h;
  if (others.some((o) => o.box.y1 > lo && o.box.y0 < hi)) return false;
  return others.some((o) => o.box.y1 < item.box.y0) && others.some((o) => o.box.y0 > item.box.y1);
}

/** Whether text confined to one column overlaps the item's height (by a quarter line or more). */
function besideColumnText(item: Item, items: readonly Item[]): boolean {
  const h = item.box.y1 - item.box.y0;
  return items.some((o) => o.col !== null && Math.min(o.box.y1, item.box.y1) - Math.max(o.box.y0, item.box.y0) > 0.25 * Math.min(h, o.box.y1 - o.box.y0)); // a quarter line
}

function toItems(page: Page, gutters: Gutter[]): Item[] {
  const lines = page.lines.flatMap((l) => splitAtGutters(l, gutters));
  const items: Item[] = [
    ...lines.map((line) => ({ box: line.box, flow: { kind: 'line', line } as FlowItem, col: columnOf(line, gutters) })),
    ...page.blocks.map((block) => ({ box: block.prov.box, flow: { kind: 'block', block } as FlowItem, col: columnOf({ runs: [], box: block.prov.box }, gutters) })),
  ];
  // Big lines (headings) alone at their height span the page even when short.
  const body = median(lines.map((l) => l.box.y1 - l.box.y0));
  for (let i = 0; i < items.length; i++) {
    const it = items[i]!;
    if (it.col !== null && it.box.y1 - it.box.y0 > HEADING_HEIGHT_LINES * body && isolated(it, items)) it.col = null;
  }
  // A line reaching across a gutter while another column has text beside it
  // did not span the page: it overflowed its column (a long unbreakable
  // word). A spanning element interrupts the columns; nothing sits beside it.
  for (let i = 0; i < items.length; i++) {
    const it = items[i]!;
    if (it.col === null && it.flow.kind === 'line' && besideColumnText(it, items)) it.col = gutters.filter((g) => it.box.x0 > mid(g)).length;
  }
  return items.sort((a, b) => a.box.y0 - b.box.y0 || a.box.x0 - b.box.x0);
}

/**
 * A page without page-wide columns, top to bottom, except that a two-column
 * part between full-width text (column-regions.ts) is read one stack after
 * the other: left then right, or right then left on a right-to-left page.
 */
function orderWithoutGutters(page: Page): FlowItem[] {
  const els: (Element & { flow: FlowItem })[] = [
    ...page.lines.map((line) => ({ box: line.box, spans: line.runs.filter((r) => trimmedLength(r.text) > 0).map((r) => r.box), line, flow: { kind: 'line', line } as FlowItem })),
    ...page.blocks.map((block) => ({ box: block.prov.box, spans: [block.prov.box], flow: { kind: 'block', block } as FlowItem })),
  ].sort((a, b) => a.box.y0 - b.box.y0 || a.box.x0 - b.box.x0);
  const out: FlowItem[] = [];
  let next = 0;
  for (const r of findColumnRegions(els)) {
    out.push(...els.slice(next, r.start).map((e) => e.flow));
    const g = { x0: r.gutter.x0, x1: r.gutter.x1 };
    const stacks: FlowItem[][] = [[], []];
    for (const e of els.slice(r.start, r.end)) {
      if (!e.line) { stacks[mid(e.box) > mid(g) ? 1 : 0]!.push(e.flow); continue; }
      for (const part of splitAtGutters(e.line, [g])) stacks[mid(part.box) > mid(g) ? 1 : 0]!.push({ kind: 'line', line: part });
    }
    out.push(...(readsRtl(page) ? [...stacks[1]!, ...stacks[0]!] : [...stacks[0]!, ...stacks[1]!]));
    next = r.end;
  }
  out.push(...els.slice(next).map((e) => e.flow));
  return out;
}

/**
 * Orders a page's lines and pre-built blocks for reading. Side-by-side stacks
 * of centred lines (an author grid, centred-stacks.ts) are read stack by
 * stack, placed in the flow where their top is; notes in the margin
 * (margin-notes.ts) after the paragraph beside them.
 */
export function orderPage(page: Page): FlowItem[] {
  const flow = orderStacks(page);
  const { notes } = marginNotes(page.lines);
  if (!notes.length) return flow;
  // The page is ordered as it is (its columns found with the notes in place); the notes then move.
  const noted = new Set(notes.flat());
  return placeNotes(flow.filter((f) => f.kind !== 'line' || !noted.has(f.line)), notes);
}

function orderStacks(page: Page): FlowItem[] {
  const groups = centredStacks(page.lines);
  if (groups.length === 0) return orderColumns(page);
  const grouped = new Set(groups.flatMap((g) => [...g.rows]));
  const out = orderColumns({ ...page, lines: page.lines.filter((l) => !grouped.has(l)) });
  for (const g of groups) {
    const top = minOf(g.order.map((l) => l.box.y0));
    const at = out.findIndex((f) => (f.kind === 'line' ? f.line.box : f.block.prov.box).y0 >= top);
    out.splice(at < 0 ? out.length : at, 0, ...g.order.map((line): FlowItem => ({ kind: 'line', line })));
  }
  return out;
}

/**
 * Whether the page's columns read right to left: more right-to-left runs
 * than half its lines. Counted only where columns are found, as most pages
 * have none.
 */
function readsRtl(page: Page): boolean {
  let n = 0;
  for (let i = 0; i < page.lines.length; i++) {
    const l = page.lines[i]!;
    for (let k = 0; k < l.runs.length; k++) {
      const r = l.runs[k]!;
      if (r.dir === 'rtl') n++;
    }
  }
  return n > page.lines.length / 2;
}

function orderColumns(page: Page): FlowItem[] {
  // Gutters come from the lines left after the tables stage: a spanning table's
  // cells would otherwise fill the gutter.
  const gutters = findGutters(page.lines, page.width);
  if (gutters.length === 0) return orderWithoutGutters(page);
  const rtl = readsRtl(page);
  const items = toItems(page, gutters);
  const out: FlowItem[] = [];
  let band: Item[][] = gutters.map(() => []).concat([[]]);
  const flush = () => {
    for (const col of rtl ? [...band].reverse() : band) out.push(...col.map((i) => i.flow));
    band = gutters.map(() => []).concat([[]]);
  };
  for (let i = 0; i < items.length; i++) {
    const it = items[i]!;
    if (it.col === null) {
      flush();
      out.push(it.flow);
    } else band[it.col]!.push(it);
  }
  flush();
  return out;
}

/** Lines (and table blocks) in reading order on every page. */
export const readingOrder: Stage = {
  name: 'readingOrder',
  run(doc) {
    const pages = doc.pages.map((p) => {
      const layout = orderPage(p);
      // A trusted structure tree gives the order where it agrees with the page (tree-order.ts).
      const flow = (doc.signals.tagged ? treeOrder(p, layout) : null) ?? layout;
      const lines = flow.flatMap((f) => (f.kind === 'line' ? [f.line] : []));
      return { ...p, lines, flow };
    });
    return { ...doc, pages };
  },
};
