import { describe, expect, it } from 'vitest';
import { repeatsStub } from './repeated-stub.ts';
import { tables } from './tables.ts';
import { doc, page, run } from '../../test/support/tables/pages.ts';
import type { Block, TextRun } from '../model.ts';

/** Cells placed at left edges `xs` (numbers set flush right at `x + 40`), rows 14 pt apart from y = 100. */
function grid(rows: readonly (readonly string[])[], xs: readonly number[]): TextRun[] {
  return rows.flatMap((cells, i) => cells.map((t, k) => {
    const flushRight = i > 0 && /^[-+\d]/.test(t);
    return run(t, flushRight ? xs[k]! + 40 - t.length * 6 : xs[k]!, 100 + i * 14, { bold: i === 0 });
  }));
}

const texts = (blocks: readonly Block[]): string[][] =>
  blocks.flatMap((b) => (b.kind === 'table' ? [b.rows.map((r) => r.map((c) => c.spans.map((s) => s.text).join('')).join('|'))] : []));

/** Two unruled tables side by side (as Chromium sets them): same rows, same baselines, a stub each, 40 pt apart. */
const LEFT = [['Region', 'Exports', 'Actual'], ['Austria', '49,334', '15.9'], ['Estonia', '7.29', '984'], ['Italy', '3.21', '28.4'], ['Portugal', '26.2', '681'], ['Iceland', '3.22', '67.7']];
const RIGHT = [['Sector', 'Women', 'Budget'], ['Germany', '80', '59'], ['Lithuania', '-20.9', '-35.8'], ['Slovakia', '488', '4.5'], ['Education', '4.34', '1.18'], ['Mining', '+29', '-7.8']];

describe('tables side by side, each opening with its stub', () => {
  it('parts two tables on shared baselines at the widest gutter, where a second column of row labels starts', () => {
    const runs = grid(LEFT.map((r, i) => [...r, ...RIGHT[i]!]), [50, 112, 166, 250, 318, 372]);
    const found = texts(tables.run(doc(page(runs)), {} as never).pages[0]!.blocks);
    expect(found).toHaveLength(2);
    expect(found).toContainEqual(['Sector|Women|Budget', 'Germany|80|59', 'Lithuania|-20.9|-35.8', 'Slovakia|488|4.5', 'Education|4.34|1.18', 'Mining|+29|-7.8']);
  });

  it('keeps one table whose column of names sits at a gutter no wider than its others', () => {
    const rows = [['Name', 'Age', 'City', 'Pop'], ['Anna', '34', 'Vienna', '1.9'], ['Boris', '41', 'Sofia', '1.2'], ['Clara', '29', 'Rome', '2.8'], ['Dmitri', '52', 'Riga', '0.6'], ['Eva', '38', 'Tallinn', '0.4']];
    const runs = grid(rows, [50, 150, 250, 350]);
    expect(texts(tables.run(doc(page(runs)), {} as never).pages[0]!.blocks)).toHaveLength(1);
  });

  it('asks on both sides for a stub of labels at the edge, with figures beside it', () => {
    const side = (a: string, b: string, c = '1.5') => ({ a: [run(a, 50, 100), run('2.5', 110, 100)], b: [run(b, 250, 100), run(c, 310, 100)] });
    expect(repeatsStub([side('Austria', 'Germany'), side('Estonia', 'Poland'), side('Italy', 'Spain'), side('Malta', 'Chad')], 10, 4)).toBe(true);
    // A column of figures at the right side's edge: a value column cut off from its table, though most lines start with a word.
    expect(repeatsStub([side('Austria', 'Germany'), side('Estonia', 'Poland'), side('Italy', '5.6'), side('Malta', 'Chad')], 10, 4)).toBe(false);
    // Labels beside words, not figures: a table of words (`Yes`, `No`) with a column of names inside it.
    expect(repeatsStub([side('Austria', 'Germany', 'Yes'), side('Estonia', 'Poland', 'No'), side('Italy', 'Spain', 'No'), side('Malta', 'Chad', 'Yes')], 10, 4)).toBe(false);
  });
});
