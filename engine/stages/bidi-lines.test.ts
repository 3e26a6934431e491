import { describe, expect, it } from 'vitest';
import { bidiRow } from './bidi-lines.ts';
import { run } from '../../test/support/tables/pages.ts';

const texts = (cells: string[]): string[] => {
  // Cells of a right-to-left table row, drawn right to left: the first cell rightmost, 80 pt apart.
  const runs = cells.map((t, i) => run(t, 400 - 80 * i, 100, { dir: /[\u0590-\u05FF]/u.test(t) ? 'rtl' : 'ltr' }));
  return (bidiRow(runs, 'rtl', 0.7, 0.15) ?? []).map((r) => r.text);
};

describe('number cells of a right-to-left table row', () => {
  it('keep a number a spreadsheet set left to right (sign first) as drawn', () => {
    // Calc sets number cells left to right in a right-to-left sheet: `-876`, `519 (e)` on the page.
    expect(texts(['ירושלים', '-876', '519 (e)', '11,252*'])).toEqual(['ירושלים', '-876', '519 (e)', '11,252*']);
  });

  it('mark a number drawn sign first as drawn left to right, and only that', () => {
    const runs = ['ירושלים', '-876', '876-', '607'].map((t, i) => run(t, 400 - 80 * i, 100, { dir: /[\u0590-\u05FF]/u.test(t) ? 'rtl' : 'ltr' }));
    expect((bidiRow(runs, 'rtl', 0.7, 0.15) ?? []).map((r) => !!r.drawnLtr)).toEqual([false, true, false, false]);
  });

  it('turn back a number a right-to-left paragraph drew with its sign after the digits', () => {
    // A browser's right-to-left cell shows `-876` as `876-` and `519 (e)` as `(e) 519`.
    expect(texts(['ירושלים', '876-', '(e) 519'])).toEqual(['ירושלים', '-876', '519 (e)']);
  });

  it('read brackets named for the character typed as drawn (LibreOffice: `)e( 519` for `519 (e)`)', () => {
    expect(texts(['ירושלים', ')e( 519', ')p( 60,674-'])).toEqual(['ירושלים', '519 (e)', '-60,674 (p)']);
  });

});

describe('a row of numbers alone on a right-to-left page', () => {
  it('is read right to left: a year stub and signed numbers with flags', () => {
    expect(texts(['2019', '4.3-', '(e) 519', '-876'])).toEqual(['2019', '-4.3', '519 (e)', '-876']);
  });

  it('is left as it is when it holds Latin words and no number drawn the right-to-left way', () => {
    const runs = ['Over 65', '2019'].map((t, i) => run(t, 400 - 80 * i, 100));
    expect(bidiRow(runs, 'rtl', 0.7, 0.15)).toBeNull();
  });

  it('is read right to left beside a Latin word when a number was drawn the right-to-left way; the word stays as drawn', () => {
    // A stub `Jerusalem ירושלים` wrapped: its first line holds the Latin word only, beside the row's numbers.
    expect(texts(['Jerusalem.', '77,050-', '2.01'])).toEqual(['Jerusalem.', '-77,050', '2.01']);
  });

  it('is left as it is on a left-to-right page', () => {
    expect(bidiRow([run('4.3-', 100, 100)], 'ltr', 0.7, 0.15)).toBeNull();
  });
});
