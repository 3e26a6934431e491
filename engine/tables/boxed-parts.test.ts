import { describe, expect, it } from 'vitest';
import type { Doc, Rule } from '../model.ts';
import { DEFAULT_CONFIG } from '../stage.ts';
import { tables } from './tables.ts';
import { closedBoxes } from './boxed-parts.ts';
import { doc, hRule, page, run, vRule } from '../../test/support/tables/pages.ts';
import { recordedPage } from '../../test/support/tables/recorded.ts';
import { spansText } from './cell-text.ts';

const tableCount = (d: Doc): number => d.pages.flatMap((p) => p.blocks.filter((b) => b.kind === 'table')).length;
/** The four rules of a box. */
const box = (x0: number, y0: number, x1: number, y1: number): Rule[] => [hRule(x0, x1, y0), hRule(x0, x1, y1), vRule(x0, y0, y1), vRule(x1, y0, y1)];

describe('a closed box through the rows of a "table"', () => {
  it('finds boxes closed by four rules, not a lone rule or an open frame', () => {
    expect(closedBoxes([...box(100, 100, 140, 150), hRule(200, 300, 120)])).toEqual([{ x0: 100, y0: 99.7, x1: 140, y1: 150.3 }]);
    expect(closedBoxes([hRule(100, 140, 100), hRule(100, 140, 150), vRule(100, 100, 150)])).toEqual([]);
  });

  it('gives no table: notes beside a chip, its pin marks inside the outline, its pin numbers beside it', () => {
    const notes = ['Has grown faster than expected the.', 'New projects and a stronger focus.', 'New projects and a stronger.'];
    const runs = notes.flatMap((t, i) => {
      const y = 110 + 12 * i;
      return [run(t, 60, y), run(String(i + 1), 290, y), run('◦', 310, y), run(String(6 - i), 330, y)];
    });
    const d = doc(page([run('Body text of the page above the drawing, a whole line of it.', 60, 60), ...runs], box(300, 104, 325, 148)));
    expect(tableCount(tables.run(d, DEFAULT_CONFIG))).toBe(0);
  });

  it('leaves a table framed whole, or drawn cell by cell with header cells of two lines, a table', () => {
    const rows = [['Region', 'Total', 'Share'], ['North', '120', '31.2'], ['South', '98', '25.5'], ['East', '166', '43.3']];
    const runs = rows.flatMap((row, i) => row.map((t, k) => run(t, 66 + 120 * k, 105 + 14 * i)));
    const prose = [run('The committee reviewed the figures for the year and found that spending rose.', 60, 60)];
    expect(tableCount(tables.run(doc(page([...prose, ...runs], box(60, 100, 420, 162))), DEFAULT_CONFIG))).toBe(1);
    const cells = rows.flatMap((row, i) => row.flatMap((_, k) => box(60 + 120 * k, 102 + 14 * i, 180 + 120 * k, 116 + 14 * i)));
    expect(tableCount(tables.run(doc(page([...prose, ...runs], cells)), DEFAULT_CONFIG))).toBe(1);
    // Each header cell holds two lines ("Tool" / "Type") in its box; the body rows are boxed cell by cell below.
    const head = ['Tool', 'Name', 'Target'].flatMap((t, k) => [run(t, 66 + 120 * k, 91), run('Type', 66 + 120 * k, 103)]);
    const headBoxes = [0, 1, 2].flatMap((k) => box(60 + 120 * k, 88, 180 + 120 * k, 116));
    const d = doc(page([...prose, ...head, ...runs.slice(3)], [...headBoxes, ...cells.slice(12)]));
    expect(tableCount(tables.run(d, DEFAULT_CONFIG))).toBe(1);
  });

  it('leaves a table whose right column is framed wide beside its source (lshort\'s examples), a table', () => {
    const rows = [['\\sum_{i=1}^{n}', '∑', 'n'], ['\\int_0^{\\pi}', '∫', 'π'], ['\\prod_\\epsilon', '∏', 'ε']];
    const runs = rows.flatMap((row, i) => [run(row[0]!, 60, 110 + 14 * i, { monospace: true }), run(row[1]!, 300, 110 + 14 * i), run(row[2]!, 340, 110 + 14 * i)]);
    const prose = [run('The committee reviewed the figures for the year and found that spending rose.', 60, 60)];
    expect(tableCount(tables.run(doc(page([...prose, ...runs], box(280, 104, 440, 152))), DEFAULT_CONFIG))).toBe(1);
  });

  it('leaves header cells of two lines, each in its own box, one table (a README printed by Chromium, recorded)', () => {
    // zstd's README, page 2: "Compression / Ratio", "Compression / Speed", "Decompression / Speed" boxed cell by cell.
    const out = tables.run(recordedPage('chromium-boxed-header-cells.json'), DEFAULT_CONFIG);
    const found = out.pages[0]!.blocks.flatMap((b) => (b.kind === 'table' ? [b.rows.map((r) => r.map((c) => spansText(c.spans)))] : []));
    expect(found).toEqual([[['Compression', 'Compression', 'Decompression'], ['Ratio', 'Speed', 'Speed']]]);
  });

  it('takes pin numbers set against a chip\'s side, with the chip\'s marks left out of the table, for the drawing\'s', () => {
    // Before, the notes set beside the chip paired up with the pin numbers left of its outline
    // (`Revenue fell short of the. | 1`), the marks inside it in a part of their own.
    // (The fixture keeps no curves: the parts' labels above, which the drawing's strokes keep out, may still pair up.)
    const out = tables.run(recordedPage('chromium-chip-pins-beside-notes.json'), DEFAULT_CONFIG);
    const cells = out.pages[0]!.blocks.flatMap((b) => (b.kind === 'table' ? b.rows.flat().map((c) => spansText(c.spans)) : []));
    expect(cells.filter((c) => /Revenue|^[1-8]$/.test(c))).toEqual([]);
  });
});
