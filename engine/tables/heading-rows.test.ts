import { describe, expect, it } from 'vitest';
import { convert } from '../index.ts';
import { isHeadingRun } from './heading-rows.ts';
import { drawPdf, type Text } from '../../test/support/tables/pdf.ts';

const cells = (...rows: string[][]) => rows.map((r) => r.map((text) => ({ spans: text ? [{ text }] : [] })));

/** Prose lines from y down, 12 points apart. */
const prose = (y: number): Text[] => [
  'The class extends the standard article class, so every command of article works in a manuscript',
  'as it does there. It adjusts the layout to the required standard and defines the spacing of the',
  'headings and captions; authors should not change these settings by hand in their own files.',
].map((text, i) => ({ text, x: 72, y: y + i * 12 }));

describe('isHeadingRun', () => {
  it('takes a section over its first subsections for headings', () => {
    expect(isHeadingRun(cells(['2', 'Working with the Class'], ['2.1', 'General Information']))).toBe(true);
    expect(isHeadingRun(cells(['3', '', 'Implementation'], ['3.1', '', 'Identification'], ['3.1.1', '', 'Options']))).toBe(true);
  });

  it('leaves numbered rows that do not nest, or carry more cells, as a table', () => {
    expect(isHeadingRun(cells(['1', 'Apples'], ['2', 'Pears']))).toBe(false);
    expect(isHeadingRun(cells(['3', 'Implementation', '35'], ['3.1', 'Identification', '35']))).toBe(false);
  });
});

describe('back-to-back numbered headings in a converted PDF', () => {
  it('come out as headings, not as a two-column table', async () => {
    const pdf = await drawPdf([{ texts: [
      ...prose(72),
      { text: '2', x: 72, y: 130, size: 12, bold: true }, { text: 'Working with the Class', x: 96, y: 130, size: 12, bold: true },
      { text: '2.1', x: 72, y: 152, size: 9, bold: true }, { text: 'General Information', x: 96, y: 152, size: 9, bold: true },
      ...prose(172),
      { text: '2.2', x: 72, y: 224, size: 9, bold: true }, { text: 'How to Use the Class', x: 96, y: 224, size: 9, bold: true },
      ...prose(244),
    ] }]);
    const { markdown } = await convert(pdf);
    expect(markdown).not.toContain('|');
    expect(markdown).toMatch(/^# 2 Working with the Class$/m);
    expect(markdown).toMatch(/^## 2\.1 General Information$/m);
  });
});
