import { describe, expect, it } from 'vitest';
import { isNumberedHeadings } from './numbered-headings.ts';
import type { Detected } from './table-parts.ts';
import type { TextRun } from '../model.ts';
import { run } from '../../test/support/tables/pages.ts';

/** A whitespace table of the given rows, its runs bold or not. */
function table(rows: string[][], bold: boolean): Detected {
  const runs: TextRun[] = rows.flatMap((r, i) => r.map((t, k) => run(t, 54 + 20 * k, 500 + 16 * i, { bold })));
  return { block: { kind: 'table', rows: rows.map((r) => r.map((t) => ({ spans: [{ text: t }] }))), prov: { page: 1, box: { x0: 54, y0: 500, x1: 300, y1: 540 } } }, runs: new Set(runs) };
}

describe('numbered headings stacked like a table', () => {
  it('are headings: all bold, a section number and a title a row (an appendix and its first subsection)', () => {
    expect(isNumberedHeadings(table([['A', 'RESEARCH METHODS'], ['A.1', 'Part One']], true))).toBe(true);
    expect(isNumberedHeadings(table([['3', 'Results'], ['3.1.', 'Accuracy']], true))).toBe(true);
  });

  it('a number may be named by the word before it: a chapter over its first sections (a thesis class)', () => {
    expect(isNumberedHeadings(table([['Chapter 1', 'Simple Test'], ['1.1', 'Level 1'], ['1.1.1', 'Level 2']], true))).toBe(true);
    expect(isNumberedHeadings(table([['Part II', 'Methods'], ['Appendix B', 'Data']], true))).toBe(true);
  });

  it('a table is not: its body is not all bold, or its stub holds labels or values', () => {
    expect(isNumberedHeadings(table([['A', 'RESEARCH METHODS'], ['A.1', 'Part One']], false))).toBe(false);
    expect(isNumberedHeadings(table([['Total', '1,204'], ['Mean', '12.5']], true))).toBe(false);
    expect(isNumberedHeadings(table([['1', '2014', '33'], ['2', '2015', '41']], true))).toBe(false);
  });
});
