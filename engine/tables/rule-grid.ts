/**
 * Ruled-table geometry: groups touching rules into connected frames and reads
 * each frame as a grid of column and row boundaries, with cells merged where
 * an inner boundary is missing (colspan/rowspan).
 */
import type { Box, Rule } from '../model.ts';
import { MIN_COLUMNS, MIN_ROWS } from './measures.ts';
import { greatest, least, magnitude, maxOf, minOf } from '../numbers.ts';

/** Rules closer than this (points, the width of a thick rule and its anti-aliasing) are treated as touching. */
export const TOUCH = 2.5;

/** Points between the centres of rule pieces on one level: a border drawn cell by cell, one rectangle per cell. */
const LEVEL_SLACK = 1;

/**
 * The x-extent of a horizontal rule with the pieces that continue it on its
 * level, each starting within TOUCH of where the last ended (a border drawn
 * cell by cell). Rules apart stay apart.
 */
export function ruleExtent(rule: Rule, rules: readonly Rule[]): [number, number] {
  const y = (rule.box.y0 + rule.box.y1) / 2;
  const level = rules.filter((r) => r.orientation === 'h' && magnitude((r.box.y0 + r.box.y1) / 2 - y) <= LEVEL_SLACK).sort((a, b) => a.box.x0 - b.box.x0);
  let [x0, x1] = [rule.box.x0, rule.box.x1];
  for (let k = 0; k < level.length; k++) if (level[k]!.box.x0 <= x1 + TOUCH && level[k]!.box.x1 > x1) x1 = level[k]!.box.x1;
  for (let k = level.length - 1; k >= 0; k--) if (level[k]!.box.x1 >= x0 - TOUCH && level[k]!.box.x0 < x0) x0 = level[k]!.box.x0;
  return [x0, x1];
}
/** Boundaries closer than this (points) are one boundary (double borders, anti-aliasing offsets). */
const SNAP = 3;

/** A grid cell in boundary indices; `c1`/`r1` are exclusive. */
export type GridCell = { r0: number; r1: number; c0: number; c1: number };

/** One connected frame read as a grid. `xs`/`ys` are boundary coordinates, ascending. */
export type RuleGrid = { box: Box; xs: number[]; ys: number[]; cells: GridCell[]; rules: Rule[] };

function touches(a: Box, b: Box): boolean {
  return a.x0 - TOUCH <= b.x1 && b.x0 - TOUCH <= a.x1 && a.y0 - TOUCH <= b.y1 && b.y0 - TOUCH <= a.y1;
}

/** Connected components of rules, by touching boxes. */
export function ruleGroups(rules: readonly Rule[]): Rule[][] {
  const parent = rules.map((_, i) => i);
  const find = (i: number): number => (parent[i] === i ? i : (parent[i] = find(parent[i]!)));
  // Pairs are tried from the top down, each rule against those starting no lower than TOUCH under its bottom: a
  // page of several hundred rules (code boxes, a form) made all pairs the ruled search's largest cost. The groups
  // are the same for any order of trying pairs; a NaN edge would unsettle the sort, and then all pairs are tried.
  const sortable = rules.every((r) => !Number.isNaN(r.box.y0));
  const order = rules.map((_, i) => i);
  if (sortable) order.sort((a, b) => rules[a]!.box.y0 - rules[b]!.box.y0);
  for (let p = 0; p < order.length; p++) {
    const a = rules[order[p]!]!.box;
    for (let q = p + 1; q < order.length; q++) {
      const b = rules[order[q]!]!.box;
      if (sortable && b.y0 - TOUCH > a.y1) break; // and so do all after it: they start lower still
      if (touches(a, b)) parent[find(order[p]!)] = find(order[q]!);
    }
  }
  const groups = new Map<number, Rule[]>();
  rules.forEach((r, i) => {
    const root = find(i);
    const group = groups.get(root);
    // Pushed, not copied: a copy per rule made a drawing of n touching rules cost n².
    if (group) group.push(r);
    else groups.set(root, [r]);
  });
  return [...groups.values()];
}

/** Sorted positions with near-equal ones merged into their mean. */
function snap(values: readonly number[]): number[] {
  const sorted = [...values].sort((a, b) => a - b);
  const out: number[][] = [];
  for (let i = 0; i < sorted.length; i++) {
    const v = sorted[i]!;
    const last = out[out.length - 1];
    if (last && v - last[last.length - 1]! <= SNAP) last.push(v);
    else out.push([v]);
  }
  return out.map((g) => g.reduce((s, v) => s + v, 0) / g.length);
}

const mid = (r: Rule): number => (r.orientation === 'h' ? (r.box.y0 + r.box.y1) / 2 : (r.box.x0 + r.box.x1) / 2);

/** Fraction of [a, b] covered by the given intervals. */
function covered(a: number, b: number, spans: readonly [number, number][]): number {
  const clipped = spans
    // Pairs read by index: a destructured `[s, e]` went through an iterator per pair.
    .map((p): [number, number] => [greatest(p[0], a), least(p[1], b)])
    .filter((p) => p[1] > p[0])
    .sort((p, q) => p[0] - q[0]);
  let total = 0;
  let end = a;
  for (let i = 0; i < clipped.length; i++) {
    const s = clipped[i]![0], e = clipped[i]![1];
    if (e <= end) continue;
    total += e - greatest(s, end);
    end = e;
  }
  return b > a ? total / (b - a) : 1;
}

