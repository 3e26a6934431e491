/**
 * A page that paints only simple images (picture-log.ts, image-pixels.ts),
 * rendered on white as pdf.js's canvas renders it, so the OCR decision's
 * glyph-mark check sees the same pixels without loading pdf.js. Only the
 * case pdf.js paints without smoothing is reproduced: an upright image
 * (no rotation or skew) enlarged past 4/3 device pixels per image pixel on
 * one axis and shrunk to no less than half on either, which pdf.js draws
 * nearest-neighbour into a rectangle snapped to whole pixels
 * (drawImageAtIntegerCoords). Anything else is null: pdf.js renders it.
 */
import type { Raster } from '../../ocr/glyph-marks.ts';
import type { PaintedImage } from './content/picture-log.ts';
import { DEFAULT_IMAGE_LIMITS, imageLayout, imagePixels, type ImageLimits, type ImagePixels } from './image-pixels.ts';
import type { DirectObjects } from './object-source.ts';
import { isDict } from '../pdf-objects/values.ts';
import { Unsupported, type Matrix } from './types.ts';

/** pdf.js smooths an image unless one axis enlarges it past this (getImageSmoothingEnabled: 96/72 at pixel ratio 1). */
const SMOOTHING_SCALE = Math.fround(96 / 72);

/** Where pdf.js puts an image: the snapped rectangle's corner, size and the direction of each axis. */
type Placement = { x: number; y: number; w: number; h: number; sx: number; sy: number };

/** The canvas's `transform(m)`: its operands in single precision, the product in double (as @napi-rs/canvas keeps it). */
function canvasTransform(cur: Matrix, m: readonly number[]): Matrix {
  const [a, b, c, d, e, f] = m.map(Math.fround) as Matrix;
  return [cur[0] * a + cur[2] * b, cur[1] * a + cur[3] * b, cur[0] * c + cur[2] * d, cur[1] * c + cur[3] * d,
    cur[0] * e + cur[2] * f + cur[4], cur[1] * e + cur[3] * f + cur[5]];
}

/**
 * The device rectangle an image of `width` × `height` pixels covers when
 * painted through `cms` on a canvas set to `viewport` (pdf.js: the viewport
 * transform, each `cm`, then ctx.scale(1 / width, -1 / height)), or null
 * when pdf.js would smooth, pre-shrink, rotate or skew it.
 */
export function placement(viewport: readonly number[], cms: readonly Matrix[], width: number, height: number): Placement | null {
  let m = canvasTransform([1, 0, 0, 1, 0, 0], viewport);
  for (const cm of cms) m = canvasTransform(m, cm);
  const [A, B, C, D, e, f] = canvasTransform(m, [1 / width, 0, 0, -1 / height, 0, 0]);
  if (B !== 0 || C !== 0 || !Number.isFinite(A + D + e + f)) return null;
  const ax = Math.abs(A), ay = Math.abs(D);
  if (ax <= SMOOTHING_SCALE && ay <= SMOOTHING_SCALE) return null;
  if (ax < 0.5 || ay < 0.5) return null;
  const x = Math.round(e), y = Math.round(-height * D + f);
  const w = Math.abs(Math.round(width * A + e) - x) || 1;
  const h = Math.abs(Math.round(f) - y) || 1;
  return { x, y, w, h, sx: Math.sign(A), sy: Math.sign(D) };
}

/**
 * The source pixels Skia's nearest-neighbour sampling (SkBitmapProcState's
 * nofilter_scale) takes along one axis of a snapped rectangle: device pixel
 * `first + i`, for `count` pixels, of a span of `span` device pixels from
 * `corner` in direction `sign`, showing `n` source pixels. Single-precision
 * inverse matrix, the first centre mapped in floats, less 1/65536, then
 * 32.32 fixed-point steps: a centre on an exact boundary between source
 * pixels lands on either side depending on the rounding, so this is the one
 * way to take the same pixels.
 */
function sampleIndices(first: number, count: number, corner: number, span: number, n: number, sign: number): Int32Array {
  const f = Math.fround;
  const inv = f(1 / f(sign * f(span / n)));
  const at = f(f(f(first + 0.5) * inv) + f(-corner * inv));
  const step = Math.trunc(inv * 2 ** 32);
  let fx = Math.trunc(at * 2 ** 32) - 2 ** 16;
  const out = new Int32Array(count);
  for (let i = 0; i < count; i++, fx += step) out[i] = Math.max(0, Math.min(n - 1, Math.floor(fx / 2 ** 32)));
  return out;
}

/** Paints `img` nearest-neighbour into the raster at `at`, clipped to the raster. */
function paint(out: Raster, img: ImagePixels, at: Placement): void {
  const { data, width: W, height: H } = out;
  // Device pixels covered: [x, x + w) going right, [x - w, x) going left; then clipped.
  const x0 = Math.max(0, at.sx > 0 ? at.x : at.x - at.w), x1 = Math.min(W, at.sx > 0 ? at.x + at.w : at.x);
  const y0 = Math.max(0, at.sy > 0 ? at.y : at.y - at.h), y1 = Math.min(H, at.sy > 0 ? at.y + at.h : at.y);
  if (x1 <= x0 || y1 <= y0) return;
  const cols = sampleIndices(x0, x1 - x0, at.x, at.w, img.width, at.sx);
  for (let y = y0; y < y1; y++) {
    // Each row maps its own first centre (fixed 16.16), so one step of the row sampler.
    const src = sampleIndices(y, 1, at.y, at.h, img.height, at.sy)[0]! * img.width;
    const row = y * W;
    for (let x = x0; x < x1; x++) {
      const s = (src + cols[x - x0]!) * 4, o = (row + x) * 4;
      data[o] = img.rgba[s]!; data[o + 1] = img.rgba[s + 1]!; data[o + 2] = img.rgba[s + 2]!;
    }
  }
}

/**
 * The page rendered on a canvas set to `viewport` (pdf.js's, at the OCR scale) from
 * the images it paints, or null when any of them is not one pdf.js would
 * paint the same way (see the module comment) or not simple enough to decode.
 */
export function pageRaster(
  images: readonly PaintedImage[], objects: DirectObjects, viewport: { width: number; height: number; transform: readonly number[] },
  limits: ImageLimits = DEFAULT_IMAGE_LIMITS,
): Raster | null {
  const width = Math.ceil(viewport.width), height = Math.ceil(viewport.height);
  if (!(width > 0 && height > 0)) return null;
  try {
    const found = images.map((p) => {
      const dict = objects.resolve(p.ref);
      if (!isDict(dict)) throw new Unsupported('image is not a stream');
      const layout = imageLayout(dict, objects, limits);
      return { p, layout, at: placement(viewport.transform, p.cms, layout.width, layout.height) };
    });
    if (found.some((i) => i.at === null)) return null;
    const out: Raster = { data: new Uint8ClampedArray(width * height * 4).fill(255), width, height };
    // One image decoded at a time, to no more than its rows (and their PNG filter bytes) take:
    // memory is the page plus the largest image.
    for (const i of found) {
      const { rowBytes, height: rows } = i.layout;
      paint(out, imagePixels(i.layout, objects.streamOnce(i.p.ref, (rowBytes + 1) * rows + 1).data), i.at!);
    }
    return out;
  } catch (err) {
    if (err instanceof Unsupported) return null;
    throw err;
  }
}
