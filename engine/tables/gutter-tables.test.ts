import { describe, expect, it } from 'vitest';
import type { Block, Cell, Doc, TextRun } from '../model.ts';
import { DEFAULT_CONFIG } from '../stage.ts';
import { spansText } from './cell-text.ts';
import { findLayoutGutter } from './layout-gutter.ts';
import { tables } from './tables.ts';
import { doc, page, run } from '../../test/support/tables/pages.ts';

type Table = Extract<Block, { kind: 'table' }>;
const tablesOf = (d: Doc): Table[] => d.pages.flatMap((p) => p.blocks.filter((b): b is Table => b.kind === 'table'));
const texts = (t: Table): string[][] => t.rows.map((r) => r.map((c: Cell) => spansText(c.spans)));

/** A justified prose line: words as separate runs spread evenly from x0 to x1 (word gaps about 0.8em). */
function justified(words: string[], x0: number, x1: number, y: number): TextRun[] {
  const inked = words.reduce((n, w) => n + w.length * 6, 0);
  const gap = (x1 - x0 - inked) / (words.length - 1);
  let x = x0;
  return words.map((w) => {
    const r = run(w, x, y);
    x += w.length * 6 + gap;
    return r;
  });
}

/** A two-column page of prose: each column's lines are one run, 12pt apart. */
function twoColumnProse(rows: number): TextRun[] {
  const left = 'Lorem ipsum dolor sit amet consectetur a';
  const right = 'Sed ut perspiciatis unde omnis iste nat';
  return Array.from({ length: rows }, (_, i) => [run(left, 40, 80 + i * 12), run(right, 307, 80 + i * 12)]).flat();
}

describe('tables stage on two-column pages', () => {
  it('does not pair a justified line of one column with a justified line of the other', () => {
    const runs = [
      ...twoColumnProse(20),
      // Right column: one stretched line; left column: another, one line lower.
      run('Lorem ipsum dolor sit amet consectetur a', 40, 332),
      ...justified(['because', 'we', 'only', 'attached', 'to', 'the', 'STDERR'], 307, 555, 332),
      ...justified(['communicate', 'with', 'each', 'other', 'using', 'its', 'IP'], 40, 288, 344),
      run('Sed ut perspiciatis unde omnis iste nat', 307, 344),
      ...twoColumnProse(10).map((r) => ({ ...r, box: { ...r.box, y0: r.box.y0 + 276, y1: r.box.y1 + 276 } })),
    ];
    expect(tablesOf(tables.run(doc(page(runs)), DEFAULT_CONFIG))).toEqual([]);
  });

  it('still finds a table inside one column of a two-column page', () => {
    const table = [
      run('Name', 40, 332, { bold: true }), run('Purpose', 150, 332, { bold: true }),
      run('DEBUG', 40, 346), run('Enables debugging', 150, 346),
      run('COLORS', 40, 360), run('Use colours', 150, 360),
    ];
    const right = [
      ...justified(['Sed', 'ut', 'perspiciatis', 'unde', 'omnis', 'iste'], 307, 555, 332),
      ...justified(['natus', 'error', 'sit', 'voluptatem', 'accusantium'], 307, 555, 346),
      ...justified(['doloremque', 'laudantium', 'totam', 'rem', 'aperiam'], 307, 555, 360),
    ];
    const runs = [...twoColumnProse(20), ...table, ...right];
    const [t, ...rest] = tablesOf(tables.run(doc(page(runs)), DEFAULT_CONFIG));
    expect(rest).toEqual([]);
    expect(texts(t!)).toEqual([['Name', 'Purpose'], ['DEBUG', 'Enables debugging'], ['COLORS', 'Use colours']]);
  });

  it('joins the halves of a table that spans both columns with a cell gap at the gutter', () => {
    const shift = (rs: TextRun[], dy: number) => rs.map((r) => ({ ...r, box: { ...r.box, y0: r.box.y0 + dy, y1: r.box.y1 + dy } }));
    const rows = [['Level', 'Name', 'Colour', 'Meaning'], ['1', 'low', 'green', 'fine'], ['2', 'mid', 'amber', 'watch'], ['3', 'high', 'red', 'act now']];
    const table = rows.flatMap((row, i) => row.map((t, k) => run(t, [40, 150, 320, 430][k]!, 330 + i * 14, { bold: i === 0 })));
    const runs = [...twoColumnProse(20), ...table, ...shift(twoColumnProse(20), 320)];
    const [t, ...rest] = tablesOf(tables.run(doc(page(runs)), DEFAULT_CONFIG));
    expect(rest).toEqual([]);
    expect(texts(t!)).toEqual(rows);
    expect(t!.rows[0]!.every((c) => c.header)).toBe(true);
  });

  it('sees no layout gutter in a one-column page whose table has a cell gap near the middle', () => {
    const prose = [0, 1, 2].map((i) => run('The project has several strategic initiatives underway and a review of them is', 70, 100 + i * 14));
    const table = Array.from({ length: 30 }, (_, i) => [
      run(`Initiative ${i}`, 70, 160 + i * 14), run('Some champion name', 170, 160 + i * 14), run(`https://example.org/issues/${1000 + i}`, 292, 160 + i * 14),
    ]).flat();
    const p = page([...prose, ...table]);
    expect(findLayoutGutter(p.lines, p.width)).toBeNull();
    const [t] = tablesOf(tables.run(doc(p), DEFAULT_CONFIG));
    expect(t!.rows.every((r) => r.length === 3)).toBe(true);
  });
});
