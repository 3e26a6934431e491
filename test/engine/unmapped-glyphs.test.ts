/**
 * Glyphs without a text mapping give no invented text (issue: a Type 3 font
 * of numbered glyphs, Ghostscript's `a<code>` names, came out as dingbats or
 * as the letters its codes happen to be): they give nothing, and both readers agree.
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

  it('are not read by OCR when they are a stray symbol', async () => {
    const r = await convert(await numberedType3Pdf(['Q'], { caption: CAPTION }), { ocr: 'auto' });
    expect(r.ocrPages).toEqual([]);
    expect(r.markdown.trim()).toBe(CAPTION);
  });
});