/** Share of a boundary's length its rules must cover for it to be drawn (dashed rules and gaps at crossings leave the rest). */
const DRAWN_SHARE = 0.6;
/** Points inside the group's box where its frame's outer boundaries are taken (the middle of a thin frame rule). */
const FRAME_INSET = 0.5;

/** Spans ([start, end]) of the rules of one orientation drawn along the boundary at `at` (their middle within SNAP of it). */
function spansAlong(rules: readonly Rule[], orientation: Rule['orientation'], at: number): [number, number][] {
  return rules
    .filter((r) => r.orientation === orientation && magnitude(mid(r) - at) <= SNAP)
    .map((r): [number, number] => (orientation === 'v' ? [r.box.y0, r.box.y1] : [r.box.x0, r.box.x1]));
}

/** Whether a boundary whose rules span `spans` is drawn between a and b, less TOUCH at each end (where the rules across it are). */
const drawn = (spans: readonly [number, number][], a: number, b: number): boolean => covered(a + TOUCH, b - TOUCH, spans) > DRAWN_SHARE;

/**
 * Share of the frame's width that its longest row boundary is drawn over:
 * a table has a rule across it (top, header or bottom rule, or the rules
 * between rows), while boxes joined by wires leave the gaps between boxes
 * open on every line.
 */
export function widestRuleShare(grid: RuleGrid): number {
  const along = (y: number): number => covered(grid.box.x0 + TOUCH, grid.box.x1 - TOUCH, spansAlong(grid.rules, 'h', y));
  return maxOf(grid.ys.map(along));
}

/** Merges grid slots not separated by a drawn boundary; returns rectangular cells in reading order. */
function mergeCells(rules: readonly Rule[], xs: number[], ys: number[]): GridCell[] {
  const nc = xs.length - 1;
  const nr = ys.length - 1;
  // Each boundary's rules found once, not once per slot along it.
  const vSpans = xs.map((x) => spansAlong(rules, 'v', x));
  const hSpans = ys.map((y) => spansAlong(rules, 'h', y));
  const owner: (GridCell | null)[][] = Array.from({ length: nr }, () => Array<GridCell | null>(nc).fill(null));
  const cells: GridCell[] = [];
  for (let r = 0; r < nr; r++) {
    for (let c = 0; c < nc; c++) {
      if (owner[r]![c]) continue;
      let c1 = c + 1;
      // The vertical boundary at xs[c1] drawn between ys[r] and ys[r + 1] ends the cell; likewise below.
      while (c1 < nc && !owner[r]![c1] && !drawn(vSpans[c1]!, ys[r]!, ys[r + 1]!)) c1++;
      let r1 = r + 1;
      while (r1 < nr && !drawn(hSpans[r1]!, xs[c]!, xs[c1]!)) r1++;
      const cell = { r0: r, r1, c0: c, c1 };
      for (let rr = r; rr < r1; rr++) for (let cc = c; cc < c1; cc++) owner[rr]![cc] = cell;
      cells.push(cell);
    }
  }
  return cells;
}

/**
 * Reads a rule group as a grid. Returns null unless it has at least two
 * columns and two rows: a box around a code block or a lone underline is not
 * a table.
 */
export function readGrid(group: readonly Rule[]): RuleGrid | null {
  const h = group.filter((r) => r.orientation === 'h');
  const v = group.filter((r) => r.orientation === 'v');
  if (h.length < 2 || v.length < 1) return null; // two rules bound a row
  const box = {
    x0: minOf(group.map((r) => r.box.x0)), y0: minOf(group.map((r) => r.box.y0)),
    x1: maxOf(group.map((r) => r.box.x1)), y1: maxOf(group.map((r) => r.box.y1)),
  };
  // The frame's outer edges count as boundaries even when only inner rules are drawn.
  const xs = snap([box.x0 + FRAME_INSET, box.x1 - FRAME_INSET, ...v.map(mid)]);
  const ys = snap([box.y0 + FRAME_INSET, box.y1 - FRAME_INSET, ...h.map(mid)]);
  if (xs.length < MIN_COLUMNS + 1 || ys.length < MIN_ROWS + 1) return null; // n cells have n + 1 boundaries
  return { box, xs, ys, cells: mergeCells(group, xs, ys), rules: [...group] };
}

/** A group of touching rules and the grid it reads as (null when it is none). */
export type GroupGrid = { group: Rule[]; grid: RuleGrid | null };

// The extraction's grid gate, the furniture stage and the tables stage each read the grids of one page's rules:
// read once per rules array (a page's rules are complete before the first asks, and never changed after).
const gridsSeen = new WeakMap<readonly Rule[], readonly GroupGrid[]>();

/** The page's rules grouped (ruleGroups) and each group read as a grid (readGrid), found once per rules array. */
export function ruleGrids(rules: readonly Rule[]): readonly GroupGrid[] {
  let found = gridsSeen.get(rules);
  if (!found) gridsSeen.set(rules, (found = ruleGroups(rules).map((group) => ({ group, grid: readGrid(group) }))));
  return found;
}
