import { describe, expect, it } from 'vitest';
import type { Block, Doc, TextRun } from '../model.ts';
import { DEFAULT_CONFIG } from '../stage.ts';
import { tables } from './tables.ts';
import { proseColumnGutters } from './prose-columns.ts';
import { doc, linesOf, page, run, SIZE } from '../../test/support/tables/pages.ts';
import { recordedPage } from '../../test/support/tables/recorded.ts';

type Table = Extract<Block, { kind: 'table' }>;
const tablesOf = (d: Doc): Table[] => d.pages.flatMap((p) => p.blocks.filter((b): b is Table => b.kind === 'table'));

const PROSE = ['plan for the coming period', 'with lower targets for new', 'projects and a stronger on', 'focus which led to a plan'];
/** A justified line of a column: its words as runs of their own, spread with one stretched space to the column's width. */
function justified(words: readonly string[], x: number, y: number, width: number): TextRun[] {
  const letters = words.reduce((n, w) => n + w.length * 6, 0);
  const gap = (width - letters) / (words.length - 1);
  let at = x;
  return words.map((w) => {
    const r = run(w, at, y);
    at += w.length * 6 + gap;
    return r;
  });
}

/**
 * Three columns of justified prose at x 50, 220 and 390, each 155 pt wide.
 * The middle column's paragraph spacing sets its lines half a line off the
 * others' (LaTeX's multicols with \parskip), so its lines stand alone, word
 * by word where their spaces stretched; the outer columns share baselines.
 */
function threeColumns(): TextRun[] {
  const runs: TextRun[] = [];
  for (let i = 0; i < 14; i++) {
    const y = 80 + 12 * i;
    if (i !== 6) runs.push(run(PROSE[i % 4]!, 50, y), run(PROSE[(i + 1) % 4]!, 390, y));
    const words = PROSE[(i + 2) % 4]!.split(' ');
    runs.push(...(i % 3 === 1 ? justified(words.slice(0, 4), 220, y + 6, 155) : [run(PROSE[(i + 2) % 4]!, 220, y + 6)]));
  }
  return runs;
}

describe('three columns of prose', () => {
  it('finds the two gutters between the columns', () => {
    const gutters = proseColumnGutters(linesOf(threeColumns()), SIZE);
    expect(gutters).toHaveLength(2);
    expect(gutters![0]!.x0).toBeGreaterThanOrEqual(50 + 26 * 6);
    expect(gutters![0]!.x1).toBeLessThanOrEqual(220);
    expect(gutters![1]!.x0).toBeGreaterThanOrEqual(375);
    expect(gutters![1]!.x1).toBeLessThanOrEqual(390);
  });

  it('makes no table of lines of the outer columns beside the middle column\'s stretched words', () => {
    // Before, `targets for new projects and a | Faster than expected the com-` over the middle column's
    // `country  where  demand  has` was a table of two rows.
    const page = recordedPage('latex-three-prose-columns.json');
    expect(proseColumnGutters(page.pages[0]!.lines, 10)).toHaveLength(2);
    expect(tablesOf(tables.run(page, DEFAULT_CONFIG))).toEqual([]);
  });

  it('still finds a table of three columns of short cells', () => {
    const cells = ['Belgium', '-7.51', '+8.03'];
    const runs = Array.from({ length: 10 }, (_, i) => cells.map((t, k) => run(t, [50, 220, 390][k]!, 80 + 12 * i))).flat();
    expect(proseColumnGutters(linesOf(runs), SIZE)).toBeNull();
    expect(tablesOf(tables.run(doc(page(runs)), DEFAULT_CONFIG))).toHaveLength(1);
  });
});
