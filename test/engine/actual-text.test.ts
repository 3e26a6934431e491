/**
 * /ActualText on marked content: the glyphs inside stand for the text it
 * gives (a ligature drawn as one glyph, a hyphen that is not part of the
 * word, a letter changed by old hyphenation rules), as pdftotext reads them.
 * The direct reader applies it; pdf.js's text content does not carry it.
 */
import { describe, expect, it } from 'vitest';
import { convert } from '../../engine/index.ts';
import { hasTtf, ttfPage } from '../support/ttf-pdf.ts';

const line = (y: number, body: string) => `BT /F1 12 Tf 72 ${y} Td ${body} ET`;
const read = async (content: string) => {
  const out = await convert(await ttfPage(content));
  expect(out.textReader.backend).toBe('direct');
  return out.markdown.trim();
};

describe.runIf(hasTtf)('ActualText', () => {
  it('reads a glyph run as its ActualText, in line with the text around it', async () => {
    expect(await read(line(700, '(The ) Tj /Span <</ActualText (fi)>> BDC (#) Tj EMC (nal word is here.) Tj'))).toBe('The final word is here.');
  });

  it('reads UTF-16 ActualText, and several glyphs as one text', async () => {
    expect(await read(line(700, '(A ) Tj /Span <</ActualText <FEFF00E600740068>>> BDC (aeth) Tj EMC (er wave.) Tj'))).toBe('A æther wave.');
  });

  it('drops glyphs whose ActualText is empty (a hyphen set only for the line break)', async () => {
    const md = await read(`${line(700, '(Some hyphen) Tj /Span <</ActualText ()>> BDC (-) Tj EMC')} ${line(686, '(ation here.) Tj')}`);
    expect(md).not.toContain('-');
    expect(md).toContain('hyphen');
  });

  it('leaves a span of spaces as spaces: its ActualText names the glyph drawn after it (InDesign bullets)', async () => {
    expect(await read(line(700, '/Span <</ActualText (@)>> BDC ( ) Tj EMC (@) Tj ( Item text) Tj'))).toBe('@ Item text');
  });

  it('takes the outermost ActualText of nested marked content, and ends it with its EMC', async () => {
    const body = '/Span <</ActualText (ck)>> BDC /P <</MCID 0 /ActualText (zz)>> BDC (k-) Tj EMC EMC (er and k) Tj';
    expect(await read(line(700, `(Dru) Tj ${body}`))).toBe('Drucker and k');
  });
});
