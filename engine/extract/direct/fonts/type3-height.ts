/**
 * The one place pdf.js's text geometry treats Type 3 fonts apart
 * (getCurrentTextTransform): when the font's matrix is not the usual
 * 1/1000 and the font size is at most 1, or the font's box was widened from
 * its glyphs' boxes, the text matrix's height is multiplied by the box's
 * height in text space. The box is /FontBBox, replaced, as pdf.js's
 * loadType3Data does, by the union of the glyphs' `d1` boxes that dwarf it
 * (or all of them when it is empty). What pdf.js might read otherwise (a
 * glyph procedure we cannot parse that could change the box) is refused.
 */
import type { PdfDict, PdfValue } from '../../pdf-objects/values.ts';
import { ContentParser } from '../content/content-parser.ts';
import { Unsupported, type Matrix, type ObjectSource, type Type3Height } from '../types.ts';

/** pdf.js's FONT_IDENTITY_MATRIX: a Type 3 font with it is read as any other font. */
const USUAL: readonly number[] = [0.001, 0, 0, 0.001, 0, 0];

type Rect = [number, number, number, number];

/** Operators that cannot make pdf.js fail on a glyph procedure (no resources, no images). */
const PLAIN_OPS = new Set(['m', 'l', 'c', 'v', 'y', 'h', 're', 'S', 's', 'f', 'F', 'f*', 'B', 'B*', 'b', 'b*', 'n', 'W', 'W*',
  'q', 'Q', 'cm', 'w', 'J', 'j', 'M', 'd', 'i', 'g', 'G', 'rg', 'RG', 'k', 'K']);
const PATH_OPS = new Set(['m', 'l', 'c', 'v', 'y', 'h', 're']);

/** An array's entries with references followed (pdf.js Dict.getArray). */
function numbersOf(objects: ObjectSource, v: PdfValue | undefined, length: number): number[] | null {
  if (!Array.isArray(v) || v.length !== length) return null;
  const out = v.map((x) => objects.resolve(x));
  return out.every((x) => typeof x === 'number') ? (out as number[]) : null;
}

/** pdf.js Util.normalizeRect. */
function normalize(r: readonly number[]): Rect {
  return [Math.min(r[0]!, r[2]!), Math.min(r[1]!, r[3]!), Math.max(r[0]!, r[2]!), Math.max(r[1]!, r[3]!)];
}

/** The font's box as pdf.js reads it: the descriptor's /FontBBox, else the font's; [0 0 0 0] when not four numbers. */
function fontBox(objects: ObjectSource, dict: PdfDict, descriptor: PdfDict | null): Rect {
  const own = descriptor ? objects.lookup(descriptor, 'FontBBox') : undefined;
  const raw = own !== undefined && own !== null && own !== 0 && own !== false ? own : objects.lookup(dict, 'FontBBox');
  const rect = numbersOf(objects, raw, 4);
  return rect ? normalize(rect) : [0, 0, 0, 0];
}

/** What the operations after the first do: whether any builds a path, and whether all are plain ones. */
function scanRest(parser: ContentParser): { paths: boolean; plain: boolean } {
  let paths = false, plain = true;
  for (let op = parser.read(); op; op = parser.read()) {
    if (PATH_OPS.has(op.op)) paths = true;
    if (!PLAIN_OPS.has(op.op)) plain = false;
  }
  return { paths, plain: plain && parser.inlineImages === 0 };
}

/**
 * The box glyph procedure `proc` adds to the font's (pdf.js
 * #removeType3ColorOperators and #guessType3FontBBox), or null;
 * `fontBoxSize` is the diagonal of the font's own box.
 */
function glyphBox(objects: ObjectSource, proc: PdfValue, fontBoxSize: number): Rect | null {
  const parser = new ContentParser(objects.stream(proc).data);
  const first = parser.read();
  if (first?.op === 'd0') {
    // With no font box pdf.js takes the glyph's path bounds, which we do not compute.
    if (fontBoxSize === 0 && scanRest(parser).paths) throw new Unsupported('Type 3 glyph box from its paths');
    return null;
  }
  if (first?.op !== 'd1') return null;
  if (!first.args.every((a) => typeof a === 'number')) throw new Unsupported('Type 3 d1 operands');
  const box = normalize((first.args as number[]).slice(2));
  const w = box[2] - box[0], h = box[3] - box[1];
  if (w === 0 || h === 0 || (fontBoxSize !== 0 && Math.round(Math.hypot(w, h) / fontBoxSize) < 10)) return null;
  // pdf.js drops the glyph's operator list, box included, when the procedure fails to load.
  if (!scanRest(parser).plain) throw new Unsupported('Type 3 glyph box from a procedure pdf.js may fail on');
  return box;
}

/**
 * How pdf.js stretches text in the Type 3 font `dict` with glyph
 * procedures `procs` (see the module comment), or undefined when it never
 * does. Throws Unsupported when that depends on something we do not read as
 * pdf.js does.
 */
export function type3Height(objects: ObjectSource, dict: PdfDict, descriptor: PdfDict | null, fontMatrix: Readonly<Matrix>, procs: PdfDict): Type3Height | undefined {
  if (fontMatrix.every((v, i) => v === USUAL[i])) return undefined;
  const box = fontBox(objects, dict, descriptor);
  const size = Math.hypot(box[2] - box[0], box[3] - box[1]);
  let grown: Rect | null = null;
  for (const proc of procs.map.values()) {
    let add: Rect | null;
    try {
      add = glyphBox(objects, proc, size);
    } catch (err) {
      if (err instanceof Unsupported) throw new Unsupported(`Type 3 glyph: ${err.message}`);
      throw err;
    }
    if (!add) continue;
    grown ??= [Infinity, Infinity, -Infinity, -Infinity];
    grown = [Math.min(grown[0], add[0]), Math.min(grown[1], add[1]), Math.max(grown[2], add[2]), Math.max(grown[3], add[3])];
  }
  const final = grown ?? box;
  const glyphHeight = final[3] - final[1];
  if (!(glyphHeight > 0)) return undefined;
  return { scale: glyphHeight * fontMatrix[3], charBBox: grown !== null };
}
