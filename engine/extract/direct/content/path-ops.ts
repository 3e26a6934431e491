/**
 * Path, paint, line width and colour operators, reduced to what the rule
 * reader uses. Paths are encoded as pdf.js's buildPath encodes them (a
 * rectangle is a closed four-point path, or a two-point one when flat) and
 * rounded to 32-bit floats as pdf.js's constructPath Float32Array does, so
 * path-rules.ts sees the same numbers it sees from pdf.js.
 */
import { DRAW, deviceSubpaths, subpathRules, type PathPaint } from '../../../tables/path-rules.ts';
import { MAX_MARKS, pathMarks } from '../../bullet-marks.ts';
import { MAX_DRAWN, drawnStrokes } from '../../drawn-strokes.ts';
import { MAX_SHADED, shadedRects } from '../../shaded-fills.ts';
import { isWhiteColour, parseColourSpace, toRgb, type ColourSpace } from './colour.ts';
import { NUMBER } from './content-lexer.ts';
import { notePath } from './paint-log.ts';
import type { Frame, OpHandler, OpHandlers } from './frame.ts';
import type { Operation } from './operation.ts';

/** Ends a path segment at (x, y). */
function moveTo(f: Frame, x: number, y: number): void {
  f.currentX = x;
  f.currentY = y;
}

/** The path construction operators. */
const BUILD: OpHandlers = {
  re(f, o) {
    const a = o.numbers(), p = f.path;
    const x = a[0]!, y = a[1]!, w = a[2]!, h = a[3]!;
    const xw = x + w;
    const yh = y + h;
    moveTo(f, x, y);
    if (w === 0 || h === 0) p.push(DRAW.move, x, y, DRAW.line, xw, yh, DRAW.close);
    else p.push(DRAW.move, x, y, DRAW.line, xw, y, DRAW.line, xw, yh, DRAW.line, x, yh, DRAW.close);
  },
  m(f, o) {
    const a = o.numbers();
    f.path.push(DRAW.move, a[0]!, a[1]!);
    moveTo(f, a[0]!, a[1]!);
  },
  l(f, o) {
    const a = o.numbers();
    f.path.push(DRAW.line, a[0]!, a[1]!);
    moveTo(f, a[0]!, a[1]!);
  },
  c(f, o) {
    const a = o.numbers();
    f.path.push(DRAW.curve, a[0]!, a[1]!, a[2]!, a[3]!, a[4]!, a[5]!);
    moveTo(f, a[4]!, a[5]!);
  },
  v(f, o) {
    const a = o.numbers();
    f.path.push(DRAW.curve, f.currentX, f.currentY, a[0]!, a[1]!, a[2]!, a[3]!);
    moveTo(f, a[2]!, a[3]!);
  },
  y(f, o) {
    const a = o.numbers();
    f.path.push(DRAW.curve, a[0]!, a[1]!, a[2]!, a[3]!, a[2]!, a[3]!);
    moveTo(f, a[2]!, a[3]!);
  },
  h(f) { f.path.push(DRAW.close); },
};

function paint(f: Frame, kind: PathPaint, closing: boolean): void {
  if (closing) f.path.push(DRAW.close);
  if (f.path.length === 0) return;
  if (kind !== 'none') f.page.ink.paths++;
  const data = new Float32Array(f.path);
  f.path.length = 0;
  // The rule reader, the bullet marks and the paint log read the same device points: split once.
  const subpaths = deviceSubpaths(data, f.g.rule.ctm);
  for (const r of subpathRules(kind, subpaths, f.g.rule)) f.page.rules.push(r);
  if (f.page.marks.length < MAX_MARKS) f.page.marks.push(...pathMarks(kind, subpaths, f.g.rule));
  if (f.page.drawn.length < MAX_DRAWN) f.page.drawn.push(...drawnStrokes(kind, subpaths, f.g.rule).slice(0, MAX_DRAWN - f.page.drawn.length));
  if (f.page.shaded.length < MAX_SHADED) f.page.shaded.push(...shadedRects(kind, subpaths, f.g.rule, f.g.paint.clip).slice(0, MAX_SHADED - f.page.shaded.length));
  notePath(f, kind, subpaths);
}

