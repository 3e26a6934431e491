/**
 * extractPage and DocumentFonts on generated PDFs, counting pdf.js
 * operator-list requests: a page pays for one when its text looks like a
 * table, and fonts that no such list delivered are fetched once at the end,
 * from the page that introduced them.
 */
import { PDFDocument, StandardFonts, type PDFFont, type PDFPage } from 'pdf-lib';
import type { PDFPageProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { describe, expect, it, vi } from 'vitest';
import { documentParams, loadPdfjs } from './pdfjs.ts';
import { extractPage } from './extract-page.ts';
import { DocumentFonts } from './document-fonts.ts';

type Fonts = { body: PDFFont; bold: PDFFont; symbol: PDFFont };

/** Running header and footer, and `n` lines of prose from y=760 down. */
function prosePage(page: PDFPage, f: Fonts, n: number): void {
  page.drawText('Generated document', { x: 40, y: 810, size: 9, font: f.body });
  page.drawText('Chapter one', { x: 480, y: 810, size: 9, font: f.body });
  page.drawText('https://example.org/generated', { x: 40, y: 25, size: 9, font: f.body });
  page.drawText('1/4', { x: 540, y: 25, size: 9, font: f.body });
  for (let i = 0; i < n; i++) page.drawText('Plain running text that fills the line of a column of prose.', { x: 60, y: 760 - 16 * i, size: 11, font: f.body });
}

/** Page 1 prose; page 2 prose with bullets in the Symbol font; page 3 Greek letters in it; page 4 a ruled table with a bold header. */
async function samplePdf(): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const f = { body: await pdf.embedFont(StandardFonts.Helvetica), bold: await pdf.embedFont(StandardFonts.HelveticaBold), symbol: await pdf.embedFont(StandardFonts.Symbol) };
  prosePage(pdf.addPage([595, 842]), f, 20);
  const bullets = pdf.addPage([595, 842]);
  prosePage(bullets, f, 5);
  for (let i = 0; i < 4; i++) {
    bullets.drawText('•', { x: 60, y: 660 - 16 * i, size: 11, font: f.symbol });
    bullets.drawText(`List item number ${i + 1}`, { x: 80, y: 660 - 16 * i, size: 11, font: f.body });
  }
  const greek = pdf.addPage([595, 842]);
  prosePage(greek, f, 5);
  greek.drawText('αβγ', { x: 60, y: 660, size: 11, font: f.symbol });
  const table = pdf.addPage([595, 842]);
  prosePage(table, f, 3);
  const rows = [['Name', 'Type', 'Default'], ['width', 'number', '100'], ['label', 'string', 'none']];
  rows.forEach((cells, r) => cells.forEach((c, k) => table.drawText(c, { x: 66 + 150 * k, y: 686 - 20 * r, size: 11, font: r === 0 ? f.bold : f.body })));
  for (let r = 0; r <= rows.length; r++) table.drawLine({ start: { x: 60, y: 700 - 20 * r }, end: { x: 510, y: 700 - 20 * r }, thickness: 0.8 });
  for (let k = 0; k <= 3; k++) table.drawLine({ start: { x: 60 + 150 * k, y: 700 }, end: { x: 60 + 150 * k, y: 640 }, thickness: 0.8 });
  return pdf.save();
}

describe('extractPage operator lists', () => {
  it('fetches lists for table pages during extraction and for fonts still unresolved at the end, then restyles runs', async () => {
    const pdfjs = await loadPdfjs();
    const task = pdfjs.getDocument(documentParams(await samplePdf()));
    try {
      const doc = await task.promise;
      const fonts = new DocumentFonts();
      const requested: number[] = [];
      const proto = Object.getPrototypeOf(await doc.getPage(1)) as PDFPageProxy;
      const original = proto.getOperatorList;
      const built = new WeakSet<object>();
      // pdf.js keeps a page's list until cleanup(): count lists built, not requests.
      vi.spyOn(proto, 'getOperatorList').mockImplementation(async function (this: PDFPageProxy, opts) {
        const list = await original.call(this, opts);
        if (!built.has(list)) requested.push(this.pageNumber);
        built.add(list);
        return list;
      });
      const pages = [];
      for (let n = 1; n <= doc.numPages; n++) {
        const page: PDFPageProxy = await doc.getPage(n);
        pages.push(await extractPage(page, n, fonts));
        page.cleanup();
      }
      // Only the table page pays during extraction; it delivers Helvetica and Helvetica-Bold too.
      expect(requested).toEqual([4]);
      expect(pages[0]!.runs[0]!.bold).toBe(false);
      await fonts.settle(doc, pages);
      // Symbol sets Greek letters on page 3 and no table page used it: one more list, from page 3.
      expect(requested).toEqual([4, 3]);
      const [prose, bullets, , table] = pages;
      expect(prose!.runs.every((r) => r.fontName === 'Helvetica')).toBe(true);
      expect(bullets!.runs.map((r) => r.text)).toContain('•');
      expect(pages[2]!.runs.some((r) => r.fontName === 'Symbol')).toBe(true);
      expect(table!.rules.filter((r) => r.orientation === 'h')).toHaveLength(4);
      expect(table!.runs.find((r) => r.text === 'Name')?.bold).toBe(true);
      expect(table!.runs.find((r) => r.text === 'width')?.bold).toBe(false);
    } finally {
      vi.restoreAllMocks();
      await task.destroy();
    }
  });
});
