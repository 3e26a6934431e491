/**
 * Rows of numbers in whitespace tables, end to end from a generated PDF:
 * numbers set densely under a header a blank line above, and numbers
 * centred against a stub that wraps onto two lines.
 */
import { describe, expect, it } from 'vitest';
import { tablesOf, textWidth, type Text } from '../../test/support/tables/pdf.ts';

const YEARS = ['1997', '1998', '1999', '2000', '2001', '2002', '2003', '2004'];
/** Right edges of the value columns, 34pt apart: the numbers nearly fill the line. */
const right = (k: number): number => 230 + k * 34;

async function values(row: readonly string[], y: number): Promise<Text[]> {
  const out: Text[] = [];
  for (const [k, text] of row.entries()) out.push({ text, x: right(k) - (await textWidth(text)), y });
  return out;
}

describe('rows of numbers', () => {
  it('keeps dense rows of numbers in the table across the blank under the header, and numbers centred against a two-line stub in one row', async () => {
    const rowA = ['0.4590', '0.4560', '0.4580', '0.4620', '0.4660', '0.4620', '0.4640', '0.4660'];
    const rowB = ['0.0628', '0.0636', '0.0612', '0.0646', '0.0658', '0.0671', '0.0624', '0.0701'];
    const rowC = ['7108.3', '6960.6', '6920.0', '6899.5', '6940.6', '6965.2', '6970.7', '6841.5'];
    const texts: Text[] = [
      { text: 'TABLE. Inequality in income, 1997-2004', x: 45, y: 90, bold: true },
      { text: 'Measure', x: 45, y: 110, bold: true }, ...(await values(YEARS, 110)).map((t) => ({ ...t, bold: true })),
      { text: 'Income inequality (Gini)', x: 45, y: 134 }, ...(await values(rowA, 134)),
      { text: 'Between-state income', x: 45, y: 148 }, ...(await values(rowB, 152.5)), { text: 'inequality (Gini)', x: 45, y: 157 },
      { text: 'Premature mortality', x: 45, y: 171 }, ...(await values(rowC, 175.5)), { text: 'per 100,000 people', x: 45, y: 180 },
      { text: 'Source: survey of households.', x: 45, y: 200 },
    ];
    const { tables } = await tablesOf([{ texts, strokes: [] }]);
    expect(tables).toHaveLength(1);
    expect(tables[0]).toEqual([
      ['Measure', ...YEARS],
      ['Income inequality (Gini)', ...rowA],
      ['Between-state income inequality (Gini)', ...rowB],
      ['Premature mortality per 100,000 people', ...rowC],
    ]);
  });
});
