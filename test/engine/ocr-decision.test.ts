/**
 * The 'auto' OCR decision on whole documents: born-digital pages keep their
 * text layer (a table of contents with dot leaders, a blank page, a page of
 * rules) and are not rendered for OCR; what was read by OCR is reported.
 */
import { createCanvas } from '@napi-rs/canvas';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { describe, expect, it, vi } from 'vitest';
import { convert } from '../../engine/index.ts';
import { pdfjsOpenings } from '../../engine/extract/backends/lazy-pdfjs.ts';
import { imagePdf, samples } from '../support/image-pdf.ts';

async function bornDigital(): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const toc = pdf.addPage([612, 792]);
  for (let i = 0; i < 30; i++) {
    toc.drawText(`${i + 1}.${i % 4} Topic ${'. '.repeat(45)} ${i * 3 + 1}`, { x: 60, y: 740 - i * 22, size: 10, font });
  }
  pdf.addPage([612, 792]); // blank
  const ruled = pdf.addPage([612, 792]);
  for (let i = 0; i < 4; i++) ruled.drawLine({ start: { x: 60, y: 700 - i * 40 }, end: { x: 550, y: 700 - i * 40 }, thickness: 1 });
  return pdf.save();
}

/** Pages with no text of their own, read by the direct reader (no fonts to refuse). */
async function textless(): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.addPage([612, 792]);
  const ruled = pdf.addPage([612, 792]);
  ruled.drawRectangle({ x: 50, y: 50, width: 500, height: 700, borderWidth: 1 });
  return pdf.save();
}

/** A page whose only content is a picture without text: a low-resolution blob of grey pixels beside a disc. */
async function pictureOnly(): Promise<Uint8Array> {
  const canvas = createCanvas(480, 160);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = '#fff';
  ctx.fillRect(0, 0, 480, 160);
  for (let y = 0; y < 10; y++) {
    for (let x = 0; x < 14; x++) {
      const v = Math.round(255 * Math.abs(Math.sin(x * 1.7 + y * 2.3)));
      ctx.fillStyle = `rgb(${v},${v},${v})`;
      ctx.fillRect(40 + x * 6, 20 + y * 6, 6, 6);
    }
  }
  ctx.fillStyle = '#000';
  ctx.beginPath();
  ctx.arc(360, 80, 50, 0, 2 * Math.PI);
  ctx.fill();
  const doc = await PDFDocument.create();
  const png = await doc.embedPng(canvas.toBuffer('image/png'));
  doc.addPage([480, 160]).drawImage(png, { x: 0, y: 0, width: 480, height: 160 });
  return doc.save();
}

describe("ocr: 'auto' decision", () => {
  it('starts no OCR for a page whose only picture shows no print', async () => {
    const r = await convert(await pictureOnly(), { ocr: 'auto' });
    expect(r.ocrPages).toEqual([]);
    expect(r.warnings.filter((w) => w.startsWith('ocr_'))).toEqual([]);
  });

  it('decides a page of one Flate-predicted grey picture (asymptote\'s pixel.pdf) without pdf.js', async () => {
    const picture = { w: 96, h: 32, cs: 'DeviceGray', bpc: 8, comps: 1, rows: samples(96, 32, 1, 8), predictor: true };
    const pdf = await imagePdf([95.4, 32.8], [picture], 'q 0.1 0 0 0.1 0 0 cm q 954 0 0 328 0 0 cm /Im0 Do Q Q');
    const before = pdfjsOpenings.count;
    const r = await convert(pdf, { ocr: 'auto' });
    expect(pdfjsOpenings.count - before).toBe(0);
    expect(r.ocrPages).toEqual([]);
    expect(r.textReader.direct).toBe(1);
  });

  it('keeps the text layer of a contents page, and renders neither a blank page nor a page of rules (pdf.js pages)', async () => {
    const r = await convert(await bornDigital(), { ocr: 'auto' });
    expect(r.ocrPages).toEqual([]);
    expect(r.warnings.filter((w) => w.startsWith('ocr_'))).toEqual([]);
    expect(r.markdown).toContain('Topic');
  });

  it('does not render pages the direct reader found empty of ink', async () => {
    const r = await convert(await textless(), { ocr: 'auto' });
    expect(r.textReader.direct).toBe(2);
    expect(r.ocrPages).toEqual([]);
  });

  it('never loads the OCR module when no page needs it', async () => {
    const spy = vi.fn();
    vi.doMock('../../engine/ocr/ocr-page.ts', () => { spy(); return {}; });
    await convert(await bornDigital(), { ocr: 'auto' });
    expect(spy).not.toHaveBeenCalled();
    vi.doUnmock('../../engine/ocr/ocr-page.ts');
  });
});
