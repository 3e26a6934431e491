import { describe, expect, it } from 'vitest';
import type { Doc, TextRun } from '../model.ts';
import { DEFAULT_CONFIG } from '../stage.ts';
import { tables } from './tables.ts';
import { doc, hRule, page, run, vRule } from '../../test/support/tables/pages.ts';

const tableCount = (d: Doc): number => d.pages.flatMap((p) => p.blocks.filter((b) => b.kind === 'table')).length;

/** Body text above and below, so the page's em is its prose's. */
const prose = (y: number): TextRun[] => [run('The committee reviewed the figures for the year and found that spending rose.', 60, y)];

describe('charts drawn with gridlines', () => {
  it('give no table: tick labels centred on the ends of the gridlines, value labels over the bars', () => {
    // Five gridlines from x 100 to 460, 40 pt apart; each tick label ends 6 pt before them, centred on its line.
    const ys = [100, 140, 180, 220, 260];
    const rules = [...ys.map((y) => hRule(100, 460, y)), vRule(100, 100, 260)];
    const ticks = ys.map((y, i) => run(String(100 - 25 * i), 94 - String(100 - 25 * i).length * 6, y - 5));
    // Value labels sit above bars, several on one baseline with tick labels, like cells of a row.
    const values = [run('93', 140, 95), run('97', 220, 95), run('88', 300, 95), run('71', 180, 135), run('64', 380, 135), run('40', 260, 175)];
    const cats = ['2011', '2012', '2013', '2014', '2015', '2016', '2017', '2018'].map((t, k) => run(t, 120 + 42 * k, 272));
    const d = doc(page([...prose(60), ...ticks, ...values, ...cats, ...prose(320)], rules));
    expect(tableCount(tables.run(d, DEFAULT_CONFIG))).toBe(0);
  });

  it('leave a ruled table with evenly spaced rules a table: its text lies between the rules', () => {
    const ys = [100, 120, 140, 160, 180];
    const rules = ys.map((y) => hRule(60, 400, y));
    const rows = [['Region', 'Total', 'Share'], ['North', '120', '31.2'], ['South', '98', '25.5'], ['East', '166', '43.3']];
    const runs = rows.flatMap((row, i) => row.map((t, k) => run(t, 66 + 120 * k, ys[i]! + 5)));
    const d = doc(page([...prose(60), ...runs, ...prose(220)], rules));
    expect(tableCount(tables.run(d, DEFAULT_CONFIG))).toBe(1);
  });

  it('leave a booktabs table beside a column of prose a table: line ends left of its rules are no tick labels', () => {
    // Two layout columns on one baseline grid; the left column's lines end at x 300, 10 pt before the table's rules.
    const left = Array.from({ length: 22 }, (_, k) => run('Has grown faster than expected the commit', 60, 60 + 12 * k));
    const rules = [hRule(310, 540, 101), hRule(310, 540, 125), hRule(310, 540, 209)];
    const rows = [['Item', 'Value', 'Total'], ['Croatia', '1.40', '362'], ['Germany', '51.3', '-620'], ['Latvia', '78.7', '36.5'],
      ['Slovenia', '-0.6', '-8.66'], ['Iceland', '7.92', '21.7'], ['Transport', '9.83', '-38.2']];
    const cells = rows.flatMap((row, i) => row.map((t, k) => run(t, 316 + 80 * k, i === 0 ? 108 : 120 + 12 * i)));
    const right = Array.from({ length: 8 }, (_, k) => run('Expected the committee reviewed the', 316, 216 + 12 * k));
    const d = doc(page([...left, ...cells, ...right], rules));
    expect(tableCount(tables.run(d, DEFAULT_CONFIG))).toBe(1);
  });
});
