import { describe, expect, it } from 'vitest';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { convert } from '../index.ts';
import { isBareNumber } from './line-numbers.ts';

const PROSE = [
  'This example manuscript is intended to serve as a tutorial and template for authors',
  'to use when writing their own articles. The manuscript includes a history of the class',
  'and documents the new features of the previous versions as well as the bug fixes in',
  'this version. It includes many figure and table examples to illustrate the features.',
];

/**
 * A submitted manuscript (LaTeX's lineno): every line numbered in 6 pt in the
 * left margin, right-aligned, counting on down the page; a numbered section
 * title among the prose. `numbered` false draws the same page without them.
 */
async function manuscript(numbered: boolean): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const body = await pdf.embedFont(StandardFonts.TimesRoman), bold = await pdf.embedFont(StandardFonts.TimesRomanBold);
  const page = pdf.addPage([612, 792]);
  let n = 1, y = 720;
  const numberLine = () => {
    const t = String(n++);
    if (numbered) page.drawText(t, { x: 60 - body.widthOfTextAtSize(t, 6), y, size: 6, font: body });
  };
  for (const title of ['1. INTRODUCTION', '2. MANUSCRIPT STYLES']) {
    numberLine();
    page.drawText(title, { x: 250, y, size: 10, font: bold });
    y -= 18;
    for (const t of [...PROSE, ...PROSE]) {
      numberLine();
      page.drawText(t, { x: 72, y, size: 10, font: body });
      y -= 12;
    }
    y -= 10;
  }
  return pdf.save();
}

/** A table whose first column numbers its rows from the text's own left edge. */
async function numberedTable(): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const body = await pdf.embedFont(StandardFonts.Helvetica);
  const page = pdf.addPage([612, 792]);
  page.drawText('Counts of the objects observed in each of the fields, by the field number.', { x: 72, y: 740, size: 10, font: body });
  ['Taurus', 'Aquarius', 'Scorpius', 'Serpens', 'Ophiuchus', 'Sagittarius'].forEach((name, i) => {
    const y = 710 - i * 14;
    page.drawText(String(i + 1), { x: 72, y, size: 10, font: body });
    page.drawText(name, { x: 120, y, size: 10, font: body });
    page.drawText(String(37 * (i + 2)), { x: 260, y, size: 10, font: body });
  });
  return pdf.save();
}

describe('margin line numbers', () => {
  it('are dropped, so the numbered text reads as it does without them', async () => {
    const [withNumbers, without] = await Promise.all([manuscript(true), manuscript(false)].map(async (p) => (await convert(await p)).markdown));
    expect(withNumbers).not.toContain('|');
    expect(withNumbers).toMatch(/^# 1\\?\. INTRODUCTION$/m);
    expect(withNumbers).toBe(without);
  });

  it('a table numbering its rows from the text edge keeps its numbers', async () => {
    const { markdown } = await convert(await numberedTable());
    expect(markdown).toMatch(/^\| 1 \| Taurus \| 74 \|$/m);
    expect(markdown).toMatch(/^\| 6 \| Sagittarius \| 259 \|$/m);
  });
});

describe('isBareNumber', () => {
  it('agrees with /^\\s*(\\d{1,5})\\s*$/', () => {
    for (const t of ['', ' ', '1', ' 12 ', '12345', '123456', '\u00a07\u2003', '1 2', 'a1', '1a', '١٢', '\t99\n', ' -3', '00000 ']) {
      expect(isBareNumber(t), JSON.stringify(t)).toBe(/^\s*(\d{1,5})\s*$/.test(t));
    }
  });
});
