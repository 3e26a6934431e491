/**
 * OCR in the wrong language invents text: a scanned page in a script whose
 * language data does not ship must not come out as Latin words arranged into
 * headings and tables. Scans are made here: lines drawn on a canvas, embedded
 * as the only content of a PDF page.
 */
import { createCanvas } from '@napi-rs/canvas';
import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { convert } from '../../engine/index.ts';

/** A one-page PDF whose only content is a 150 dpi image of the given lines. */
async function scannedPdf(lines: string[], px = 34): Promise<Uint8Array> {
  const canvas = createCanvas(1275, 1650);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = '#fff';
  ctx.fillRect(0, 0, canvas.width, canvas.height);
  ctx.fillStyle = '#000';
  ctx.font = `${px}px "DejaVu Sans"`;
  lines.forEach((t, i) => ctx.fillText(t, 120, 200 + i * px * 1.6));
  const doc = await PDFDocument.create();
  const png = await doc.embedPng(canvas.toBuffer('image/png'));
  const page = doc.addPage([612, 792]);
  page.drawImage(png, { x: 0, y: 0, width: 612, height: 792 });
  return doc.save();
}

// Georgian: DejaVu Sans draws it, and no Georgian language data ships.
const GEORGIAN = [
  'საქართველოს სტატისტიკის ეროვნული სამსახური',
  'წლიური ანგარიში და ძირითადი მაჩვენებლები',
  'მოსახლეობის რაოდენობა რეგიონების მიხედვით',
  'თბილისი ათასი კაცი წინა წელთან შედარებით',
  'იმერეთი ათასი კაცი წინა წელთან შედარებით',
  'კახეთი ათასი კაცი წინა წელთან შედარებით',
];

describe('OCR language and confidence', () => {
  it('omits a scanned page that no shipped language can read, with a warning, instead of inventing text', { timeout: 120_000 }, async () => {
    const r = await convert(await scannedPdf(GEORGIAN));
    expect(r.warnings.some((w) => /^ocr_(unreadable|low_confidence): page 1:/.test(w))).toBe(true);
    // Whatever is kept is neither headings nor tables.
    expect(r.markdown).not.toMatch(/^#/m);
    expect(r.markdown).not.toMatch(/^\|/m);
  });

  it('still reads an English scan with its structure and no warning', { timeout: 120_000 }, async () => {
    const r = await convert(await scannedPdf(['Annual Report', '', 'The committee met twice during the year and', 'reviewed the estimates of the survey.'], 40));
    expect(r.warnings).toEqual([]);
    expect(r.markdown).toContain('The committee met twice during the year and reviewed the estimates of the survey.');
    expect(r.ocrPages).toEqual([{ page: 1, reason: 'no_text_layer' }]);
  });
});
