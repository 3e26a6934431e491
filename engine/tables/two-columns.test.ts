/**
 * A table in one column of a two-column page, beside a column of prose whose
 * lines keep the same baseline grid as its rows (LaTeX): the page is searched
 * column by column (tables.ts), and the prose neither joins the table nor
 * cuts it into parts. The page is a generated case as the tables stage
 * receives it, its runs and rules recorded from the PDF LaTeX drew.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Block, Box, Cell, Doc, Line, Rule, TextRun } from '../model.ts';
import { DEFAULT_CONFIG } from '../stage.ts';
import { spansText } from './cell-text.ts';
import { tables } from './tables.ts';
import { doc } from '../../test/support/tables/pages.ts';

type Table = Extract<Block, { kind: 'table' }>;
const tablesOf = (d: Doc): Table[] => d.pages.flatMap((p) => p.blocks.filter((b): b is Table => b.kind === 'table'));
const texts = (t: Table): string[][] => t.rows.map((r) => r.map((c: Cell) => spansText(c.spans)));

type Recorded = { width: number; height: number; rules: Rule[]; lines: Omit<TextRun, 'fontName' | 'dir'>[][] };

function recordedPage(name: string): Doc {
  const rec = JSON.parse(readFileSync(new URL(`../../test/support/tables/fixtures/${name}`, import.meta.url), 'utf8')) as Recorded;
  const lines: Line[] = rec.lines.map((rs) => {
    const runs = rs.map((r): TextRun => ({ ...r, fontName: 'Serif', dir: 'ltr' }));
    const box: Box = { x0: Math.min(...runs.map((r) => r.box.x0)), y0: Math.min(...runs.map((r) => r.box.y0)), x1: Math.max(...runs.map((r) => r.box.x1)), y1: Math.max(...runs.map((r) => r.box.y1)) };
    return { runs, box };
  });
  return doc({ number: 1, width: rec.width, height: rec.height, runs: lines.flatMap((l) => l.runs), rules: rec.rules, lines, blocks: [] });
}

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
