/**
 * OCR of one PDF page: render it with pdf.js onto an @napi-rs/canvas canvas
 * (pdf.js's Node canvas factory uses the same package for its scratch
 * canvases), recognise with tesseract, and turn words into TextRuns in PDF
 * points with a top-left origin, like the text layer's runs.
 */
import { createCanvas } from '@napi-rs/canvas';
import type { PDFPageProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';
import type { TextRun } from '../model.ts';
import { createOcrEngine, type OcrEngine, type OcrLine } from './ocr-engine.ts';

export { createOcrEngine, type OcrEngine } from './ocr-engine.ts';
export { pageNeedsOcr, type PageInfo } from './needs-ocr.ts';

/** Options for {@link ocrPage}. */
export type OcrPageOptions = {
  /** Tesseract language code; its @tesseract.js-data package must be installed. Default `eng`. */
  lang?: string;
  /** Render scale (1 = 72 dpi). Default 3 (216 dpi): small print needs ~200 dpi. */
  scale?: number;
  /** A worker to reuse; without one, a worker is started and stopped for this page. */
  engine?: OcrEngine;
};

/** Words below this confidence (0-100) are noise: speckles, rules, image texture. */
const MIN_CONFIDENCE = 30;
/** Largest canvas side in pixels; bigger pages are rendered at a lower scale. */
const MAX_SIDE = 6000;

/** Renders a page to PNG bytes at `scale`. */
export async function renderPage(page: PDFPageProxy, scale: number): Promise<{ png: Buffer; scale: number }> {
  const base = page.getViewport({ scale: 1 });
  const s = Math.min(scale, MAX_SIDE / Math.max(base.width, base.height, 1));
  const viewport = page.getViewport({ scale: s });
  const canvas = createCanvas(Math.ceil(viewport.width), Math.ceil(viewport.height));
  const ctx = canvas.getContext('2d');
  // Transparent pixels would OCR as black on some paths; paper is white.
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(0, 0, canvas.width, canvas.height);
  // pdf.js types ask for DOM canvases; @napi-rs/canvas implements the same 2D API.
  const params = { canvas, canvasContext: ctx, viewport } as unknown as Parameters<PDFPageProxy['render']>[0];
  await page.render(params).promise;
  return { png: canvas.toBuffer('image/png'), scale: s };
}

/** Tesseract lines → one TextRun per word, boxes scaled from pixels to points. */
export function linesToRuns(lines: readonly OcrLine[], scale: number): TextRun[] {
  const runs: TextRun[] = [];
  for (const line of lines) {
    // Tesseract reports no font size; the line's height is the closest stand-in.
    const fontSize = Math.max(1, (line.bbox.y1 - line.bbox.y0) / scale);
    for (const w of line.words) {
      const text = w.text.trim();
      if (!text || w.confidence < MIN_CONFIDENCE) continue;
      runs.push({
        text,
        box: { x0: w.bbox.x0 / scale, y0: w.bbox.y0 / scale, x1: w.bbox.x1 / scale, y1: w.bbox.y1 / scale },
        fontName: 'ocr',
        fontSize,
        bold: false,
        italic: false,
        monospace: false,
        dir: 'ltr',
      });
    }
  }
  return runs;
}

/**
 * Renders and OCRs one page, returning its words as TextRuns. Pass
 * `opts.engine` to reuse one worker across pages; otherwise one is started
 * and terminated for this call.
 */
export async function ocrPage(page: PDFPageProxy, opts: OcrPageOptions = {}): Promise<TextRun[]> {
  const engine = opts.engine ?? (await createOcrEngine(opts.lang ?? 'eng'));
  try {
    const { png, scale } = await renderPage(page, opts.scale ?? 3);
    return linesToRuns(await engine.recognize(png), scale);
  } finally {
    if (!opts.engine) await engine.terminate();
  }
}
