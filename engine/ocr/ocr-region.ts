/**
 * OCR of one region of a PDF page: the glyphs there have no text
 * (extract/unmapped-glyphs.ts), so the region alone is rendered with pdf.js
 * at the OCR scale, read with the conversion's tesseract workers, and its
 * words come back as TextRuns in the page's points, top-left origin, like
 * those of a whole page read by OCR.
 */
import type { PDFPageProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';
import type { Box, TextRun } from '../model.ts';
import type { OcrEngines } from './ocr-engines.ts';
import { linesToRuns } from './ocr-runs.ts';
import { readImage } from './read-image.ts';
import { OCR_SCALE, renderScale } from './render-scale.ts';

/** What OCR made of a region: its words as page runs, and how sure it was (0-100, see ocr-confidence.ts). */
export type OcrRegionResult = { runs: TextRun[]; lang: string; confidence: number };

/**
 * Margin rendered around the region, in ems of its type: the runs' boxes
 * stop at the ascent and descent pdf.js assumes, and a glyph may reach past
 * them; tesseract also reads a word better with some paper around it.
 */
const MARGIN_EMS = 0.75;

/** The region grown by the margin and kept on the page. */
function withMargin(box: Box, em: number, width: number, height: number): Box {
  const m = MARGIN_EMS * em;
  return { x0: Math.max(0, box.x0 - m), y0: Math.max(0, box.y0 - m), x1: Math.min(width, box.x1 + m), y1: Math.min(height, box.y1 + m) };
}

/** Renders `box` (page points, top-left origin, as the runs have them) on white at `scale` pixels per point. */
async function renderBox(page: PDFPageProxy, box: Box, scale: number): Promise<Buffer> {
  const viewport = page.getViewport({ scale, offsetX: -box.x0 * scale, offsetY: -box.y0 * scale });
  const { createCanvas } = await import('@napi-rs/canvas');
  const canvas = createCanvas(Math.max(1, Math.ceil((box.x1 - box.x0) * scale)), Math.max(1, Math.ceil((box.y1 - box.y0) * scale)));
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(0, 0, canvas.width, canvas.height);
  // pdf.js types ask for DOM canvases; @napi-rs/canvas implements the same 2D API.
  const params = { canvas, canvasContext: ctx, viewport } as unknown as Parameters<PDFPageProxy['render']>[0];
  await page.render(params).promise;
  return canvas.toBuffer('image/png', { resolution: 72 * scale });
}

/**
 * Renders and OCRs the region `box` of `page`, set in type of `em` points.
 * The region's frame must be the page's unrotated view at scale 1 (pdf.js's
 * viewport), which is where the reader put the runs.
 */
export async function ocrRegion(page: PDFPageProxy, box: Box, em: number, engines: OcrEngines): Promise<OcrRegionResult> {
  const view = page.getViewport({ scale: 1 });
  const area = withMargin(box, em, view.width, view.height);
  const scale = renderScale(area.x1 - area.x0, area.y1 - area.y0, OCR_SCALE);
  const read = await readImage(await renderBox(page, area, scale), engines);
  const runs = linesToRuns(read.lines, scale).map((r) => ({
    ...r, box: { x0: r.box.x0 + area.x0, y0: r.box.y0 + area.y0, x1: r.box.x1 + area.x0, y1: r.box.y1 + area.y0 },
  }));
  return { runs, lang: read.lang, confidence: read.confidence };
}
