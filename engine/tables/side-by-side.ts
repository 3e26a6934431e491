/**
 * Tables set side by side whose only rules are horizontal (booktabs, a rule
 * under the header): read as one block of lines, their columns interleave.
 * Each table's rules end where the table does, so two rules on one baseline
 * with a gap between them say where one table stops and the next begins.
 * The cut holds over the lines around those rules that no text and no rule
 * crosses; those lines are split there and each side is searched for
 * tables on its own, like the rest of the page.
 */
import type { Line, Rule } from '../model.ts';
import { MIN_ROWS } from './table-parts.ts';
import { MAX_BLANK_LINES } from './measures.ts';
import { maxOf, minOf } from '../numbers.ts';
import { joinCutMarks } from './cut-marks.ts';

/** Gap (ems) between the ends of two rules on one baseline that can separate two tables, not two cells of one rule drawn in pieces. */
const MIN_TABLE_GAP_EM = 1;

const midY = (b: { y0: number; y1: number }): number => (b.y0 + b.y1) / 2;
const height = (l: Line): number => Math.max(l.box.y1 - l.box.y0, 1);
const crosses = (l: Line, x: number): boolean => l.runs.some((r) => r.box.x0 < x && r.box.x1 > x);

/** Median font size of the lines (the page's em); the lines are not empty. */
function em(lines: readonly Line[]): number {
  const sizes = lines.flatMap((l) => l.runs.map((r) => r.fontSize)).sort((a, b) => a - b);
  return sizes[sizes.length >> 1]!;
}

/** Gap (ems) under which two pieces of rule on one baseline are one rule (cell borders drawn cell by cell). */
const JOIN_EM = 0.2;

/** Horizontal rules with pieces on one baseline that touch joined into one. */
function joinedRules(rules: readonly Rule[], em: number): Rule[] {
  const out: Rule[] = [];
  for (const r of [...rules].sort((p, q) => p.box.x0 - q.box.x0)) {
    const last = out.find((o) => Math.abs(midY(o.box) - midY(r.box)) <= JOIN_EM * em && r.box.x0 - o.box.x1 <= JOIN_EM * em);
    if (last) last.box = { ...last.box, x1: Math.max(last.box.x1, r.box.x1), y0: Math.min(last.box.y0, r.box.y0), y1: Math.max(last.box.y1, r.box.y1) };
    else out.push({ ...r, box: { ...r.box } });
  }
  return out;
}

type Gap = { x: number; y: number; a: Rule; b: Rule };

/** Where two horizontal rules on one baseline (within an em) leave a gap between them: left rule a, right rule b. */
function ruleGaps(rules: readonly Rule[], em: number, gap: number): Gap[] {
  const out: Gap[] = [];
  for (const a of rules) {
    for (const b of rules) {
      if (a === b || Math.abs(midY(a.box) - midY(b.box)) > em) continue;
      if (b.box.x0 - a.box.x1 >= gap) out.push({ x: (a.box.x1 + b.box.x0) / 2, y: midY(a.box), a, b });
    }
  }
  return out;
}

/** Share of a rule over the width a part's text takes up, at which the rule spans that part's table. */
const SPANS_TABLE = 0.8;

/**
 * Whether each rule spans its side's text, as a table's own rules do; rules
 * under single column heads (each head underlined on its own) span one
 * column, and the cut between them is not a table's edge.
 */
function spansItsSide(rule: Rule, part: readonly Line[]): boolean {
  const x0 = minOf(part.map((l) => l.box.x0));
  const x1 = maxOf(part.map((l) => l.box.x1));
  return Math.min(rule.box.x1, x1) - Math.max(rule.box.x0, x0) >= SPANS_TABLE * (x1 - x0);
}

/**
 * Indices [from, to) of the sorted lines around y that do not cross x, with
 * no blank wider than MAX_BLANK_LINES between them unless both lines lie
 * between the top and bottom rules of one of the two tables (`frames`): a
 * blank above a row-group label stays inside the table its rules enclose.
 */
function bandAround(sorted: readonly Line[], x: number, y: number, frames: readonly (readonly [number, number])[]): [number, number] {
  let from = sorted.findIndex((l) => midY(l.box) > y);
  if (from < 0) from = sorted.length;
  let to = from;
  const framed = (l: Line, f: readonly [number, number]): boolean => midY(l.box) > f[0] && midY(l.box) < f[1];
  const near = (a: Line, b: Line): boolean => b.box.y0 - a.box.y1 <= MAX_BLANK_LINES * height(b) || frames.some((f) => framed(a, f) && framed(b, f));
  while (from > 0 && !crosses(sorted[from - 1]!, x) && (from === to || near(sorted[from - 1]!, sorted[from]!))) from--;
  while (to < sorted.length && !crosses(sorted[to]!, x) && (to === from || near(sorted[to - 1]!, sorted[to]!))) to++;
  return [from, to];
}

/** The line's runs left or right of x, as a line of its own (the runs themselves are kept, so the page can remove them). */
function side(line: Line, x: number, left: boolean): Line | null {
  const runs = line.runs.filter((r) => (r.box.x0 + r.box.x1) / 2 < x === left);
  if (!runs.some((r) => r.text.trim() !== '')) return null;
  const box = { x0: minOf(runs.map((r) => r.box.x0)), x1: maxOf(runs.map((r) => r.box.x1)), y0: line.box.y0, y1: line.box.y1 };
  return { runs, box };
}

/**
 * The page's lines in groups to search for tables separately: the lines of
 * each side-by-side table, and the rest. One group (all lines) when no cut
 * holds; see the module comment.
 */
export function sideBySideParts(lines: readonly Line[], hRules: readonly Rule[]): Line[][] {
  if (hRules.length < MIN_ROWS || lines.length < MIN_ROWS) return [[...lines]];
  const sorted = [...lines].sort((a, b) => a.box.y0 - b.box.y0);
  const size = em(sorted);
  const joined = joinedRules(hRules, size);
  for (const { x, y, a, b } of ruleGaps(joined, size, MIN_TABLE_GAP_EM * size)) {
    // The rules drawn over each table's width: its top and bottom rules enclose its rows.
    const frame = (t: Rule): [number, number] => {
      const ys = joined.filter((r) => Math.abs(r.box.x0 - t.box.x0) <= JOIN_EM * size && Math.abs(r.box.x1 - t.box.x1) <= JOIN_EM * size).map((r) => midY(r.box));
      return [minOf(ys), maxOf(ys)];
    };
    const [from, to] = bandAround(sorted, x, y, [frame(a), frame(b)]);
    const band = sorted.slice(from, to);
    if (band.length < MIN_ROWS) continue;
    const top = band[0]!.box.y0;
    const bottom = band[band.length - 1]!.box.y1;
    // A rule across the cut (a booktabs midrule under partial cmidrules) makes it one table.
    if (joined.some((r) => r.box.x0 < x && r.box.x1 > x && midY(r.box) > top - size && midY(r.box) < bottom + size)) continue;
    const left = joinCutMarks(band.map((l) => side(l, x, true)).filter((l): l is Line => l !== null));
    const right = joinCutMarks(band.map((l) => side(l, x, false)).filter((l): l is Line => l !== null));
    if (left.length < MIN_ROWS || right.length < MIN_ROWS || !spansItsSide(a, left) || !spansItsSide(b, right)) continue;
    const rest = [...sorted.slice(0, from), ...sorted.slice(to)];
    return [...sideBySideParts(rest, hRules), ...sideBySideParts(left, hRules), ...sideBySideParts(right, hRules)];
  }
  return [sorted];
}
