/**
 * TeX fonts as dvipdfmx embeds them (glpk-doc's manuals): a Type 1 font over
 * a bare CFF program (FontFile3 /Type1C) in TeX's OT1 layout, with a
 * /ToUnicode for ff and ffi only. Its fi (code 12) and en dash (code 123)
 * come out as pdftotext prints them, not lost and not as `{`.
 */
import { PDFDocument, PDFName } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { convert } from '../../engine/index.ts';
import { cmap, fakeCff } from '../support/font-fixtures.ts';

/** OT1 positions of the glyphs the page shows. */
const OT1: Record<number, string> = { 0x0b: 'ff', 0x0c: 'fi', 0x0e: 'ffi', 0x20: 'space', 0x2e: 'period', 0x31: 'one', 0x32: 'two', 0x7b: 'endash' };
for (const c of 'Tacdeghinoprstuy') OT1[c.charCodeAt(0)] = c;

async function dvipdfmxPage(lines: string[]): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const ctx = doc.context;
  const program = ctx.register(ctx.stream(fakeCff(OT1), { Subtype: 'Type1C' }));
  const descriptor = ctx.register(ctx.obj({
    Type: 'FontDescriptor', FontName: 'OXBFNF+CMR10', Flags: 6, FontBBox: [-40, -250, 1009, 750], ItalicAngle: 0, Ascent: 694, Descent: -194, CapHeight: 683, StemV: 69, FontFile3: program,
  }));
  const toUnicode = ctx.register(ctx.stream(cmap('2 beginbfchar <0B> <FB00> <0E> <FB03> endbfchar')));
  const font = ctx.register(ctx.obj({
    Type: 'Font', Subtype: 'Type1', BaseFont: 'OXBFNF+CMR10', FirstChar: 0, LastChar: 255,
    Widths: Array.from({ length: 256 }, (_, c) => (c === 0x20 ? 333 : 500)), FontDescriptor: descriptor, ToUnicode: toUnicode,
  }));
  const page = doc.addPage([595, 842]);
  page.node.setFontDictionary(PDFName.of('F1'), font);
  const shown = lines.map((l, i) => `BT /F1 12 Tf 72 ${760 - 16 * i} Td (${l}) Tj ET`).join('\n');
  page.node.set(PDFName.of('Contents'), ctx.register(ctx.stream(new TextEncoder().encode(shown))));
  return doc.save();
}

describe('TeX fonts in a CFF program with a partial ToUnicode (dvipdfmx)', () => {
  it('keeps the ligatures and the en dash', async () => {
    const data = await dvipdfmxPage(['The speci\\014ed range is 1\\1732.', 'Tra\\016c o\\013ers the proper gain.']);
    const r = await convert(data, { ocr: 'off' });
    expect(r.markdown).toContain('The specified range is 1\u20132.');
    expect(r.markdown).toContain('Traffic offers the proper gain.');
    expect(r.markdown).not.toMatch(/[{\f]/);
    expect(r.textReader).toMatchObject({ direct: 1, pdfjs: 0 });
  });
});
