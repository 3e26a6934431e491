/**
 * Whether a rendered page shows anything OCR could read: glyph-like marks
 * set in lines. Starting tesseract costs far more than a page's recognition
 * (about 0.5-0.7 CPU-s for the workers of one document), so an image-only
 * page whose picture holds no text (a photo, a gradient, a logo) is not worth
 * it. Marks are the connected components of dark pixels, and of light ones
 * (white text on a dark slide); a mark is glyph-like when it is as tall as a
 * glyph of 4-72 pt print and is strokes rather than a solid block, and it is
 * in a line when two marks of about its height sit beside it on its line.
 */

/** Fewest marks in lines a page needs before OCR is worth starting (a page number alone is not text). */
export const MIN_LINED_MARKS = 8;
/** Smallest glyph height in points: the x-height of 4 pt print. */
const MIN_GLYPH_PT = 2;
/** Largest glyph height in points: a 72 pt headline's capitals. */
const MAX_GLYPH_PT = 72;
/** Ink share of its box above which a mark is a solid block (a picture's pixel), not strokes. */
const MAX_GLYPH_FILL = 0.85;
/** Neighbours on its line a mark needs: letters come in words. */
const LINE_NEIGHBOURS = 2;
/** Heights of two marks of one line of print differ by at most this factor (x-height against capitals). */
const LINE_HEIGHT_RATIO = 1.5;
/** More glyph-like marks than this are text enough without checking lines (and bound the pairwise check). */
const PLENTY = 5000;
/** Luminance (0-255) below which a pixel is ink, above which paper. */
const INK_LUMA = 128;

/** An RGBA raster, as canvas getImageData returns it. */
export type Raster = { data: Uint8ClampedArray; width: number; height: number };

/** A component's box (pixels, inclusive) and pixel count. */
type Mark = { x0: number; y0: number; x1: number; y1: number; n: number };

/**
 * Connected components of one polarity (8-connected), labelled row by row
 * from runs of like pixels with a union-find over run labels.
 */
function components(img: Raster, ink: boolean): Mark[] {
  const { data, width, height } = img;
  const parent: number[] = [];
  const marks: Mark[] = [];
  const find = (a: number): number => {
    while (parent[a] !== a) a = parent[a] = parent[parent[a]!]!;
    return a;
  };
  let prev: number[] = []; // [x0, x1, label] triples of the row above
  for (let y = 0; y < height; y++) {
    const row: number[] = [];
    const base = y * width * 4;
    for (let x = 0; x < width;) {
      while (x < width && isInk(data, base + x * 4) !== ink) x++;
      if (x >= width) break;
      const x0 = x;
      while (x < width && isInk(data, base + x * 4) === ink) x++;
      parent.push(marks.length);
      row.push(x0, x - 1, marks.length);
      marks.push({ x0, y0: y, x1: x - 1, y1: y, n: x - x0 });
    }
    // Runs touch (8-connected) when their x-ranges, one widened by a pixel, overlap.
    for (let i = 0, j = 0; i < row.length && j < prev.length;) {
      if (prev[j + 1]! + 1 < row[i]!) j += 3;
      else if (row[i + 1]! + 1 < prev[j]!) i += 3;
      else {
        const a = find(prev[j + 2]!), b = find(row[i + 2]!);
        if (a !== b) {
          parent[b] = a;
          const ma = marks[a]!, mb = marks[b]!;
          ma.x0 = Math.min(ma.x0, mb.x0); ma.y0 = Math.min(ma.y0, mb.y0);
          ma.x1 = Math.max(ma.x1, mb.x1); ma.y1 = Math.max(ma.y1, mb.y1);
          ma.n += mb.n;
        }
        if (prev[j + 1]! < row[i + 1]!) j += 3;
        else i += 3;
      }
    }
    prev = row;
  }
  return marks.filter((_, l) => parent[l] === l);
}

function isInk(data: Uint8ClampedArray, i: number): boolean {
  // Rec. 601 luma; the page was painted on white, so alpha is opaque.
  return 0.299 * data[i]! + 0.587 * data[i + 1]! + 0.114 * data[i + 2]! < INK_LUMA;
}

const tall = (m: Mark): number => m.y1 - m.y0 + 1;

/** Whether `b` sits beside `a` on a line of print: about as tall, overlapping it vertically, at most a height away. */
function beside(a: Mark, b: Mark): boolean {
  const ha = tall(a), hb = tall(b);
  if (Math.max(ha, hb) > LINE_HEIGHT_RATIO * Math.min(ha, hb)) return false;
  if (Math.min(a.y1, b.y1) - Math.max(a.y0, b.y0) + 1 < 0.5 * Math.min(ha, hb)) return false;
  return Math.max(a.x0, b.x0) - Math.min(a.x1, b.x1) <= Math.max(ha, hb);
}

/** True when the rendered page (`scale` pixels per point) holds MIN_LINED_MARKS glyph-like marks in lines. */
export function hasGlyphMarks(img: Raster, scale: number): boolean {
  const glyphLike = (m: Mark): boolean => {
    const h = tall(m);
    return h >= MIN_GLYPH_PT * scale && h <= MAX_GLYPH_PT * scale && m.n <= MAX_GLYPH_FILL * h * (m.x1 - m.x0 + 1);
  };
  let lined = 0;
  for (const ink of [true, false]) {
    const marks = components(img, ink).filter(glyphLike);
    if (marks.length > PLENTY) return true;
    for (const a of marks) {
      let near = 0;
      for (let k = 0; k < marks.length && near < LINE_NEIGHBOURS; k++) if (marks[k] !== a && beside(a, marks[k]!)) near++;
      if (near >= LINE_NEIGHBOURS && ++lined >= MIN_LINED_MARKS) return true;
    }
  }
  return false;
}
