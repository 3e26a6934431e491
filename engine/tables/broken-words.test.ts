import { describe, expect, it } from 'vitest';
import type { Block, Cell, Doc } from '../model.ts';
import { DEFAULT_CONFIG } from '../stage.ts';
import { brokenWordBoundaries, documentWords } from './broken-words.ts';
import { spansText } from './cell-text.ts';
import { tables } from './tables.ts';
import { doc, hRule, page, run, vRule } from '../../test/support/tables/pages.ts';

type Table = Extract<Block, { kind: 'table' }>;
const tablesOf = (d: Doc): Table[] => d.pages.flatMap((p) => p.blocks.filter((b): b is Table => b.kind === 'table'));
const texts = (t: Table): string[][] => t.rows.map((r) => r.map((c: Cell) => spansText(c.spans)));

describe('words broken across the lines of a narrow cell', () => {
  it('glues a word broken at the cell edge when the document spells it whole, chaining fragments', () => {
    const words = documentWords(() => ['Set DEBUG_DEPTH to copy objects', 'Duplicate names; Files here']);
    // Column right edge at 120: each fragment line fills it.
    const lines = [[run('DEBUG_DEPT', 60, 100)], [run('H', 60, 112)]];
    expect(brokenWordBoundaries(lines, { words, right: 120 })).toEqual([true]);
    const copy = ['C', 'o', 'p', 'y'].map((c, i) => [run(c, 60, 100 + i * 12)]);
    expect(brokenWordBoundaries(copy, { words, right: 66 })).toEqual([true, true, true]);
    // A full line that ends a word wraps with a space: "duplicatefiles" is no word of the document.
    const wrapped = [[run('Duplicate', 60, 100)], [run('Files', 60, 112)]];
    expect(brokenWordBoundaries(wrapped, { words, right: 114 })).toEqual([false]);
    // A line short of the edge ended where its text ended.
    // Numbers stacked in a narrow numeric column are separate values, though "58" occurs in the document.
    const numbers = [[run('12.5', 60, 100)], [run('8.7', 60, 112)], [run('8.5', 60, 124)]];
    expect(brokenWordBoundaries(numbers, { words: () => new Set(['58', '78', '5', '8']), right: 66 })).toEqual([false, false]);
    expect(brokenWordBoundaries([[run('DEBUG', 60, 100)], [run('DEPTH', 60, 112)]], { words: () => new Set(['debugdepth']), right: 120 })).toEqual([false]);
  });

  it('mends broken words in the cells of a ruled table', () => {
    const runs = [
      run('Set DEBUG_DEPTH to inspect deeper objects.', 50, 60),
      run('Name', 55, 105, { bold: true }), run('Purpose', 135, 105, { bold: true }),
      run('DEBUG_DEPT', 55, 125), run('H', 55, 137), run('Object inspection depth.', 135, 125),
      run('DEBUG_COLO', 55, 157), run('RS', 55, 169), run('Use colours.', 135, 157),
    ];
    const rules = [
      hRule(50, 300, 100), hRule(50, 300, 120), hRule(50, 300, 152), hRule(50, 300, 184),
      vRule(50, 100, 184), vRule(130, 100, 184), vRule(300, 100, 184),
    ];
    const [t] = tablesOf(tables.run(doc(page(runs, rules)), DEFAULT_CONFIG));
    // DEBUG_COLORS is not spelled out anywhere else: the break stays a space.
    expect(texts(t!)).toEqual([['Name', 'Purpose'], ['DEBUG_DEPTH', 'Object inspection depth.'], ['DEBUG_COLO RS', 'Use colours.']]);
  });
});

describe('words hyphenated across the lines of a narrow cell', () => {
  // pdflatex hyphenates the text of a `p{}` column: `rev-` / `enue`, as in its paragraphs.
  it('join without the hyphen when the document spells the word whole, and keep a compound\'s hyphen', () => {
    const runs = [
      run('Spending rose while revenue fell short of the forecast.', 50, 60),
      run('Region', 50, 100, { bold: true }), run('Note', 130, 100, { bold: true }), run('Total', 300, 100, { bold: true }),
      run('Belgium', 50, 116), run('Spending rose while rev-', 130, 116), run('enue fell', 130, 128), run('+76,685', 300, 116),
      run('Latvia', 50, 144), run('A well-', 130, 144), run('known plan', 130, 156), run('-5.42', 300, 144),
      run('Finland', 50, 172), run('Targets', 130, 172), run('690', 300, 172),
    ];
    const [t] = tablesOf(tables.run(doc(page(runs)), DEFAULT_CONFIG));
    expect(texts(t!).map((r) => r[1])).toEqual(['Note', 'Spending rose while revenue fell', 'A well-known plan', 'Targets']);
  });
});
