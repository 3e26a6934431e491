import { createCanvas } from '@napi-rs/canvas';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ocrEngines, ocrPage, type OcrEngines } from './ocr-page.ts';

/** A one-page PDF whose only content is a PNG of the given lines of text (no text layer). */
async function scannedPdf(lines: string[]): Promise<Uint8Array> {
  const canvas = createCanvas(1200, 400);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = '#fff';
  ctx.fillRect(0, 0, 1200, 400);
  ctx.fillStyle = '#000';
  ctx.font = '48px "DejaVu Sans"';
  lines.forEach((t, i) => ctx.fillText(t, 60, 100 + i * 90));
  const doc = await PDFDocument.create();
  const png = await doc.embedPng(canvas.toBuffer('image/png'));
  // 1200x400 px shown at 600x200 pt: 144 dpi, like a mediocre scan.
  const page = doc.addPage([600, 200]);
  page.drawImage(png, { x: 0, y: 0, width: 600, height: 200 });
  return doc.save();
}

describe('ocrPage', () => {
  let engines: OcrEngines;
  beforeAll(async () => {
    engines = ocrEngines();
    await engines.engine('eng');
  }, 60_000);
  afterAll(async () => {
    await engines.terminate();
  });

  it('reads the words of an image-only page, with boxes in PDF points', async () => {
    const bytes = await scannedPdf(['Quarterly revenue report', 'Tables and figures']);
    const task = getDocument({ data: bytes, verbosity: 0 });
    const pdf = await task.promise;
    const page = await pdf.getPage(1);
    expect((await page.getTextContent()).items).toHaveLength(0);
    const { runs, lang, confidence, script } = await ocrPage(page, { engines, scale: 2 });
    expect(lang).toBe('eng');
    expect(script).toBe('Latin');
    expect(confidence).toBeGreaterThan(80);
    const words = runs.map((r) => r.text.toLowerCase());
    expect(words).toEqual(expect.arrayContaining(['quarterly', 'revenue', 'report', 'tables', 'figures']));
    const quarterly = runs.find((r) => r.text.toLowerCase() === 'quarterly')!;
    // Drawn at x=60px, baseline 100px in a 2x image: about x=30pt, y 26..52pt from the top.
    expect(quarterly.box.x0).toBeGreaterThan(25);
    expect(quarterly.box.x0).toBeLessThan(36);
    expect(quarterly.box.y0).toBeGreaterThan(20);
    expect(quarterly.box.y1).toBeLessThan(56);
    const tables = runs.find((r) => r.text.toLowerCase() === 'tables')!;
    expect(tables.box.y0).toBeGreaterThan(quarterly.box.y1);
    await task.destroy();
  }, 60_000);

  it('returns no runs for a blank page', async () => {
    const doc = await PDFDocument.create();
    doc.addPage([300, 300]);
    const task = getDocument({ data: await doc.save(), verbosity: 0 });
    const pdf = await task.promise;
    expect((await ocrPage(await pdf.getPage(1), { engines, scale: 1 })).runs).toEqual([]);
    await task.destroy();
  }, 60_000);
});
