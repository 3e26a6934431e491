/**
 * The image XObjects a page paints and where, kept only while the page paints
 * nothing else: then the OCR decision can compose the page's rendering from
 * them (page-raster.ts) without pdf.js. Any operator that draws, clips or
 * changes how an image is painted (text, paths, shadings, inline images,
 * forms, `gs`, optional content) gives the log up: pdf.js renders that page.
 */
import type { PdfValue } from '../../pdf-objects/values.ts';
import type { Matrix } from '../types.ts';
import type { Operation } from './operation.ts';

/**
 * One image XObject painted: its reference and the `cm` operands in force,
 * outermost first (the canvas composes them in its own precision, which
 * decides how pdf.js snaps the image to pixels).
 */
export type PaintedImage = { ref: PdfValue; cms: readonly Matrix[] };

/** Images one page may log; a page painting more is rendered by pdf.js. */
export const MAX_PAINTED_IMAGES = 64;
/** `cm` operands in force one log may hold. */
const MAX_CMS = 32;

/**
 * Operators that neither paint nor change how an image XObject is painted:
 * the state stack and transform, marked content, and line and colour state
 * (an image's own colour space decides its colours). `Do` is judged by what it paints.
 */
const NEUTRAL = new Set([
  'q', 'Q', 'cm', 'Do', 'BMC', 'BDC', 'EMC', 'MP', 'DP', 'BX', 'EX', 'w', 'J', 'j', 'M', 'd', 'ri', 'i',
  'g', 'G', 'rg', 'RG', 'k', 'K', 'cs', 'CS', 'sc', 'scn', 'SC', 'SCN',
]);

/** The images logged, the `cm` operands in force and, per `q`, how many were in force at it; null once the page painted something else. */
export type PictureLog = { images: PaintedImage[]; cms: Matrix[]; saved: number[] } | null;

/** A fresh log for a page. */
export const pictureLog = (): PictureLog => ({ images: [], cms: [], saved: [] });

/** The log after operation `o` (of a page's own stream: a form gives the log up). */
export function afterOperator(log: PictureLog, o: Operation): PictureLog {
  const op = o.op;
  if (log === null || !NEUTRAL.has(op)) return null;
  if (op === 'q') log.saved.push(log.cms.length);
  else if (op === 'Q') log.cms.length = log.saved.pop() ?? log.cms.length;
  else if (op === 'cm') {
    if (o.count !== 6 || o.others !== 0 || log.cms.length >= MAX_CMS) return null;
    const a = o.nums;
    log.cms.push([a[0]!, a[1]!, a[2]!, a[3]!, a[4]!, a[5]!]);
  }
  return log;
}

/**
 * The log after an image XObject `ref` painted; `shown` is false when
 * optional content hides it. An image painted again gives the log up:
 * pdf.js paints a run of repeats as one group, through other canvas calls.
 */
export function afterImage(log: PictureLog, ref: PdfValue, shown: boolean): PictureLog {
  if (log === null || !shown || log.images.length >= MAX_PAINTED_IMAGES) return null;
  const key = JSON.stringify(ref);
  if (log.images.some((i) => JSON.stringify(i.ref) === key)) return null;
  log.images.push({ ref, cms: [...log.cms] });
  return log;
}
