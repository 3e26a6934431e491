import { describe, expect, it } from 'vitest';
import { sideBySideParts } from './side-by-side.ts';
import { tables } from './tables.ts';
import { doc, hRule, linesOf, page, run } from '../../test/support/tables/pages.ts';
import type { TextRun } from '../model.ts';

/** Two three-column tables side by side (left at x=50, right at x=320), each with a rule under its header. */
function twoTables(): { runs: TextRun[]; rules: ReturnType<typeof hRule>[] } {
  const runs: TextRun[] = [];
  const rows = [['Item', 'Men', 'Women'], ['Austria', '12.5', '-3.1'], ['Belgium', '7.0', '4.4'], ['Cyprus', '1.9', '-0.2']];
  rows.forEach((cells, i) => {
    const y = 100 + i * 14;
    cells.forEach((t, k) => runs.push(run(t, 50 + k * 70, y), run(k === 0 ? `R${t}` : `${t}1`, 320 + k * 70, y)));
  });
  return { runs, rules: [hRule(48, 250, 112), hRule(318, 520, 112)] };
}

describe('side-by-side tables', () => {
  it('cuts the lines between two tables whose header rules end apart', () => {
    const { runs, rules } = twoTables();
    const parts = sideBySideParts(linesOf(runs), rules);
    expect(parts.filter((p) => p.length > 0)).toHaveLength(2);
    expect(parts.flat().flatMap((l) => l.runs)).toHaveLength(runs.length);
    expect(parts.some((p) => p.every((l) => l.box.x1 < 300))).toBe(true);
  });

  it('keeps one table whose heads are underlined one by one', () => {
    const { runs } = twoTables();
    const perHead = [0, 1, 2, 3, 4, 5].map((k) => hRule((k < 3 ? 50 : 320) + (k % 3) * 70, (k < 3 ? 50 : 320) + (k % 3) * 70 + 40, 112));
    expect(sideBySideParts(linesOf(runs), perHead)).toHaveLength(1);
  });

  it('keeps one table when a rule runs across the cut', () => {
    const { runs, rules } = twoTables();
    expect(sideBySideParts(linesOf(runs), [...rules, hRule(48, 520, 160)])).toHaveLength(1);
  });

  it('gives the tables stage two tables that do not interleave', () => {
    const { runs, rules } = twoTables();
    const out = tables.run(doc(page(runs, rules)), {} as never);
    const found = out.pages[0]!.blocks.filter((b) => b.kind === 'table');
    expect(found).toHaveLength(2);
    const texts = found.map((t) => (t.kind === 'table' ? t.rows.map((r) => r.map((c) => c.spans.map((s) => s.text).join('')).join('|')) : []));
    expect(texts).toContainEqual(['Item|Men|Women', 'Austria|12.5|-3.1', 'Belgium|7.0|4.4', 'Cyprus|1.9|-0.2']);
  });

  it('keeps in each side the rows below a blank wider than two lines, between its table\'s top and bottom rules', () => {
    const runs: TextRun[] = [];
    const rows = [['Item', 'Men', 'Women'], ['South', '', ''], ['Austria', '12.5', '-3.1'], ['North', '', ''], ['Cyprus', '1.9', '-0.2']];
    const ys = [100, 120, 134, 168, 182];
    rows.forEach((cells, i) => cells.forEach((t, k) => {
      if (t) runs.push(run(t, 50 + k * 70, ys[i]!), run(k === 0 ? `R${t}` : `${t}1`, 320 + k * 70, ys[i]!));
    }));
    const rules = [96, 114, 196].flatMap((y) => [hRule(48, 250, y), hRule(318, 520, y)]);
    const parts = sideBySideParts(linesOf(runs), rules).filter((p) => p.length > 0);
    expect(parts.map((p) => p.length).sort()).toEqual([5, 5]);
  });
  it('keeps in the right table its row group below a wide blank, past the left table\'s bottom rule but inside its own', () => {
    const runs: TextRun[] = [];
    const left = [['Item', 'Men', 'Women'], ['Austria', '12.5', '-3.1'], ['Belgium', '7.0', '4.4'], ['Cyprus', '1.9', '-0.2']];
    left.forEach((cells, i) => cells.forEach((t, k) => runs.push(run(t, 50 + k * 70, 100 + i * 14))));
    const right: Array<[number, string[]]> = [[100, ['Sector', 'Jobs', 'Pay']], [114, ['Austria', '8.1', '2.2']], [128, ['Italy', '5.5', '-1.0']],
      [176, ['West', '', '']], [190, ['Romania', '-7.4', '3.3']], [204, ['Iceland', '-7.4', '9.1']]];
    for (const [y, cells] of right) cells.forEach((t, k) => { if (t) runs.push(run(t, 320 + k * 70, y)); });
    const rules = [hRule(48, 250, 96), hRule(48, 250, 112), hRule(48, 250, 156), hRule(318, 520, 96), hRule(318, 520, 112), hRule(318, 520, 218)];
    const parts = sideBySideParts(linesOf(runs), rules).filter((p) => p.length > 0);
    expect(parts.map((p) => p.length).sort()).toEqual([4, 6]);
  });
});

