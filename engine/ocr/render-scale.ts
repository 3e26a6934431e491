/**
 * The resolution a page is rendered at for OCR and for the glyph-mark check
 * that decides whether OCR is worth it: the same number wherever the page is
 * rendered (pdf.js, or the direct reader composing a page of images).
 */

/** Default render scale (1 = 72 dpi): 3 is 216 dpi, and small print needs ~200 dpi. */
export const OCR_SCALE = 3;

/** Largest canvas side in pixels; bigger pages are rendered at a lower scale. */
export const MAX_SIDE = 6000;

/** The scale a page `width` × `height` points is rendered at when `scale` is asked for. */
export function renderScale(width: number, height: number, scale = OCR_SCALE): number {
  return Math.min(scale, MAX_SIDE / Math.max(width, height, 1));
}
