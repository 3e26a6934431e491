/**
 * Section numbers of one part ("1. Introduction", "IV. RESULTS", "A. Setup")
 * in papers without bookmarks, set in bold at (or a little under) body size,
 * against the definition lists and numbered lists that look the same.
 */
import { describe, expect, it } from 'vitest';
import { PDFDocument, StandardFonts, type PDFFont, type PDFPage } from 'pdf-lib';
import { convert } from '../index.ts';
import { numberDepth, numberedSections, sectionNumber } from './heading-numbers.ts';

const PROSE = [
  'We trained every model on the same split of the data and report the mean of',
  'five runs. The learning rate was chosen on the validation set, and the batch',
  'size was kept fixed across all of the experiments that follow in this part.',
];

type Fonts = { body: PDFFont; bold: PDFFont };

/** Draws prose from y down; returns the y below it. */
function prose(page: PDFPage, f: Fonts, y: number, lines = PROSE): number {
  lines.forEach((t, i) => page.drawText(t, { x: 72, y: y - i * 12, size: 10, font: f.body }));
  return y - lines.length * 12 - 4;
}

/** An APS-style paper: a 14 pt title, centred "I. INTRODUCTION" sections and "A. Setup" subsections in 9 pt bold, with space above. */
async function apsPaper(): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const f = { body: await pdf.embedFont(StandardFonts.TimesRoman), bold: await pdf.embedFont(StandardFonts.TimesRomanBold) };
  const page = pdf.addPage([612, 792]);
  page.drawText('Polaritons in a Cuprous Oxide Slab', { x: 190, y: 740, size: 14, font: f.bold });
  let y = prose(page, f, 710);
  const heads: [string, number][] = [['I. INTRODUCTION', 250], ['A. Experimental Setup', 72], ['B. Samples', 72], ['II. RESULTS', 270], ['A. Spectra', 72]];
  for (const [title, x] of heads) {
    page.drawText(title, { x, y: y - 14, size: 9, font: f.bold });
    y = prose(page, f, y - 30);
    y = prose(page, f, y);
  }
  return pdf.save();
}

/** A man page's definition list: bold "1 User commands" terms, each with one line of text, spaced like paragraphs. */
async function definitionList(): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const f = { body: await pdf.embedFont(StandardFonts.Helvetica), bold: await pdf.embedFont(StandardFonts.HelveticaBold) };
  const page = pdf.addPage([612, 792]);
  let y = prose(page, f, 740);
  for (const [i, term] of ['User commands', 'System calls', 'Library calls', 'Special files'].entries()) {
    page.drawText(`${i + 1} ${term}`, { x: 72, y, size: 10, font: f.bold });
    y = prose(page, f, y - 16, [`Commands and functions of the kind called ${term.toLowerCase()} in this manual.`]);
  }
  prose(page, f, y);
  return pdf.save();
}

describe('section numbers', () => {
  it('reads arabic, roman and lettered numbers; a lone letter or numeral needs its dot', () => {
    expect(sectionNumber('1 Introduction')).toEqual({ kind: 'arabic', parts: 1, value: 1 });
    expect(sectionNumber('IV. RESULTS')).toEqual({ kind: 'roman', parts: 1, value: 4 });
    expect(sectionNumber('II.2. Paper size')).toEqual({ kind: 'roman', parts: 2, value: 2 });
    expect(sectionNumber('B. Samples')).toEqual({ kind: 'letter', parts: 1, value: 2 });
    expect(sectionNumber('A Study of Cells')).toBeNull();
    expect(sectionNumber('U.S. Army Report')).toBeNull();
  });

  it('nests letters under roman sections, and arabic numbers under letters', () => {
    expect(numberDepth('A. Setup', true)).toBe(2);
    expect(numberDepth('1. Wide text', true)).toBe(3);
    expect(numberDepth('A. Appendix')).toBe(1);
  });

  it('takes single numbers for sections only when they count up, apart, with prose between', () => {
    const line = (key: string, at: number, apart = true) => ({ key, text: key, at, apart });
    expect([...numberedSections([line('1 Intro', 0), line('2 Method', 4)])]).toEqual(['1 Intro', '2 Method']);
    expect(numberedSections([line('1 Intro', 0), line('2 Method', 1)]).size).toBe(0);
    expect(numberedSections([line('1 Intro', 0), line('3 Method', 4)]).size).toBe(0);
    expect(numberedSections([line('1 Intro', 0, false), line('2 Method', 4, false)]).size).toBe(0);
  });
});

describe('single-numbered headings in a converted paper', () => {
  it('finds bold section titles set under body size, levelled roman over lettered', async () => {
    const { markdown } = await convert(await apsPaper());
    expect(markdown).toMatch(/^# Polaritons in a Cuprous Oxide Slab$/m);
    expect(markdown).toMatch(/^## I\. INTRODUCTION$/m);
    expect(markdown).toMatch(/^### A\. Experimental Setup$/m);
    expect(markdown).toMatch(/^### B\. Samples$/m);
    expect(markdown).toMatch(/^## II\. RESULTS$/m);
  });

  it('leaves a numbered definition list spaced like paragraphs alone', async () => {
    const { markdown } = await convert(await definitionList());
    expect(markdown).not.toMatch(/^#/m);
    expect(markdown).toContain('**1 User commands**');
  });
});
