import { describe, expect, it } from 'vitest';
import type { Block, Doc, TextRun } from '../model.ts';
import { DEFAULT_CONFIG } from '../stage.ts';
import { tables } from './tables.ts';
import { isDisplayMath, mathShares } from './display-math.ts';
import type { Detected } from './table-parts.ts';
import { doc, page, run } from '../../test/support/tables/pages.ts';

const tablesOf = (d: Doc): Block[] => d.pages.flatMap((p) => p.blocks.filter((b) => b.kind === 'table'));
const mi = { fontName: 'ABCDEF+CMMI10' }, sy = { fontName: 'ABCDEF+CMSY10' };

/** Prose over and under the display, full width, as a paper's body. */
const prose = (y: number) => Array.from({ length: 3 }, (_, i) => run('The sums below converge for every choice of the weights we consider in this section.', 60, y + 12 * i));

/**
 * An equation array, LaTeX's `align` with numbers: three rows of a left side, a relation and a right side set in
 * math italic and symbols, each numbered at the right margin; the columns line up like a table's.
 */
function alignRows(): TextRun[] {
  return [['E', '=', 'mc', '(1a)'], ['p', '=', 'mv', '(1b)'], ['F', '=', 'ma', '(1c)']].flatMap(([l, rel, r, n], i) => {
    const y = 120 + 16 * i;
    return [run(l!, 200, y, mi), run(rel!, 240, y, sy), run(r!, 270, y, mi), run(n!, 480, y)];
  });
}

/** The same layout holding a table of results: names and figures in a text face, a ± column. */
function resultRows(): TextRun[] {
  return [['Baseline', '71.2', '±0.4'], ['Ours', '74.9', '±0.3'], ['Oracle', '80.1', '±0.2']].flatMap(([a, b, c], i) => {
    const y = 120 + 16 * i;
    return [run(a!, 200, y), run(b!, 300, y), run(c!, 360, y)];
  });
}

/** A whitespace table of the given rows, every cell one run in the given style. */
function detected(rows: string[][], style: Partial<TextRun>): Detected {
  const runs: TextRun[] = rows.flatMap((r, i) => r.map((t, k) => run(t, 200 + 80 * k, 120 + 16 * i, style)));
  return { block: { kind: 'table', rows: rows.map((r) => r.map((t) => ({ spans: [{ text: t }] }))), prov: { page: 1, box: { x0: 200, y0: 120, x1: 520, y1: 200 } } }, runs: new Set(runs) };
}

describe('display mathematics set in columns', () => {
  it('is no table: an equation array with its numbers stays text', () => {
    const out = tables.run(doc(page([...prose(60), ...alignRows(), ...prose(200)])), DEFAULT_CONFIG);
    expect(tablesOf(out)).toEqual([]);
    expect(out.pages[0]!.lines.flatMap((l) => l.runs.map((r) => r.text))).toContain('(1b)');
  });

  it('is numbered as equations or cut into fragments; a table whose every cell is a whole expression is not', () => {
    expect(isDisplayMath(detected([['E', '=', 'mc2'], ['p', '=', 'mv']], mi))).toBe(true);
    expect(isDisplayMath(detected([['(11) K(t1, t2) =', 'D2t2 − a21t1']], mi))).toBe(true);
    // GMPL's manual lists tuples this way: each cell whole, no number anywhere.
    expect(isDisplayMath(detected([['i = 4', 'j = 1', 'k = Jan'], ['i = 4', 'j = 2', 'k = Feb']], mi))).toBe(false);
  });

  it('a table of figures in a text face, with a sign in a column, is still a table', () => {
    expect(tablesOf(tables.run(doc(page([...prose(60), ...resultRows(), ...prose(200)])), DEFAULT_CONFIG))).toHaveLength(1);
  });
});

describe('mathShares', () => {
  it('counts math fonts and mathematical characters, and words of text apart', () => {
    const s = mathShares([run('x', 0, 0, mi), run('≤ 2', 10, 0), run('for every', 30, 0)]);
    expect(s.chars).toBe(1 + 2 + 8);
    expect(s.math).toBeCloseTo(2 / 11);
    expect(s.prose).toBeCloseTo(8 / 11);
  });
});
