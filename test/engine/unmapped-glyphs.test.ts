/**
 * Glyphs without a text mapping give no invented text (issue: a Type 3 font
 * of numbered glyphs, Ghostscript's `a<code>` names, came out as dingbats or
 * as the letters its codes happen to be). With OCR off they give nothing;
 * under 'auto' their region, lines of them, is read by OCR and its words
 * take their place, and the page is reported. Both readers agree.
 */
import { describe, expect, it } from 'vitest';
import { convert } from '../../engine/index.ts';
import { numberedType3Pdf } from '../support/numbered-type3-pdf.ts';

// Seventy distinct glyphs, so that codes reach the digits and the ASCII letters ('A' is 65) and would read as them.
const LINES = [
  'The quick brown fox jumps over the lazy dog',
  'PACK MY BOX WITH FIVE DOZEN LIQUOR JUGS',
  'Sphinx of black quartz judge my vow 12345',
  "Yes, no; maybe! Why? (well) - it's 67890",
];
const CAPTION = 'Figure 7: Pasted Text';
const WORDS = ['quick', 'brown', 'jumps', 'LIQUOR', 'quartz'];

/** The Markdown without the caption, which is real text. */
const rest = (markdown: string) => markdown.replace(CAPTION, '').trim();

describe('glyphs without a text mapping', () => {
  it.each(['auto', 'pdfjs'] as const)('give no text with OCR off (%s reader), and the caption stays', async (textReader) => {
    for (const toUnicode of ['none', 'dingbats'] as const) {
      const r = await convert(await numberedType3Pdf(LINES, { toUnicode, caption: CAPTION }), { ocr: 'off', textReader });
      expect(r.markdown).toContain(CAPTION);
      expect(rest(r.markdown)).toBe('');
      expect(r.ocrPages).toEqual([]);
    }
  });

  it('keep the text of a ToUnicode that gives letters', async () => {
    const r = await convert(await numberedType3Pdf(LINES, { toUnicode: 'letters' }), { ocr: 'off' });
    expect(r.markdown).toContain('The quick brown fox');
  });

  it.each(['auto', 'pdfjs'] as const)("are read by OCR of their region under ocr 'auto' (%s reader)", { timeout: 120_000 }, async (textReader) => {
    const r = await convert(await numberedType3Pdf(LINES, { toUnicode: 'dingbats', caption: CAPTION }), { ocr: 'auto', textReader });
    expect(r.ocrPages).toEqual([{ page: 1, reason: 'unmapped_glyphs' }]);
    for (const word of WORDS) expect(r.markdown).toContain(word);
    expect(r.markdown).toContain(CAPTION);
    expect(r.markdown).not.toMatch(/[\u2700-\u27bf]/u);
  });

  it('are not read by OCR when they are a stray symbol', async () => {
    const r = await convert(await numberedType3Pdf(['Q'], { caption: CAPTION }), { ocr: 'auto' });
    expect(r.ocrPages).toEqual([]);
    expect(r.markdown.trim()).toBe(CAPTION);
  });
});
