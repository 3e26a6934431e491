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

type Style = { flushLeft?: boolean; note?: boolean };

/**
 * A submitted manuscript (LaTeX's lineno): every line numbered in 6 pt in the
 * left margin, right-aligned, counting on down the page; a numbered section
 * title among the prose. `numbered` false draws the same page without them.
 * `flushLeft` sets the numbers flush left (acmart's review mode); `note` adds
 * a referee's note in the outer margin, beside the numbers of lines 4 to 6
 * and on baselines of its own, as aomart sets them.
 */
async function manuscript(numbered: boolean, style: Style = {}): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const body = await pdf.embedFont(StandardFonts.TimesRoman), bold = await pdf.embedFont(StandardFonts.TimesRomanBold);
  const page = pdf.addPage([612, 792]);
  let n = 1, y = 720;
  const numberLine = () => {
    const t = String(n++);
    if (numbered) page.drawText(t, { x: style.flushLeft ? 52 : 60 - body.widthOfTextAtSize(t, 6), y, size: 6, font: body });
  };
  if (style.note) {
    ['Are these', 'quotations', 'necessary?'].forEach((t, i) => page.drawText(t, { x: 6, y: 720 - 18 - 12 * 3.5 - 12 * i, size: 8, font: body }));
  }
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

const PROGRAM = ['import ij.ImagePlus;', '', 'public class Inverter {', '  int width;', '  public void run() {', '    int w = width;', '    invert(w);', '  }', '}'];

/**
 * A program listing numbered down its left side inside the text block
 * (LaTeX's listings with `numbers=left`): Courier code, Times numbers, a
 * numbered blank line, the prose above starting left of the numbers.
 */
async function numberedListing(): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const body = await pdf.embedFont(StandardFonts.TimesRoman), mono = await pdf.embedFont(StandardFonts.Courier);
  const page = pdf.addPage([612, 792]);
  page.drawText('The plugin below inverts an image, one pixel after another, in place.', { x: 72, y: 720, size: 10, font: body });
  PROGRAM.forEach((t, i) => {
    const y = 696 - 11 * i, n = String(i + 1);
    page.drawText(n, { x: 90 - body.widthOfTextAtSize(n, 7), y, size: 7, font: body });
    if (t.trim()) page.drawText(t.trim(), { x: 100 + mono.widthOfTextAtSize(' ', 9) * (t.length - t.trimStart().length), y, size: 9, font: mono });
  });
  page.drawText('It runs once for each image the user opens.', { x: 72, y: 580, size: 10, font: body });
  return pdf.save();
}

/** A contents page whose entries fall on pages counting on by one, under a page number set flush right above them. */
async function contentsPage(): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const body = await pdf.embedFont(StandardFonts.TimesRoman);
  const page = pdf.addPage([612, 792]);
  page.drawText('4', { x: 540 - body.widthOfTextAtSize('4', 12), y: 714, size: 12, font: body });
  page.drawText('Table of Contents', { x: 250, y: 680, size: 12, font: body });
  ['Appendix C. Approval', 'Appendix D. Illustrations', 'Appendix E. Oversized Materials', 'Appendix F. Photographs', 'References'].forEach((t, i) => {
    const y = 640 - 26 * i, n = String(30 + i);
    page.drawText(t, { x: 108, y, size: 12, font: body });
    const from = 108 + body.widthOfTextAtSize(t, 12) + 8;
    page.drawText(' .'.repeat(Math.floor((511 - from) / body.widthOfTextAtSize(' .', 12))), { x: from, y, size: 12, font: body });
    page.drawText(n, { x: 540 - body.widthOfTextAtSize(n, 12), y, size: 12, font: body });
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

  it('are dropped when set flush left, or with a note in the margin beyond them', async () => {
    const without = (await convert(await manuscript(false))).markdown;
    const flushLeft = (await convert(await manuscript(true, { flushLeft: true }))).markdown;
    expect(flushLeft).toBe(without);
    const noted = (await convert(await manuscript(true, { note: true }))).markdown;
    expect(noted).not.toContain('|');
    expect(noted).not.toMatch(/\b(4|5|6)\b/);
    expect(noted).toContain('necessary?');
    // The note is read as one paragraph at the end of a sentence beside it (margin-notes.ts), the prose as without it.
    expect(noted).toMatch(/\.\n\nAre these quotations necessary\?\n\n/);
    const words = (md: string) => md.replace('Are these quotations necessary?', '').split(/\s+/).join(' ');
    expect(words(noted)).toBe(words(without));
  });

  it('a table numbering its rows from the text edge keeps its numbers', async () => {
    const { markdown } = await convert(await numberedTable());
    expect(markdown).toMatch(/^\| 1 \| Taurus \| 74 \|$/m);
    expect(markdown).toMatch(/^\| 6 \| Sagittarius \| 259 \|$/m);
  });
});

describe('a numbered program listing', () => {
  it('is one code block without its numbers, not a table', async () => {
    const { markdown } = await convert(await numberedListing());
    expect(markdown).not.toContain('|');
    expect(markdown).toContain(['```', ...PROGRAM, '```'].join('\n'));
  });
});

describe('contents pages', () => {
  it('keep the page numbers at the end of their dot leaders, counting on by one or not', async () => {
    const { markdown } = await convert(await contentsPage());
    for (const n of [30, 31, 32, 33, 34]) expect(markdown).toMatch(new RegExp(`\\b${n}\\b`));
  });
});

describe('isBareNumber', () => {
  it('agrees with /^\\s*(\\d{1,5})\\s*$/', () => {
    for (const t of ['', ' ', '1', ' 12 ', '12345', '123456', '\u00a07\u2003', '1 2', 'a1', '1a', '١٢', '\t99\n', ' -3', '00000 ']) {
      expect(isBareNumber(t), JSON.stringify(t)).toBe(/^\s*(\d{1,5})\s*$/.test(t));
    }
  });
});
