/**
 * Path, paint, line width and colour operators, reduced to what the rule
 * reader uses. Paths are encoded as pdf.js's buildPath encodes them (a
 * rectangle is a closed four-point path, or a two-point one when flat) and
 * rounded to 32-bit floats as pdf.js's constructPath Float32Array does, so
 * path-rules.ts sees the same numbers it sees from pdf.js.
 */
import { DRAW, deviceSubpaths, subpathRules, type PathPaint } from '../../../tables/path-rules.ts';
import type { PdfValue } from '../../pdf-objects/values.ts';
import { MAX_MARKS, pathMarks } from '../../bullet-marks.ts';
import { MAX_DRAWN, drawnStrokes } from '../../drawn-strokes.ts';
import { allNumbers, isWhiteColour, parseColourSpace, toRgb, type ColourSpace } from './colour.ts';
import { notePath } from './paint-log.ts';
import { numbers, type Frame } from './frame.ts';

const PAINT: Record<string, PathPaint> = {
  S: 'stroke', s: 'stroke', f: 'fill', F: 'fill', 'f*': 'fill',
  B: 'fillStroke', 'B*': 'fillStroke', b: 'fillStroke', 'b*': 'fillStroke', n: 'none',
};
const CLOSING = new Set(['s', 'b', 'b*']);
const PATH_OPS = new Set(['m', 'l', 'c', 'v', 'y', 'h', 're']);

function buildPath(f: Frame, op: string, a: number[]): void {
  const p = f.path;
  switch (op) {
    case 're': {
      const [x, y, w, h] = a as [number, number, number, number];
      const xw = x + w;
      const yh = y + h;
      f.currentX = x;
      f.currentY = y;
      if (w === 0 || h === 0) p.push(DRAW.move, x, y, DRAW.line, xw, yh, DRAW.close);
      else p.push(DRAW.move, x, y, DRAW.line, xw, y, DRAW.line, xw, yh, DRAW.line, x, yh, DRAW.close);
      return;
    }
    case 'm': case 'l':
      p.push(op === 'm' ? DRAW.move : DRAW.line, a[0]!, a[1]!);
      break;
    case 'c': p.push(DRAW.curve, ...a); break;
    case 'v': p.push(DRAW.curve, f.currentX, f.currentY, a[0]!, a[1]!, a[2]!, a[3]!); break;
    case 'y': p.push(DRAW.curve, a[0]!, a[1]!, a[2]!, a[3]!, a[2]!, a[3]!); break;
    case 'h': p.push(DRAW.close); return;
  }
  f.currentX = a[a.length - 2]!;
  f.currentY = a[a.length - 1]!;
}

function paint(f: Frame, op: string, kind: PathPaint): void {
  if (CLOSING.has(op)) f.path.push(DRAW.close);
  if (f.path.length === 0) return;
  if (kind !== 'none') f.page.ink.paths++;
  const data = new Float32Array(f.path);
  f.path.length = 0;
  // The rule reader, the bullet marks and the paint log read the same device points: split once.
  const subpaths = deviceSubpaths(data, f.g.rule.ctm);
  for (const r of subpathRules(kind, subpaths, f.g.rule)) f.page.rules.push(r);
  if (f.page.marks.length < MAX_MARKS) f.page.marks.push(...pathMarks(kind, subpaths, f.g.rule));
  if (f.page.drawn.length < MAX_DRAWN) f.page.drawn.push(...drawnStrokes(kind, subpaths, f.g.rule).slice(0, MAX_DRAWN - f.page.drawn.length));
  notePath(f, kind, subpaths);
}

/** Applies a path or painting operator; false if `op` is not one. */
export function pathOp(f: Frame, op: string, args: readonly PdfValue[]): boolean {
  if (PATH_OPS.has(op)) {
    buildPath(f, op, numbers(args));
    return true;
  }
  const kind = PAINT[op];
  if (kind === undefined) return false;
  paint(f, op, kind);
  return true;
}

type Side = 'fill' | 'stroke';

function setColour(f: Frame, side: Side, space: ColourSpace, args: number[], setSpace: boolean): void {
  const r = f.g.rule;
  if (side === 'fill') {
    if (setSpace) r.fillSpace = r.patternFillSpace = space;
    r.fillWhite = isWhiteColour(space, args);
    f.g.paint.fill = toRgb(space, args);
  } else {
    if (setSpace) r.strokeSpace = r.patternStrokeSpace = space;
    r.strokeWhite = isWhiteColour(space, args);
    f.g.paint.stroke = toRgb(space, args);
  }
}

/** scn/SCN: pdf.js reads these through the pattern colour space, which is null until cs/CS or a device colour. */
function setColourN(f: Frame, side: Side, args: readonly PdfValue[]): void {
  const r = f.g.rule;
  const space = side === 'fill' ? r.patternFillSpace : r.patternStrokeSpace;
  if (space === 'pattern') {
    // A pattern paints; pdf.js emits no RGB colour.
    f.g.paint[side] = null;
    return;
  }
  if (!allNumbers(args)) return; // pdf.js: transparent or skipped; the rule reader sees no colour
  setColour(f, side, space ?? 'gray', args, false);
}

const DEVICE_OPS: Record<string, [Side, ColourSpace]> = {
  g: ['fill', 'gray'], G: ['stroke', 'gray'], rg: ['fill', 'rgb'], RG: ['stroke', 'rgb'], k: ['fill', 'cmyk'], K: ['stroke', 'cmyk'],
};

/** Applies a line width or colour operator; false if `op` is not one. */
export function styleOp(f: Frame, op: string, args: readonly PdfValue[]): boolean {
  const r = f.g.rule;
  const device = DEVICE_OPS[op];
  if (device) {
    if (allNumbers(args)) setColour(f, device[0], device[1], args, true);
    return true;
  }
  switch (op) {
    case 'w':
      if (typeof args[0] === 'number') r.lineWidth = Math.abs(args[0]);
      return true;
    case 'cs': case 'CS': {
      const space = parseColourSpace(args[0], f.resources, f.page.objects);
      if (op === 'cs') r.fillSpace = r.patternFillSpace = space;
      else r.strokeSpace = r.patternStrokeSpace = space;
      // A new colour space starts at its initial colour: black for the device spaces.
      f.g.paint[op === 'cs' ? 'fill' : 'stroke'] = toRgb(space, space === 'cmyk' ? [0, 0, 0, 1] : [0, 0, 0]);
      return true;
    }
    case 'sc': case 'SC':
      if (allNumbers(args)) setColour(f, op === 'sc' ? 'fill' : 'stroke', op === 'sc' ? r.fillSpace : r.strokeSpace, args, false);
      return true;
    case 'scn': case 'SCN': setColourN(f, op === 'scn' ? 'fill' : 'stroke', args); return true;
    default: return false;
  }
}
