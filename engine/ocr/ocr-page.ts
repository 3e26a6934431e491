/**
 * OCR of one PDF page: render it with pdf.js onto an @napi-rs/canvas canvas
 * (pdf.js's Node canvas factory uses the same package for its scratch
 * canvases), recognise with tesseract, and turn words into TextRuns in PDF
 * points with a top-left origin, like the text layer's runs.
 */
import type { Canvas } from '@napi-rs/canvas';
import type { PDFPageProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';
import type { TextRun } from '../model.ts';
import { linesToRuns } from './ocr-runs.ts';
import { ocrEngines, type OcrEngines } from './ocr-engines.ts';
import { readImage } from './read-image.ts';
import { hasGlyphMarks } from './glyph-marks.ts';
import { OCR_SCALE, renderScale } from './render-scale.ts';

export { createOcrEngine, type OcrEngine } from './ocr-engine.ts';
export { ocrEngines, type OcrEngines } from './ocr-engines.ts';
export { ocrTrust, plainParagraphs, OCR_PLAIN_CONFIDENCE, OCR_STRUCTURE_CONFIDENCE } from './ocr-confidence.ts';
export { pageNeedsOcr, type PageInfo } from './needs-ocr.ts';
export { linesToRuns } from './ocr-runs.ts';

/** Options for {@link ocrPage}. */
export type OcrPageOptions = {
  /** Tesseract language code to read with; its @tesseract.js-data package must be installed. Default: chosen by script detection. */
  lang?: string;
  /** Render scale (1 = 72 dpi). Default 3 (216 dpi): small print needs ~200 dpi. */
  scale?: number;
  /** Workers to reuse; without them, workers are started and stopped for this page. */
  engines?: OcrEngines;
};

/** A page rendered on white at `scale` (pixels per point, capped by MAX_SIDE). */
async function renderCanvas(page: PDFPageProxy, scale: number): Promise<{ canvas: Canvas; scale: number }> {
  const base = page.getViewport({ scale: 1 });
  const s = renderScale(base.width, base.height, scale);
  const viewport = page.getViewport({ scale: s });
  // Loaded here, not with the engine: a native library that only rendering needs.
  const { createCanvas } = await import('@napi-rs/canvas');
  const canvas = createCanvas(Math.ceil(viewport.width), Math.ceil(viewport.height));
  const ctx = canvas.getContext('2d');
  // Transparent pixels would OCR as black on some paths; paper is white.
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(0, 0, canvas.width, canvas.height);
  // pdf.js types ask for DOM canvases; @napi-rs/canvas implements the same 2D API.
  const params = { canvas, canvasContext: ctx, viewport } as unknown as Parameters<PDFPageProxy['render']>[0];
  await page.render(params).promise;
  return { canvas, scale: s };
}

// The resolution lets tesseract size its search windows (and spares its stderr warning about 0 dpi).
const toPng = (canvas: Canvas, scale: number): Buffer => canvas.toBuffer('image/png', { resolution: 72 * scale });

/** Renders a page to PNG bytes at `scale`. */
export async function renderPage(page: PDFPageProxy, scale: number): Promise<{ png: Buffer; scale: number }> {
  const { canvas, scale: s } = await renderCanvas(page, scale);
  return { png: toPng(canvas, s), scale: s };
}

/** What OCR made of one page: its words as runs, the language that read them, and how sure it was. */
export type OcrPageResult = {
  runs: TextRun[];
  /** Tesseract language code of the reading kept. */
  lang: string;
  /** Character-weighted mean word confidence, 0-100 (see ocr-confidence.ts). */
  confidence: number;
  /** The script OSD saw on the page, when it could tell. */
  script?: string;
};

/**
 * When a page is read: `always`, or only when its rendering shows glyph-sized
 * marks (`glyph_marks`, see glyph-marks.ts), so that no worker starts for a photo.
 */
export type OcrWhen = 'always' | 'glyph_marks';

/**
 * Renders and OCRs one page, returning its words as TextRuns; null when
 * `when` is `glyph_marks` and the rendering shows none. Pass `opts.engines`
 * to reuse workers across pages; otherwise workers are started and
 * terminated for this call.
 */
export async function ocrPageWhen(page: PDFPageProxy, when: OcrWhen, opts: OcrPageOptions = {}): Promise<OcrPageResult | null> {
  const { canvas, scale } = await renderCanvas(page, opts.scale ?? OCR_SCALE);
  if (when === 'glyph_marks' && !hasGlyphMarks(canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height), scale)) return null;
  const engines = opts.engines ?? ocrEngines();
  try {
    const read = await readImage(toPng(canvas, scale), engines, opts.lang);
    return { runs: linesToRuns(read.lines, scale), lang: read.lang, confidence: read.confidence, ...(read.script ? { script: read.script } : {}) };
  } finally {
    if (!opts.engines) await engines.terminate();
  }
}

/**
 * Renders and OCRs one page, returning its words as TextRuns. Pass
 * `opts.engines` to reuse workers across pages; otherwise workers are started
 * and terminated for this call.
 */
export async function ocrPage(page: PDFPageProxy, opts: OcrPageOptions = {}): Promise<OcrPageResult> {
  return (await ocrPageWhen(page, 'always', opts))!;
}
