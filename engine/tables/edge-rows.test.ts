import { describe, expect, it } from 'vitest';
import { lineText } from '../geometry.ts';
import type { TextRun } from '../model.ts';
import { DEFAULT_CONFIG } from '../stage.ts';
import { furniture } from '../stages/furniture.ts';
import { doc, page, run } from '../../test/support/tables/pages.ts';
import { edgeTableRows } from './edge-rows.ts';

/** Rows of a long table, `first` to `first + n - 1`, one every 16 pt from `y`: key, name, value in three columns. */
function rows(first: number, n: number, y: number): TextRun[] {
  return Array.from({ length: n }, (_, i) => [run(`${first + i}`, 60, y + 16 * i), run(`Row ${first + i} name`, 120, y + 16 * i),
    run(`${(first + i) * 7}`, 300, y + 16 * i)]).flat();
}
const header = (y: number): TextRun[] => [run('#', 60, y, { bold: true }), run('Name', 120, y, { bold: true }), run('Value', 300, y, { bold: true })];
const texts = (d: ReturnType<typeof doc>): string[][] => d.pages.map((p) => p.lines.map(lineText));

describe('table rows at the page edges are not furniture', () => {
  it('keeps a repeated header and the rows alike but for digits at the top and foot of each page', () => {
    const d = doc(...[1, 2, 3, 4].map((n) => page([...header(40), ...rows(n * 100, 48, 56)], [], n)));
    const out = furniture.run(d, DEFAULT_CONFIG);
    expect(texts(out)).toEqual(texts(d));
  });

  it('keeps a repeated header of labels over a line of years, the stub blank on that line', () => {
    // Before, the line of years (one gutter fewer) broke the run, and the header was dropped from every page.
    const head = (y: number): TextRun[] => [run('Region', 60, y, { bold: true }), run('Budget', 140, y, { bold: true }),
      run('Women', 220, y, { bold: true }), run('Mean', 300, y, { bold: true }),
      run('2001', 140, y + 12, { bold: true }), run('2002', 220, y + 12, { bold: true }), run('2003', 300, y + 12, { bold: true })];
    const body = (n: number): TextRun[] => Array.from({ length: 40 }, (_, i) => [run(`Row ${n}${i}`, 60, 68 + 16 * i),
      run(`${n * 3 + i}.5`, 140, 68 + 16 * i), run(`${i * 7}`, 220, 68 + 16 * i), run(`-${i}.2`, 300, 68 + 16 * i)]).flat();
    const d = doc(...[1, 2, 3].map((n) => page([...head(40), ...body(n)], [], n)));
    const out = furniture.run(d, DEFAULT_CONFIG);
    expect(out.pages.map((p) => p.lines.filter((l) => /Region|2001/.test(lineText(l))).length)).toEqual([2, 2, 2]);
  });

  it('still drops a running header of a title and a folio over a table whose gutter meets theirs', () => {
    const body = (n: number): TextRun[] => Array.from({ length: 40 }, (_, i) => [run(`Row ${n}${i}`, 60, 70 + 16 * i),
      run(`${n * 3 + i}.5`, 250, 70 + 16 * i), run(`${i * 7}`, 330, 70 + 16 * i), run(`-${i}.2`, 420, 70 + 16 * i)]).flat();
    const d = doc(...[1, 2, 3].map((n) => page([run('4. Figures, tables, code', 60, 50), run(`${20 + n}`, 440, 50), ...body(n)], [], n)));
    const out = furniture.run(d, DEFAULT_CONFIG);
    expect(out.pages.map((p) => p.lines.some((l) => lineText(l).includes('Figures, tables')))).toEqual([false, false, false]);
  });

  it('still drops a running header set apart above a two-column body', () => {
    const body = (n: number): TextRun[] => Array.from({ length: 40 }, (_, i) =>
      [run(`left column text ${n} ${i}`, 60, 90 + 14 * i), run(`right column text ${n} ${i}`, 320, 90 + 14 * i)]).flat();
    const d = doc(...[1, 2, 3].map((n) => page([run('Annual report', 60, 40), run(`Page ${n}`, 320, 40), ...body(n)], [], n)));
    const out = furniture.run(d, DEFAULT_CONFIG);
    expect(out.pages.map((p) => p.lines.some((l) => lineText(l).includes('Annual report')))).toEqual([false, false, false]);
    expect(out.pages.map((p) => p.lines.length)).toEqual([40, 40, 40]);
  });
});

describe('edgeTableRows', () => {
  it('finds the runs through the edge bands alone: a table in mid-page is no edge row', () => {
    const table = (y: number, n: number): TextRun[] => Array.from({ length: n }, (_, i) =>
      [run(`${i}`, 60, y + 16 * i), run(`Row ${i} name`, 120, y + 16 * i), run(`${i * 7}`, 300, y + 16 * i)]).flat();
    // A table from the top band into the body, prose, a table in the middle, prose down to the bottom band.
    const prose = (y: number, n: number): TextRun[] => Array.from({ length: n }, (_, i) => run(`prose line ${i} of the body text`, 60, y + 16 * i));
    const p = page([...table(30, 6), ...prose(160, 10), ...table(360, 5), ...prose(460, 20)]);
    const inBand = (l: { box: { y0: number; y1: number } }): boolean => l.box.y1 <= 80 || l.box.y0 >= 760;
    const rows = edgeTableRows(p.lines, inBand);
    expect([...rows].map((l) => l.box.y0).sort((a, b) => a - b)).toEqual(p.lines.filter((l) => l.box.y0 < 150).map((l) => l.box.y0));
  });
});