/** A painting operator: how it paints, and whether it closes the path first. */
const painter = (kind: PathPaint, closing = false): OpHandler => (f) => paint(f, kind, closing);

/** The path construction and painting operators. */
export const PATH_OPS: OpHandlers = {
  ...BUILD,
  S: painter('stroke'), s: painter('stroke', true), f: painter('fill'), F: painter('fill'), 'f*': painter('fill'),
  B: painter('fillStroke'), 'B*': painter('fillStroke'), b: painter('fillStroke', true), 'b*': painter('fillStroke', true), n: painter('none'),
};

type Side = 'fill' | 'stroke';

/** Sets a colour from the first `o.count` (all numeric) operands. */
function setColour(f: Frame, side: Side, space: ColourSpace, o: Operation, setSpace: boolean): void {
  const r = f.g.rule;
  if (side === 'fill') {
    if (setSpace) r.fillSpace = r.patternFillSpace = space;
    r.fillWhite = isWhiteColour(space, o.nums, o.count);
    f.g.paint.fill = toRgb(space, o.nums, o.count);
  } else {
    if (setSpace) r.strokeSpace = r.patternStrokeSpace = space;
    r.strokeWhite = isWhiteColour(space, o.nums, o.count);
    f.g.paint.stroke = toRgb(space, o.nums, o.count);
  }
}

/** scn/SCN: pdf.js reads these through the pattern colour space, which is null until cs/CS or a device colour. */
function setColourN(f: Frame, side: Side, o: Operation): void {
  const r = f.g.rule;
  const space = side === 'fill' ? r.patternFillSpace : r.patternStrokeSpace;
  if (space === 'pattern') {
    // A pattern paints; pdf.js emits no RGB colour.
    f.g.paint[side] = null;
    return;
  }
  if (o.others !== 0) return; // pdf.js: transparent or skipped; the rule reader sees no colour
  setColour(f, side, space ?? 'gray', o, false);
}

/** A device colour operator (pdf.js skips one with other operands than numbers). */
const device = (side: Side, space: ColourSpace): OpHandler => (f, o) => {
  if (o.others === 0) setColour(f, side, space, o, true);
};

/** cs/CS: a new colour space starts at its initial colour, black for the device spaces. */
const colourSpace = (side: Side): OpHandler => (f, o) => {
  const r = f.g.rule;
  const space = parseColourSpace(o.value(0), f.resources, f.page.objects);
  if (side === 'fill') r.fillSpace = r.patternFillSpace = space;
  else r.strokeSpace = r.patternStrokeSpace = space;
  f.g.paint[side] = space === 'cmyk' ? toRgb(space, [0, 0, 0, 1], 4) : toRgb(space, [0, 0, 0], 3);
};

/** The line width and colour operators. */
export const STYLE_OPS: OpHandlers = {
  g: device('fill', 'gray'), G: device('stroke', 'gray'), rg: device('fill', 'rgb'), RG: device('stroke', 'rgb'),
  k: device('fill', 'cmyk'), K: device('stroke', 'cmyk'),
  w(f, o) {
    if (o.kinds[0] === NUMBER) f.g.rule.lineWidth = Math.abs(o.nums[0]!);
  },
  cs: colourSpace('fill'), CS: colourSpace('stroke'),
  sc(f, o) {
    if (o.others === 0) setColour(f, 'fill', f.g.rule.fillSpace, o, false);
  },
  SC(f, o) {
    if (o.others === 0) setColour(f, 'stroke', f.g.rule.strokeSpace, o, false);
  },
  scn(f, o) { setColourN(f, 'fill', o); },
  SCN(f, o) { setColourN(f, 'stroke', o); },
};
