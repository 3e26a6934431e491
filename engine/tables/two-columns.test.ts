/**
 * A table in one column of a two-column page, beside a column of prose whose
 * lines keep the same baseline grid as its rows (LaTeX): the page is searched
 * column by column (tables.ts), and the prose neither joins the table nor
 * cuts it into parts. The page is a generated case as the tables stage
 * receives it, its runs and rules recorded from the PDF LaTeX drew.
 */
import { describe, expect, it } from 'vitest';
import type { Block, Cell, Doc } from '../model.ts';
import { DEFAULT_CONFIG } from '../stage.ts';
import { spansText } from './cell-text.ts';
import { tables } from './tables.ts';
import { recordedPage } from '../../test/support/tables/recorded.ts';

type Table = Extract<Block, { kind: 'table' }>;
const tablesOf = (d: Doc): Table[] => d.pages.flatMap((p) => p.blocks.filter((b): b is Table => b.kind === 'table'));
const texts = (t: Table): string[][] => t.rows.map((r) => r.map((c: Cell) => spansText(c.spans)));

describe('a table beside a column of prose on one baseline grid', () => {
  it('is read from its own column, whole, and the prose stays text', () => {
    const out = tables.run(recordedPage('latex-two-columns-booktabs.json'), DEFAULT_CONFIG);
    expect(tablesOf(out).map(texts)).toEqual([[
      ['Region', 'Jobs 2001', 'Men 2002'],
      ['Belgium', '−67.8', '25.6'], ['Finland', '−0.55', '−944'], ['Latvia', '−3.43', '327'], ['Portugal', '988', '+8.66'],
      ['Public sector', '8.93', '−261'], ['Education', '27.0', '96.3'], ['Belgium', '−145', '33.8'], ['Finland', '−2.46', '63'],
    ]]);
    const text = out.pages[0]!.lines.map((l) => l.runs.map((r) => r.text).join(' ')).join(' ');
    expect(text).toContain('Committee reviewed the figures for the year');
  });
});
