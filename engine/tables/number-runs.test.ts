/**
 * A number drawn as several runs (`59`, `,`, `527`) and set flush left in a
 * column of numbers set flush right reaches back over the gutter: it stays
 * one cell's, in the column it overlaps most (build-rows.ts).
 */
import { describe, expect, it } from 'vitest';
import type { Block, Cell, Doc, TextRun } from '../model.ts';
import { DEFAULT_CONFIG } from '../stage.ts';
import { spansText } from './cell-text.ts';
import { tables } from './tables.ts';
import { doc, hRule, page, run } from '../../test/support/tables/pages.ts';

type Table = Extract<Block, { kind: 'table' }>;
const tablesOf = (d: Doc): Table[] => d.pages.flatMap((p) => p.blocks.filter((b): b is Table => b.kind === 'table'));
const texts = (t: Table): string[][] => t.rows.map((r) => r.map((c: Cell) => spansText(c.spans)));

/** `text` set flush right at x1 (6 pt a character). */
const right = (text: string, x1: number, y: number, style: Partial<TextRun> = {}): TextRun => run(text, x1 - 6 * text.length, y, style);

/** Pieces laid end to end from x, as one word drawn in several runs. */
function touching(pieces: string[], x: number, y: number): TextRun[] {
  return pieces.map((t) => {
    const r = run(t, x, y);
    x = r.box.x1;
    return r;
  });
}

describe('a number in several runs across a gutter', () => {
  it('is one cell, in the column it overlaps most', () => {
    const body: [string, string, string][] = [['Bulgaria', '86,840', '18.6'], ['Estonia', '1.23', '78.3'], ['Latvia', '33.4', '38.3'],
      ['Slovenia', '36,512', ''], ['Retail', '53.3', '0.5'], ['Mining', '793', '94.7']];
    const runs: TextRun[] = [run('Country', 60, 100, { bold: true }), right('Prices', 220, 100, { bold: true }), right('Women', 330, 100, { bold: true })];
    body.forEach(([a, b, c], i) => {
      const y = 120 + 12 * i;
      runs.push(run(a, 60, y), right(b, 220, y));
      // Slovenia's value is set flush left, 16 pt into the gutter before the column's right-set values.
      runs.push(...(c ? [right(c, 330, y)] : touching(['59', ',', '527'], 290, y)));
    });
    const rules = [hRule(55, 340, 95), hRule(55, 340, 114), hRule(55, 340, 196)];
    const [t] = tablesOf(tables.run(doc(page(runs, rules)), DEFAULT_CONFIG));
    expect(texts(t!).find((r) => r[0] === 'Slovenia')).toEqual(['Slovenia', '36,512', '59,527']);
  });
});
