/**
 * convert() end to end on small PDFs generated with pdf-lib: structure,
 * options (page range, progress, time budget) and error codes.
 */
import { describe, expect, it } from 'vitest';
import { PDFDocument, PDFName, PDFString, StandardFonts } from 'pdf-lib';
import { convert, EngineError } from '../../engine/index.ts';

async function makePdf(pages: number, opts: { link?: boolean } = {}): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const body = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const mono = await pdf.embedFont(StandardFonts.Courier);
  for (let n = 1; n <= pages; n++) {
    const page = pdf.addPage([595, 842]);
    page.drawText('Quarterly Handbook', { x: 50, y: 810, size: 9, font: body });
    page.drawText(`Chapter ${n}`, { x: 50, y: 760, size: 20, font: bold });
    page.drawText('This is the first paragraph of body text on this page, long enough to be', { x: 50, y: 720, size: 11, font: body });
    page.drawText('prose that wraps onto a second line of the same paragraph.', { x: 50, y: 706, size: 11, font: body });
    page.drawText('Details', { x: 50, y: 670, size: 14, font: bold });
    page.drawText('See the project site for more information.', { x: 50, y: 645, size: 11, font: body });
    page.drawText('npm install handbook', { x: 50, y: 615, size: 10, font: mono });
    page.drawText(`Page ${n} of ${pages}`, { x: 270, y: 30, size: 9, font: body });
    if (opts.link) {
      const annot = pdf.context.obj({
        Type: 'Annot', Subtype: 'Link', Rect: [50 + 8 * 5.5, 640, 50 + 20 * 5.5, 656], Border: [0, 0, 0],
        A: { Type: 'Action', S: 'URI', URI: PDFString.of('https://example.org/site') },
      });
      page.node.set(PDFName.of('Annots'), pdf.context.obj([pdf.context.register(annot)]));
    }
  }
  return pdf.save();
}

describe('convert', () => {
  it('produces headings, paragraphs and code, without running headers or page numbers', async () => {
    const r = await convert(await makePdf(3));
    expect(r.pages).toBe(3);
    expect(r.pagesDone).toBe(3);
    expect(r.truncated).toBe(false);
    expect(r.markdown).toMatch(/^# Chapter 1$/m);
    expect(r.markdown).toMatch(/^## Details$/m);
    expect(r.markdown).toContain('This is the first paragraph of body text on this page, long enough to be prose that wraps');
    expect(r.markdown).toContain('```\nnpm install handbook\n```');
    expect(r.markdown).not.toMatch(/Page \d+ of 3/);
    expect(r.markdown).not.toContain('Quarterly Handbook');
  });

  it('maps link annotations onto the text they cover', async () => {
    const r = await convert(await makePdf(2, { link: true }));
    expect(r.markdown).toMatch(/\[[^\]]*project site[^\]]*\]\(https:\/\/example\.org\/site\)/);
  });

  it('converts only the requested page range and reports progress per page', async () => {
    const seen: number[] = [];
    const r = await convert(await makePdf(4), { pages: { from: 2, to: 3 }, onProgress: (p) => seen.push(p.pagesDone) });
    expect(seen).toEqual([1, 2]);
    expect(r.pagesDone).toBe(2);
    expect(r.markdown).toContain('Chapter 2');
    expect(r.markdown).toContain('Chapter 3');
    expect(r.markdown).not.toContain('Chapter 1');
  });

  it('stops after the current page when the time budget is spent', async () => {
    const r = await convert(await makePdf(3), { timeBudgetMs: 0 });
    expect(r.truncated).toBe(true);
    expect(r.pagesDone).toBe(1);
    expect(r.markdown).toContain('Chapter 1');
  });

  it('passes ocr: force through to the OCR module, replacing the text layer', { timeout: 120_000 }, async () => {
    const r = await convert(await makePdf(1), { ocr: 'force' });
    expect(r.warnings.filter((w) => w.startsWith('ocr_failed'))).toEqual([]);
    expect(r.ocrPages).toEqual([{ page: 1, reason: 'forced' }]);
    expect(r.markdown).toMatch(/Chapter\s*1/);
    expect(r.markdown).toMatch(/first paragraph/);
  });

  it('rejects input that is not a PDF, or a page range outside the document', async () => {
    await expect(convert(new TextEncoder().encode('hello'))).rejects.toMatchObject({ code: 'not_a_pdf' });
    await expect(convert(new Uint8Array())).rejects.toBeInstanceOf(EngineError);
    await expect(convert(await makePdf(1), { pages: { from: 5, to: 6 } })).rejects.toMatchObject({ code: 'no_pages' });
  });

  it('rejects a malformed PDF with malformed_pdf', async () => {
    const bytes = await makePdf(1);
    await expect(convert(bytes.slice(0, 400))).rejects.toMatchObject({ code: 'malformed_pdf' });
  });
});
