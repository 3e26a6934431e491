import { describe, expect, it } from 'vitest';
import type { Block, Cell, Doc, TextRun } from '../model.ts';
import { DEFAULT_CONFIG } from '../stage.ts';
import { spansText } from './cell-text.ts';
import { tables } from './tables.ts';
import { lineChunks } from './chunks.ts';
import { joinJustified } from './justified-cells.ts';
import { doc, hRule, linesOf, page, run } from '../../test/support/tables/pages.ts';

type Table = Extract<Block, { kind: 'table' }>;
const tablesOf = (d: Doc): Table[] => d.pages.flatMap((p) => p.blocks.filter((b): b is Table => b.kind === 'table'));
const texts = (t: Table): string[][] => t.rows.map((r) => r.map((c: Cell) => spansText(c.spans)));

/** A justified line: its words spread with equal gaps from x0 to x1 (a `p{}` cell stretches its word spaces). */
function justified(words: string[], x0: number, x1: number, y: number): TextRun[] {
  const gap = (x1 - x0 - words.join('').length * 6) / (words.length - 1);
  let x = x0;
  return words.map((w) => {
    const r = run(w, x, y);
    x = r.box.x1 + gap;
    return r;
  });
}

describe('justified text in a narrow cell', () => {
  it('joins the stretched word spaces of a cell line that the next line of the cell spans', () => {
    const runs = [
      run('Country', 70, 100), run('Note', 140, 100), run('Rate', 300, 100), run('Value', 360, 100),
      run('Latvia', 70, 120), run('Existing network', 140, 120), run('5,870', 300, 120), run('46', 360, 120),
      run('Iceland', 70, 132), ...justified(['Grown', 'fast', 'than', 'a'], 140, 260, 132), run('-590', 300, 132), run('108', 360, 132),
      run('pected the committee', 140, 144),
      run('year and', 140, 156),
      run('Sweden', 70, 168), run('Year', 140, 168), run('-82.3', 300, 168), run('0.97', 360, 168),
    ];
    const rules = [hRule(65, 400, 96), hRule(65, 400, 115), hRule(65, 400, 182)];
    const [t, ...more] = tablesOf(tables.run(doc(page(runs, rules)), DEFAULT_CONFIG));
    expect(more).toEqual([]);
    expect(texts(t!)).toEqual([
      ['Country', 'Note', 'Rate', 'Value'],
      ['Latvia', 'Existing network', '5,870', '46'],
      ['Iceland', 'Grown fast than a pected the committee year and', '-590', '108'],
      ['Sweden', 'Year', '-82.3', '0.97'],
    ]);
  });

  it('joins a justified first line of a cell whose short last line starts under it', () => {
    const runs = [
      run('Country', 70, 100), run('Note', 140, 100), run('Rate', 300, 100), run('Value', 360, 100),
      run('Latvia', 70, 120), run('Existing network', 140, 120), run('5,870', 300, 120), run('46', 360, 120),
      run('Italy', 70, 132), ...justified(['New', 'plans', 'and', 'a'], 140, 260, 132), run('8,577', 300, 132), run('125', 360, 132),
      run('stronger focus', 140, 144),
      run('Sweden', 70, 156), run('Year', 140, 156), run('-82.3', 300, 156), run('0.97', 360, 156),
    ];
    const rules = [hRule(65, 400, 96), hRule(65, 400, 115), hRule(65, 400, 170)];
    const [t, ...more] = tablesOf(tables.run(doc(page(runs, rules)), DEFAULT_CONFIG));
    expect(more).toEqual([]);
    expect(texts(t!)[2]).toEqual(['Italy', 'New plans and a stronger focus', '8,577', '125']);
  });

  it('leaves split a line whose stretched gaps reach a piece with no word, or that is as wide as a layout column', () => {
    const lines = linesOf([
      ...justified(['repeated', 'css', 'include', '--'], 140, 300, 100), run('include-before-body', 140, 112),
      ...justified(['Creates', 'a', 'new', 'document,', 'if', 'value', 'is', 'defined'], 140, 420, 130), run('document contents are initialised with it', 140, 142),
    ]);
    const chunked = lines.map((l) => ({ chunks: lineChunks(l), y0: l.box.y0, y1: l.box.y1 }));
    expect(joinJustified(chunked, 595).map((l) => l.chunks.length)).toEqual([4, 1, 8, 1]);
  });
});
