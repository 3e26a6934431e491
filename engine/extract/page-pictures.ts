/**
 * The pictures a page paints, for images: files. pdf.js's operator list is
 * walked with its transformation stack to place each image (the unit square
 * under the current matrix) on the page; the image's own pixels are written
 * as a PNG when pdf.js decoded them to plain RGB(A) or grey, and otherwise
 * (stencil masks, JPX it hands over as a bitmap, tiled or repeated images)
 * the picture's area of a page render is. Only called when pictures are
 * asked for: the operator list costs a second pass over the page.
 */
import type { PDFPageProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { opsTable, pdfjsOps } from './pdfjs-ops.ts';
import type { Box } from '../model.ts';
import { renderPage } from '../ocr/ocr-page.ts';
import { maxOf, minOf } from '../numbers.ts';

/**
 * A picture found on a page: where it sits (points, top-left origin), its
 * PNG, and the marked-content id it is painted in (tagged PDFs: the id a
 * Figure element of the structure tree names).
 */
export type PagePicture = { box: Box; png: Uint8Array; mcid?: number };

/** Pictures smaller than this on either side (points) are rules, bullets or dots, not pictures. */
const MIN_SIDE = 12;
/** Scale of the page render a picture without its own pixels is cut from (2 = 144 dpi). */
const RENDER_SCALE = 2;
/** At most this many pictures per page; a page of thousands of tiles is one picture, rendered. */
const MAX_PER_PAGE = 64;

type Matrix = [number, number, number, number, number, number];
const IDENTITY: Matrix = [1, 0, 0, 1, 0, 0];

const multiply = (m: Matrix, n: Matrix): Matrix => [
  m[0] * n[0] + m[2] * n[1], m[1] * n[0] + m[3] * n[1],
  m[0] * n[2] + m[2] * n[3], m[1] * n[2] + m[3] * n[3],
  m[0] * n[4] + m[2] * n[5] + m[4], m[1] * n[4] + m[3] * n[5] + m[5],
];

const ownPixels = opsTable((OPS): ReadonlySet<number> => new Set([OPS.paintImageXObject, OPS.paintInlineImageXObject]));
const rendered = opsTable((OPS): ReadonlySet<number> => new Set([
  OPS.paintImageMaskXObject, OPS.paintImageXObjectRepeat, OPS.paintImageMaskXObjectRepeat, OPS.paintInlineImageXObjectGroup,
  OPS.paintImageMaskXObjectGroup,
]));

type Found = { box: Box; image: unknown; mcid?: number };

/** The unit square under `m`, in the viewport's top-left coordinates. */
function placed(page: PDFPageProxy, m: Matrix): Box {
  const vp = page.getViewport({ scale: 1 });
  const corners = [[0, 0], [1, 0], [0, 1], [1, 1]].map(([x, y]) => vp.convertToViewportPoint(m[0] * x! + m[2] * y! + m[4], m[1] * x! + m[3] * y! + m[5]));
  const xs = corners.map((c) => c[0]!), ys = corners.map((c) => c[1]!);
  const clamp = (v: number, hi: number) => Math.max(0, Math.min(hi, v));
  return { x0: clamp(minOf(xs), vp.width), y0: clamp(minOf(ys), vp.height), x1: clamp(maxOf(xs), vp.width), y1: clamp(maxOf(ys), vp.height) };
}

/** The images the operator list paints, with where they land and their decoded data when pdf.js kept it. */
function findImages(page: PDFPageProxy, fnArray: number[], argsArray: unknown[][]): Found[] {
  const OPS = pdfjsOps(), OWN_PIXELS = ownPixels(), RENDERED = rendered();
  const stack: Matrix[] = [];
  let ctm: Matrix = IDENTITY;
  // The innermost marked-content id around each open BMC/BDC (pdf.js passes a BDC's MCID as its second argument).
  const marked: (number | undefined)[] = [];
  const out: Found[] = [];
  fnArray.forEach((fn, i) => {
    const args = argsArray[i] ?? [];
    if (fn === OPS.beginMarkedContentProps) marked.push(Number.isInteger(args[1]) ? (args[1] as number) : marked.at(-1));
    else if (fn === OPS.beginMarkedContent) marked.push(marked.at(-1));
    else if (fn === OPS.endMarkedContent) marked.pop();
    else if (fn === OPS.save) stack.push(ctm);
    else if (fn === OPS.restore) ctm = stack.pop() ?? IDENTITY;
    else if (fn === OPS.transform) ctm = multiply(ctm, args as Matrix);
    else if (fn === OPS.paintFormXObjectBegin) {
      stack.push(ctm);
      if (Array.isArray(args[0]) && args[0].length === 6) ctm = multiply(ctm, args[0] as Matrix);
    } else if (fn === OPS.paintFormXObjectEnd) ctm = stack.pop() ?? IDENTITY;
    else if (OWN_PIXELS.has(fn) || RENDERED.has(fn)) {
      const box = placed(page, ctm);
      if (box.x1 - box.x0 < MIN_SIDE || box.y1 - box.y0 < MIN_SIDE) return;
      const mcid = marked.at(-1);
      out.push({ box, image: OWN_PIXELS.has(fn) ? pixelsOf(page, args[0]) : null, ...(mcid === undefined ? {} : { mcid }) });
    }
  });
  return out;
}

type Pixels = { width: number; height: number; kind: number; data: Uint8Array | Uint8ClampedArray };

function isPixels(v: unknown): v is Pixels {
  if (typeof v !== 'object' || v === null) return false;
  const p = v as Partial<Pixels>;
  return typeof p.width === 'number' && typeof p.height === 'number' && typeof p.kind === 'number' && (p.data instanceof Uint8Array || p.data instanceof Uint8ClampedArray);
}

/** The decoded image an operator names (an object id) or carries (inline), when pdf.js has it as plain pixels. */
function pixelsOf(page: PDFPageProxy, ref: unknown): Pixels | null {
  if (isPixels(ref)) return ref;
  if (typeof ref !== 'string') return null;
  try {
    const objs = ref.startsWith('g_') ? (page as unknown as { commonObjs: { get(id: string): unknown } }).commonObjs : page.objs;
    const img = objs.get(ref);
    return isPixels(img) ? img : null;
  } catch {
    return null;
  }
}

/** pdf.js ImageKind: 1 = 1 bit grey, 2 = RGB, 3 = RGBA. Anything else is rendered instead. */
function toRgba(p: Pixels): Uint8ClampedArray | null {
  const n = p.width * p.height;
  const out = new Uint8ClampedArray(n * 4);
  if (p.kind === 3 && p.data.length >= n * 4) out.set(p.data.subarray(0, n * 4));
  else if (p.kind === 2 && p.data.length >= n * 3) {
    for (let i = 0; i < n; i++) {
      out[i * 4] = p.data[i * 3]!; out[i * 4 + 1] = p.data[i * 3 + 1]!; out[i * 4 + 2] = p.data[i * 3 + 2]!; out[i * 4 + 3] = 255;
    }
  } else if (p.kind === 1) {
    const rowBytes = (p.width + 7) >> 3;
    if (p.data.length < rowBytes * p.height) return null;
    for (let y = 0; y < p.height; y++) {
      for (let x = 0; x < p.width; x++) {
        const v = (p.data[y * rowBytes + (x >> 3)]! >> (7 - (x & 7))) & 1 ? 255 : 0;
        const o = (y * p.width + x) * 4;
        out[o] = v; out[o + 1] = v; out[o + 2] = v; out[o + 3] = 255;
      }
    }
  } else return null;
  return out;
}

/** The canvas module, loaded when pictures are asked for (not with the engine: it is a native library). */
type CanvasModule = typeof import('@napi-rs/canvas');

function pngOfPixels(p: Pixels, { createCanvas }: CanvasModule): Uint8Array | null {
  if (p.width < 1 || p.height < 1) return null;
  const rgba = toRgba(p);
  if (!rgba) return null;
  const canvas = createCanvas(p.width, p.height);
  const ctx = canvas.getContext('2d');
  const data = ctx.createImageData(p.width, p.height);
  data.data.set(rgba);
  ctx.putImageData(data, 0, 0);
  return canvas.toBuffer('image/png');
}

/** The area `box` of a page render, as PNG. */
async function cut(render: { png: Buffer; scale: number }, box: Box): Promise<Uint8Array> {
  const { createCanvas, loadImage } = await import('@napi-rs/canvas');
  const page = await loadImage(render.png);
  const s = render.scale;
  const w = Math.max(1, Math.round((box.x1 - box.x0) * s)), h = Math.max(1, Math.round((box.y1 - box.y0) * s));
  const canvas = createCanvas(w, h);
  canvas.getContext('2d').drawImage(page, box.x0 * s, box.y0 * s, w, h, 0, 0, w, h);
  return canvas.toBuffer('image/png');
}

/** The page's pictures in painting order, each as a PNG. */
export async function pagePictures(page: PDFPageProxy): Promise<PagePicture[]> {
  const { fnArray, argsArray } = await page.getOperatorList();
  const canvas = await import('@napi-rs/canvas');
  const found = findImages(page, fnArray, argsArray as unknown[][]);
  if (found.length > MAX_PER_PAGE) {
    const all = found.map((f) => f.box);
    const box = { x0: minOf(all.map((b) => b.x0)), y0: minOf(all.map((b) => b.y0)), x1: maxOf(all.map((b) => b.x1)), y1: maxOf(all.map((b) => b.y1)) };
    return [{ box, png: await cut(await renderPage(page, RENDER_SCALE), box) }];
  }
  let render: { png: Buffer; scale: number } | null = null;
  const out: PagePicture[] = [];
  for (const f of found) {
    const own = isPixels(f.image) ? pngOfPixels(f.image, canvas) : null;
    const tag = f.mcid === undefined ? {} : { mcid: f.mcid };
    if (own) {
      out.push({ box: f.box, png: own, ...tag });
      continue;
    }
    render ??= await renderPage(page, RENDER_SCALE);
    out.push({ box: f.box, png: await cut(render, f.box), ...tag });
  }
  return out;
}
