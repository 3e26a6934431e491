/**
 * groff's mom sets sub-items with a ☞ from a non-embedded ZapfDingbats whose
 * /Encoding is a dictionary without differences: pdf.js shows '+', which is
 * read as ☞ by the font's name (engine/extract/dingbats.ts). The name must
 * arrive even though the font shows no letter or digit, or the sub-item is
 * glued to its parent as "… + both fit".
 */
import { PDFDocument, PDFName } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { convert } from '../../engine/index.ts';

/**
 * A title page in Helvetica, then `pages` slides: a lead-in line and two bullets (Helvetica •, WinAnsi
 * 0x95), each with a ☞ sub-item. The dingbat font first appears after the page that brings Helvetica's name.
 */
async function slides(pages: number): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const ctx = doc.context;
  const helvetica = ctx.register(ctx.obj({ Type: 'Font', Subtype: 'Type1', BaseFont: 'Helvetica', Encoding: 'WinAnsiEncoding' }));
  const dingbats = ctx.register(ctx.obj({ Type: 'Font', Subtype: 'Type1', BaseFont: 'ZapfDingbats', Encoding: ctx.obj({ Type: 'Encoding' }) }));
  const lines: [number, string][] = [
    [72, '/F1 14 Tf (Differences in the formatting include:) Tj'],
    [90, '/F1 14 Tf (\\225 the choice between two aspect ratios) Tj'],
    [100, '/F2 14 Tf (+) Tj /F1 14 Tf 17 0 Td (both fit on A4 or US letter paper) Tj'],
    [90, '/F1 14 Tf (\\225 type is set centered by default) Tj'],
    [100, '/F2 14 Tf (+) Tj /F1 14 Tf 17 0 Td (this may be changed to left or right) Tj'],
  ];
  const title = doc.addPage([595, 842]);
  title.node.setFontDictionary(PDFName.of('F1'), helvetica);
  title.node.set(PDFName.of('Contents'), ctx.register(ctx.stream(new TextEncoder().encode('BT 72 700 Td /F1 24 Tf (Creating slide presentations) Tj ET'))));
  for (let p = 0; p < pages; p++) {
    const page = doc.addPage([595, 842]);
    page.node.setFontDictionary(PDFName.of('F1'), helvetica);
    page.node.setFontDictionary(PDFName.of('F2'), dingbats);
    const content = lines.map(([x, shown], i) => `BT ${x} ${760 - 22 * i} Td ${shown} ET`).join('\n');
    page.node.set(PDFName.of('Contents'), ctx.register(ctx.stream(new TextEncoder().encode(content))));
  }
  return doc.save();
}

describe('☞ sub-items in a non-embedded ZapfDingbats', () => {
  it('nest under their bullet on every page', async () => {
    const r = await convert(await slides(3), { ocr: 'off' });
    expect(r.markdown).not.toContain('+');
    const nested = r.markdown.match(/^- the choice between two aspect ratios\n {2}- both fit on A4 or US letter paper$/gm) ?? [];
    expect(nested).toHaveLength(3);
    expect(r.markdown.match(/^ {2}- this may be changed to left or right$/gm)).toHaveLength(3);
  });
});
