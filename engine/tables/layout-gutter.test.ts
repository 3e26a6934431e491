import { describe, expect, it } from 'vitest';
import type { Block, Cell, Doc } from '../model.ts';
import { DEFAULT_CONFIG } from '../stage.ts';
import { spansText } from './cell-text.ts';
import { tables } from './tables.ts';
import { doc, page, run } from '../../test/support/tables/pages.ts';

type Table = Extract<Block, { kind: 'table' }>;
const tablesOf = (d: Doc): Table[] => d.pages.flatMap((p) => p.blocks.filter((b): b is Table => b.kind === 'table'));
const texts = (t: Table): string[][] => t.rows.map((r) => r.map((c: Cell) => spansText(c.spans)));

const rows = [['Item', 'Men', 'Actual'], ['Belgium', '-7.51', '+8.03'], ['Finland', '18.6', '-86.7'], ['Latvia', '27.8', '-5.72'],
  ['Slovenia', '-965', '-62'], ['Health care', '+90,328', '-44,684']];

describe('layout gutter on a baseline grid', () => {
  // pdflatex's multicol keeps both columns on one baseline grid: every line of the right column shares a
  // baseline with a line of the left one, as a table's cells do. The left column holds a paragraph, then a table.
  it('parts a column holding a paragraph and a table from the prose column beside it', () => {
    const para = [0, 1, 2, 3].map((i) => run('Short of the forecast made in spring which', 40, 80 + 12 * i));
    const table = rows.flatMap((row, i) => row.map((t, k) => run(t, [44, 150, 230][k]!, 140 + 12 * i, { bold: i === 0 })));
    const right = Array.from({ length: 11 }, (_, i) => run('And railways as well as schools and hospit', 307, 80 + 12 * i));
    const found = tablesOf(tables.run(doc(page([...para, ...table, ...right])), DEFAULT_CONFIG));
    expect(found.map(texts)).toEqual([rows]);
  });

  it('keeps a table whose wrapped text column sits left of the middle under full-width prose as one table', () => {
    const prose = [0, 1, 2].map((i) => run('The project has several strategic initiatives underway and a review of them is due', 40, 80 + 12 * i));
    const text = ['Maintenance of the existing', 'network of roads and', 'Revised plan for the coming', 'period with lower targets',
      'Reviewed the figures for the', 'year and found that it rose', 'Fell short of the forecast', 'made in spring which led'];
    const body = text.flatMap((t, i) => [run(t, 110, 130 + 12 * i), ...(i % 2 ? [] : [run('Croatia', 40, 130 + 12 * i),
      run('43.6', 330, 130 + 12 * i), run('27,219', 400, 130 + 12 * i), run('24.1', 480, 130 + 12 * i)])]);
    const head = ['Country', 'Wages', 'Growth', 'Women', 'Share'].map((t, k) => run(t, [40, 110, 330, 400, 480][k]!, 116, { bold: true }));
    const found = tablesOf(tables.run(doc(page([...prose, ...head, ...body])), DEFAULT_CONFIG));
    expect(found).toHaveLength(1);
    expect(found[0]!.rows.every((r) => r.length === 5)).toBe(true);
  });
});
