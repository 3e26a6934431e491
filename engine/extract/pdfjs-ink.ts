/**
 * What a page paints besides text, counted from pdf.js's operator list: the
 * direct reader counts it during its content pass (Page.ink), pages read by
 * pdf.js get it here, and only when the OCR decision needs it (a page without
 * a text layer), since the operator list costs a second pass.
 */
import type { PDFPageProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { opsTable, pdfjsOps } from './pdfjs-ops.ts';

const imageOps = opsTable((OPS): ReadonlySet<number> => new Set([
  OPS.paintImageXObject, OPS.paintInlineImageXObject, OPS.paintInlineImageXObjectGroup, OPS.paintImageXObjectRepeat,
  OPS.paintImageMaskXObject, OPS.paintImageMaskXObjectGroup, OPS.paintImageMaskXObjectRepeat, OPS.paintSolidColorImageMask,
]));

/** Images and painted paths on the page. */
export async function pdfjsInk(page: PDFPageProxy): Promise<{ images: number; paths: number }> {
  const { fnArray } = await page.getOperatorList();
  const OPS = pdfjsOps(), IMAGE_OPS = imageOps();
  let images = 0, paths = 0;
  for (const fn of fnArray) {
    if (IMAGE_OPS.has(fn)) images++;
    else if (fn === OPS.constructPath) paths++;
  }
  return { images, paths };
}
