import { describe, expect, it } from 'vitest';
import type { Doc, TextRun } from '../model.ts';
import { DEFAULT_CONFIG } from '../stage.ts';
import { tables } from './tables.ts';
import { axisAreas } from './chart-axes.ts';
import { doc, linesOf, page, run } from '../../test/support/tables/pages.ts';

const tableCount = (d: Doc): number => d.pages.flatMap((p) => p.blocks.filter((b) => b.kind === 'table')).length;

/** A run of `text` whose right edge is at `x1` (6 pt a character), as an axis sets its tick labels. */
const flushRight = (text: string, x1: number, y: number): TextRun => run(text, x1 - 6 * text.length, y);

/** Body text above and below the figure. */
const prose = (y: number): TextRun[] => [run('The committee reviewed the figures for the year and found that spending rose.', 60, y)];

describe('a chart drawn without gridlines the page gives', () => {
  // Ticks 0-1000 every 30 pt (3 ems of 10 pt labels), flush right at x 100, values growing upwards;
  // bar value labels share baselines with two of the ticks.
  const ticks = ['1000', '750', '500', '250', '0'].map((t, i) => flushRight(t, 100, 100 + 30 * i));
  const bars = [run('223', 300, 190), run('250', 140, 190), run('168', 140, 220), run('176', 300, 220), run('427', 200, 160)];
  const cats = ['2010', '2011', '2012', '2013', '2014'].map((t, k) => run(t, 130 + 60 * k, 240));

  it('gives no table: its value axis is tick labels evenly spaced, stepping evenly and growing upwards', () => {
    const d = doc(page([...prose(60), ...ticks, ...bars, ...cats, ...prose(290)]));
    expect(tableCount(tables.run(d, DEFAULT_CONFIG))).toBe(0);
    expect(axisAreas(linesOf(ticks))).toHaveLength(1);
  });

  it('is not read into a table of numbers: rows a line apart, or values that do not step evenly', () => {
    // A year column of a table: evenly stepping, growing upwards, but rows 16 pt (1.6 ems) apart.
    const years = ['2014', '2013', '2012', '2011'].map((t, i) => flushRight(t, 100, 100 + 16 * i));
    expect(axisAreas(linesOf(years))).toHaveLength(0);
    // Widely spaced numbers that do not step evenly.
    const values = ['120', '98', '166', '40'].map((t, i) => flushRight(t, 100, 100 + 30 * i));
    expect(axisAreas(linesOf(values))).toHaveLength(0);
    // Growing downwards: a list of thresholds, not a value axis.
    const down = ['0', '250', '500', '750'].map((t, i) => flushRight(t, 100, 100 + 30 * i));
    expect(axisAreas(linesOf(down))).toHaveLength(0);
  });

  it('leaves a table with a descending year column a table', () => {
    const rows = [['Year', 'Total', 'Share'], ['2014', '120', '31.2'], ['2013', '98', '25.5'], ['2012', '166', '43.3'], ['2011', '40', '12.0']];
    const runs = rows.flatMap((row, i) => row.map((t, k) => flushRight(t, 100 + 80 * k, 100 + 16 * i)));
    const d = doc(page([...prose(60), ...runs, ...prose(200)]));
    expect(tableCount(tables.run(d, DEFAULT_CONFIG))).toBe(1);
  });
});
