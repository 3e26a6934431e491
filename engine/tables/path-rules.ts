/**
 * Rule geometry: painted vector paths → horizontal and vertical rules (table
 * borders, booktabs rules, cell separators). Paths arrive in pdf.js's
 * constructPath encoding (DrawOPS codes and coordinates), so the pdf.js
 * operator-list reader (extract-rules.ts) and the direct content reader
 * (extract/direct/content/) share every decision made here.
 */
import type { Box, Rule } from '../model.ts';
import { greatest, least, magnitude } from '../numbers.ts';

/** A filled shape thinner than this (points) is a rule, not a background. */
const MAX_RULE_THICKNESS = 3;
/** Rules shorter than this (points) are glyph decorations or dots, not table lines. */
const MIN_RULE_LENGTH = 4;
/** Points a segment's ends may differ across its axis and still be axis-aligned (rounding of device coordinates). */
const AXIS_SLACK = 0.5;
/** Width (points) given to a stroke drawn thinner: a zero-width line is still painted, one device pixel wide. */
const HAIRLINE = 0.1;

/** pdf.js DrawOPS codes inside constructPath's path data (display/draw_ops). */
export const DRAW = { move: 0, line: 1, curve: 2, quad: 3, close: 4 } as const;

/** How a path is painted; 'none' is `n` (a clipping path only). */
export type PathPaint = 'stroke' | 'fill' | 'fillStroke' | 'none';

/** The graphics state a painted path is read with; `ctm` maps user space to top-left page space. */
export type PathStyle = {
  ctm: readonly number[];
  lineWidth: number;
  fillWhite: boolean;
  strokeWhite: boolean;
};

/** A subpath in device space; curves keep only their end point. */
export type Subpath = { pts: Pt[]; curved: boolean };
type Pt = { x: number; y: number };

function apply(m: readonly number[], x: number, y: number): Pt {
  // Indexed, not destructured: destructuring goes through the array iterator once per point.
  return { x: m[0]! * x + m[2]! * y + m[4]!, y: m[1]! * x + m[3]! * y + m[5]! }; // m = [a b c d e f], PDF's matrix
}

/** Splits path data into subpaths of device points. */
export function deviceSubpaths(data: ArrayLike<number>, m: readonly number[]): Subpath[] {
  const out: Subpath[] = [];
  let cur: Subpath | null = null;
  for (let i = 0; i < data.length;) {
    const op = data[i++];
    if (op === DRAW.move || cur === null) {
      cur = { pts: [], curved: false };
      out.push(cur);
    }
    if (op === DRAW.move || op === DRAW.line) {
      cur.pts.push(apply(m, data[i]!, data[i + 1]!));
      i += 2; // x and y
    } else if (op === DRAW.curve) {
      cur.pts.push(apply(m, data[i + 4]!, data[i + 5]!)); // the end point, after two control points
      cur.curved = true;
      i += 6; // three points
    } else if (op === DRAW.quad) {
      cur.pts.push(apply(m, data[i + 2]!, data[i + 3]!)); // the end point, after the control point
      cur.curved = true;
      i += 4; // two points
    } else if (op === DRAW.close) {
      const first = cur.pts[0];
      if (first) cur.pts.push(first);
    } else {
      break; // unknown code: stop rather than misread the rest
    }
  }
  return out;
}

// Math.min and Math.max folded one point at a time give what they give over all the points at once (NaN and -0 included).
function bbox(pts: Pt[]): Box {
  let x0 = Infinity, y0 = Infinity, x1 = -Infinity, y1 = -Infinity;
  for (let i = 0; i < pts.length; i++) {
    const p = pts[i]!;
    x0 = least(x0, p.x);
    y0 = least(y0, p.y);
    x1 = greatest(x1, p.x);
    y1 = greatest(y1, p.y);
  }
  return { x0, y0, x1, y1 };
}

/** A box as a rule if it is thin in one direction and long in the other. */
function boxToRule(b: Box): Rule | null {
  const w = b.x1 - b.x0;
  const h = b.y1 - b.y0;
  if (h <= MAX_RULE_THICKNESS && w >= MIN_RULE_LENGTH && w > h) return { box: b, orientation: 'h' };
  if (w <= MAX_RULE_THICKNESS && h >= MIN_RULE_LENGTH && h > w) return { box: b, orientation: 'v' };
  return null;
}

/** Each straight axis-aligned segment of a stroked subpath, widened by the line width. */
function strokeRules(pts: Pt[], halfWidth: number): Rule[] {
  const rules: Rule[] = [];
  for (let i = 1; i < pts.length; i++) {
    const a = pts[i - 1]!;
    const b = pts[i]!;
    const dx = magnitude(a.x - b.x);
    const dy = magnitude(a.y - b.y);
    // Only axis-aligned segments: diagonals are drawings, not rulings.
    if (dy <= AXIS_SLACK && dx >= MIN_RULE_LENGTH) {
      const y = (a.y + b.y) / 2;
      rules.push({ box: { x0: least(a.x, b.x), y0: y - halfWidth, x1: greatest(a.x, b.x), y1: y + halfWidth }, orientation: 'h' });
    } else if (dx <= AXIS_SLACK && dy >= MIN_RULE_LENGTH) {
      const x = (a.x + b.x) / 2;
      rules.push({ box: { x0: x - halfWidth, y0: least(a.y, b.y), x1: x + halfWidth, y1: greatest(a.y, b.y) }, orientation: 'v' });
    }
  }
  return rules;
}

/**
 * Rules from one painted path. Filled shapes count only if thin; stroked ones
 * per axis-aligned segment. White strokes and fills are skipped: they erase
 * rather than draw.
 */
export function pathRules(paint: PathPaint, data: ArrayLike<number>, st: PathStyle): Rule[] {
  return paint === 'none' ? [] : subpathRules(paint, deviceSubpaths(data, st.ctm), st);
}

/** pathRules for a path already split into device subpaths (with `st.ctm`), which the direct reader's other readers of the path share. */
export function subpathRules(paint: PathPaint, subpaths: readonly Subpath[], st: PathStyle): Rule[] {
  const stroke = paint === 'stroke' || paint === 'fillStroke';
  const fill = paint === 'fill' || paint === 'fillStroke';
  if (!stroke && !fill) return [];
  const m = st.ctm;
  const scale = Math.sqrt(magnitude(m[0]! * m[3]! - m[1]! * m[2]!)) || 1; // √|ad − bc|: the matrix's linear scale
  const rules: Rule[] = [];
  for (const sp of subpaths) {
    if (sp.pts.length < 2) continue; // a line needs two points
    if (fill && !st.fillWhite) {
      const r = boxToRule(bbox(sp.pts));
      if (r) rules.push(r);
    }
    if (stroke && !st.strokeWhite && !sp.curved) {
      rules.push(...strokeRules(sp.pts, greatest(st.lineWidth * scale, HAIRLINE) / 2));
    }
  }
  return rules;
}

/** Drops rules entirely above or below the page. */
export function rulesOnPage(rules: Rule[], pageHeight: number): Rule[] {
  return rules.filter((r) => r.box.y1 >= 0 && r.box.y0 <= pageHeight);
}
