/**
 * Ruling extraction: turns the vector drawing operators of a page into
 * horizontal and vertical rules (table borders, booktabs rules, cell
 * separators). Reads pdf.js's operator list, which is expensive, so callers
 * should gate it with `pageMayHaveRuledTable` (table-gate.ts).
 */
import { OPS } from 'pdfjs-dist/legacy/build/pdf.mjs';
import type { PDFPageProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';
import type { Box, Rule } from '../model.ts';

/** A filled shape thinner than this (points) is a rule, not a background. */
const MAX_RULE_THICKNESS = 3;
/** Rules shorter than this (points) are glyph decorations or dots, not table lines. */
const MIN_RULE_LENGTH = 4;

// pdf.js DrawOPS codes inside constructPath's Float32Array (display/draw_ops).
const D_MOVE = 0;
const D_LINE = 1;
const D_CURVE = 2;
const D_QUAD = 3;
const D_CLOSE = 4;

type Matrix = [number, number, number, number, number, number];
type Pt = { x: number; y: number };

const STROKES = new Set<number>([OPS.stroke, OPS.closeStroke]);
const FILLS = new Set<number>([OPS.fill, OPS.eoFill]);
const FILL_STROKES = new Set<number>([
  OPS.fillStroke, OPS.eoFillStroke, OPS.closeFillStroke, OPS.closeEOFillStroke,
]);

function multiply(m: Matrix, n: Matrix): Matrix {
  return [
    m[0] * n[0] + m[1] * n[2], m[0] * n[1] + m[1] * n[3],
    m[2] * n[0] + m[3] * n[2], m[2] * n[1] + m[3] * n[3],
    m[4] * n[0] + m[5] * n[2] + n[4], m[4] * n[1] + m[5] * n[3] + n[5],
  ];
}

function apply(m: Matrix, x: number, y: number): Pt {
  return { x: m[0] * x + m[2] * y + m[4], y: m[1] * x + m[3] * y + m[5] };
}

/** Splits pdf.js path data into subpaths of device points; curves keep only their end point. */
function subpaths(data: ArrayLike<number>, m: Matrix): { pts: Pt[]; curved: boolean }[] {
  const out: { pts: Pt[]; curved: boolean }[] = [];
  let cur: { pts: Pt[]; curved: boolean } | null = null;
  for (let i = 0; i < data.length;) {
    const op = data[i++];
    if (op === D_MOVE || cur === null) {
      cur = { pts: [], curved: false };
      out.push(cur);
    }
    if (op === D_MOVE || op === D_LINE) {
      cur.pts.push(apply(m, data[i]!, data[i + 1]!));
      i += 2;
    } else if (op === D_CURVE) {
      cur.pts.push(apply(m, data[i + 4]!, data[i + 5]!));
      cur.curved = true;
      i += 6;
    } else if (op === D_QUAD) {
      cur.pts.push(apply(m, data[i + 2]!, data[i + 3]!));
      cur.curved = true;
      i += 4;
    } else if (op === D_CLOSE) {
      const first = cur.pts[0];
      if (first) cur.pts.push(first);
    } else {
      break; // unknown code: stop rather than misread the rest
    }
  }
  return out;
}

function bbox(pts: Pt[]): Box {
  const xs = pts.map((p) => p.x);
  const ys = pts.map((p) => p.y);
  return { x0: Math.min(...xs), y0: Math.min(...ys), x1: Math.max(...xs), y1: Math.max(...ys) };
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
    const dx = Math.abs(a.x - b.x);
    const dy = Math.abs(a.y - b.y);
    // Only axis-aligned segments: diagonals are drawings, not rulings.
    if (dy <= 0.5 && dx >= MIN_RULE_LENGTH) {
      const y = (a.y + b.y) / 2;
      rules.push({ box: { x0: Math.min(a.x, b.x), y0: y - halfWidth, x1: Math.max(a.x, b.x), y1: y + halfWidth }, orientation: 'h' });
    } else if (dx <= 0.5 && dy >= MIN_RULE_LENGTH) {
      const x = (a.x + b.x) / 2;
      rules.push({ box: { x0: x - halfWidth, y0: Math.min(a.y, b.y), x1: x + halfWidth, y1: Math.max(a.y, b.y) }, orientation: 'v' });
    }
  }
  return rules;
}

type GfxState = { ctm: Matrix; lineWidth: number; fillWhite: boolean; strokeWhite: boolean };

/** Rules from one painted path. Filled shapes count only if thin; stroked ones per segment. */
function pathRules(paintOp: number, data: ArrayLike<number>, st: GfxState): Rule[] {
  const stroke = STROKES.has(paintOp) || FILL_STROKES.has(paintOp);
  const fill = FILLS.has(paintOp) || FILL_STROKES.has(paintOp);
  if (!stroke && !fill) return []; // endPath: clipping only
  const scale = Math.sqrt(Math.abs(st.ctm[0] * st.ctm[3] - st.ctm[1] * st.ctm[2])) || 1;
  const rules: Rule[] = [];
  for (const sp of subpaths(data, st.ctm)) {
    if (sp.pts.length < 2) continue;
    if (fill && !st.fillWhite) {
      const r = boxToRule(bbox(sp.pts));
      if (r) rules.push(r);
    }
    if (stroke && !st.strokeWhite && !sp.curved) {
      rules.push(...strokeRules(sp.pts, Math.max(st.lineWidth * scale, 0.1) / 2));
    }
  }
  return rules;
}

/**
 * Extracts the page's rulings as top-left-origin boxes in PDF points.
 *
 * Tracks the current transform through save/restore/transform, reads every
 * painted path (pdf.js folds re/m/l/h into `constructPath`), and keeps
 * axis-aligned stroked segments plus filled shapes thinner than 3pt. White
 * strokes and fills are skipped: they erase rather than draw.
 * `pageHeight` bounds the result: rules entirely off the page are dropped.
 */
export async function extractRules(page: PDFPageProxy, pageHeight: number): Promise<Rule[]> {
  const viewport = page.getViewport({ scale: 1 });
  const base = viewport.transform as Matrix;
  const ops = await page.getOperatorList();
  const stack: GfxState[] = [];
  let st: GfxState = { ctm: base, lineWidth: 1, fillWhite: false, strokeWhite: false };
  const rules: Rule[] = [];
  for (let i = 0; i < ops.fnArray.length; i++) {
    const fn = ops.fnArray[i];
    const args = ops.argsArray[i] as unknown[] | null;
    if (fn === OPS.save) stack.push({ ...st });
    else if (fn === OPS.restore) st = stack.pop() ?? st;
    else if (fn === OPS.transform && args) st.ctm = multiply(args as Matrix, st.ctm);
    else if (fn === OPS.setLineWidth && args) st.lineWidth = Number(args[0]) || 0;
    else if (fn === OPS.setFillRGBColor && args) st.fillWhite = isWhite(args[0]);
    else if (fn === OPS.setStrokeRGBColor && args) st.strokeWhite = isWhite(args[0]);
    else if (fn === OPS.constructPath && args) {
      const paintOp = Number(args[0]);
      const data = (args[1] as (ArrayLike<number> | null)[] | undefined)?.[0];
      if (data) rules.push(...pathRules(paintOp, data, st));
    }
  }
  return rules.filter((r) => r.box.y1 >= 0 && r.box.y0 <= pageHeight);
}

function isWhite(color: unknown): boolean {
  return typeof color === 'string' && color.toLowerCase() === '#ffffff';
}
