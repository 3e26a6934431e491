import { describe, expect, it } from 'vitest';
import type { Block, Doc, TextRun } from '../model.ts';
import { DEFAULT_CONFIG } from '../stage.ts';
import { tables } from './tables.ts';
import { doc, page, run } from '../../test/support/tables/pages.ts';

const tablesOf = (d: Doc): Block[] => d.pages.flatMap((p) => p.blocks.filter((b) => b.kind === 'table'));

/** A run of `size` points centred on x = cx (half an em a character). */
function centred(text: string, cx: number, y: number, size: number, style: Partial<TextRun> = {}): TextRun {
  const w = text.length * size * 0.5;
  return { ...run(text, cx - w / 2, y, { fontSize: size, ...style }), box: { x0: cx - w / 2, y0: y, x1: cx + w / 2, y1: y + size } };
}

/** Prose under the grid, full width, as a paper's abstract. */
const prose = Array.from({ length: 5 }, (_, i) => run('We trained every model on the same split of the data and report the mean of runs.', 60, 220 + 12 * i));

/**
 * acmart sigconf's last author row: two stacks of four lines, centred, their lines on shared baselines; the names set
 * at `head` points over affiliation, city and e-mail at 10.
 */
const AUTHORS: [number, string[]][] = [
  [200, ['John Smith', 'The Thorvald Group', 'Hekla, Iceland', 'jsmith@affiliation.org']],
  [395, ['Julius P. Kumquat', 'The Kumquat Consortium', 'New York, USA', 'jpkumquat@consortium.net']],
];

function lastAuthorRow(head: number, style: Partial<TextRun> = {}, stacks = AUTHORS): TextRun[] {
  return stacks.flatMap(([cx, lines]) => lines.map((t, k) => (k === 0 ? centred(t, cx, 100, head, style) : centred(t, cx, 102 + 12 * k, 10))));
}

describe('a row of authors whose stacks share baselines', () => {
  it('is no table when each stack is headed by a name set larger than the lines under it', () => {
    const out = tables.run(doc(page([...lastAuthorRow(12), ...prose])), DEFAULT_CONFIG);
    expect(tablesOf(out)).toEqual([]);
    expect(out.pages[0]!.lines.flatMap((l) => l.runs.map((r) => r.text))).toContain('Julius P. Kumquat');
  });

  it('is a table when its head row is only bold, at the size of its cells (a small centred table)', () => {
    expect(tablesOf(tables.run(doc(page([...lastAuthorRow(10, { bold: true }), ...prose])), DEFAULT_CONFIG))).toHaveLength(1);
  });

  it('is a table when its cells are figures under a larger header (a medical reference table)', () => {
    const figures: [number, string[]][] = [
      [200, ['H+ (nmol/L)', '37 - 43', '42 - 48', '38 - 44']],
      [395, ['PCO2 (mmHg)', '36 - 44', '42 - 50', '40 - 46']],
    ];
    expect(tablesOf(tables.run(doc(page([...lastAuthorRow(12, { bold: true }, figures), ...prose])), DEFAULT_CONFIG))).toHaveLength(1);
  });
});
