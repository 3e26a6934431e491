import { describe, expect, it } from 'vitest';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { convert } from '../index.ts';

/**
 * A handbook's definition list: numbered bold terms with space above, each
 * description indented under its term (DocBook's variablelist, a man page's
 * tagged paragraphs), between paragraphs of prose.
 */
async function hangingTerms(): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const body = await pdf.embedFont(StandardFonts.TimesRoman), bold = await pdf.embedFont(StandardFonts.TimesRomanBold);
  const page = pdf.addPage([612, 792]);
  const prose = (y: number) => {
    ['The manual is divided into sections, each for one kind of page, and every page', 'belongs to exactly one of the sections that are listed below in their order.']
      .forEach((t, i) => page.drawText(t, { x: 72, y: y - i * 12, size: 10, font: body }));
    return y - 24;
  };
  let y = prose(740);
  for (const [i, term] of ['User commands', 'System calls', 'Library calls'].entries()) {
    page.drawText(`${i + 1} ${term}`, { x: 72, y: y - 14, size: 10, font: bold });
    ['Pages describing the ' + term.toLowerCase() + ' that the system provides,', 'with their options and their exit status.']
      .forEach((t, k) => page.drawText(t, { x: 100, y: y - 26 - k * 12, size: 10, font: body }));
    y = prose(y - 60);
  }
  return pdf.save();
}

describe('set-apart paragraphs', () => {
  it('takes a bold term with its description indented under it for a term, however spaced', async () => {
    const { markdown } = await convert(await hangingTerms());
    expect(markdown).not.toMatch(/^#/m);
    expect(markdown).toContain('**1 User commands**');
  });
});
