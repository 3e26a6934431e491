/**
 * Headings on scanned pages come from OCR line heights: a body line that
 * tesseract reads together with something tall beside it (a redaction bar
 * over a name, a stamp) must not become a heading. Such a line comes out
 * unsure, and an unsure line keeps the usual size.
 */
import { createCanvas } from '@napi-rs/canvas';
import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { convert } from '../index.ts';
import type { OcrLine, OcrWord } from './ocr-engine.ts';
import { linesToRuns } from './ocr-runs.ts';

const word = (text: string, x0: number, x1: number, y0: number, y1: number, confidence = 90): OcrWord => ({ text, confidence, bbox: { x0, y0, x1, y1 } });
const ocrLine = (words: OcrWord[]): OcrLine => ({ words, bbox: { x0: words[0]!.bbox.x0, y0: Math.min(...words.map((w) => w.bbox.y0)), x1: words.at(-1)!.bbox.x1, y1: Math.max(...words.map((w) => w.bbox.y1)) } });

/** A 150 dpi scan: a title, body lines, and a "Patient name:" line with a black bar three lines tall after it. */
async function redactedScan(): Promise<Uint8Array> {
  const canvas = createCanvas(1275, 1650);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = '#fff';
  ctx.fillRect(0, 0, canvas.width, canvas.height);
  ctx.fillStyle = '#000';
  ctx.font = '60px "DejaVu Sans"';
  ctx.fillText('Annual Report', 120, 200);
  ctx.font = '30px "DejaVu Sans"';
  const body = ['The committee met twice during the year and', 'reviewed the estimates of the survey.', 'Patient name:', 'The results are set out in the tables below', 'with the figures of the year before them.'];
  body.forEach((t, i) => ctx.fillText(t, 120, 320 + i * 90));
  ctx.fillRect(360, 320 + 2 * 90 - 60, 300, 90);
  const doc = await PDFDocument.create();
  const png = await doc.embedPng(canvas.toBuffer('image/png'));
  const page = doc.addPage([612, 792]);
  page.drawImage(png, { x: 0, y: 0, width: 612, height: 792 });
  return doc.save();
}

describe('OCR line sizes', () => {
  it('give a line read unsurely the usual size, whatever its height', () => {
    const body = (y: number) => ocrLine([word('The', 0, 30, y, y + 20), word('committee', 35, 120, y, y + 20)]);
    // A redaction bar read as "[EE" (unsure) makes its line three times as tall; a bar read as noise, twice.
    const misread = ocrLine([word('Name:', 0, 50, 200, 220), word('[EE', 60, 200, 190, 250, 50)]);
    const barred = ocrLine([word('Date:', 0, 50, 260, 280), word('|', 60, 200, 250, 290, 20)]);
    const title = ocrLine([word('Annual', 0, 90, 300, 340), word('Report', 95, 190, 300, 340)]);
    const sizes = linesToRuns([body(0), body(50), body(100), body(150), misread, barred, title], 1).map((r) => r.fontSize);
    expect(sizes).toEqual([...Array<number>(11).fill(20), 40, 40]);
  });

  it('make no heading of a body line beside a redaction bar', { timeout: 120_000 }, async () => {
    const { markdown } = await convert(await redactedScan());
    expect(markdown).toMatch(/^# Annual Report$/m);
    expect(markdown.match(/^#/gm)).toHaveLength(1);
  });
});
