import { describe, expect, it } from 'vitest';
import { drawingAreas, drawingLabels } from './drawing-areas.ts';
import { doc, hRule, linesOf, page, run, vRule } from '../../test/support/tables/pages.ts';
import type { Page, Rule, Stroke, TextRun } from '../model.ts';
import { tables } from './tables.ts';
import { DEFAULT_CONFIG } from '../stage.ts';

const stroke = (x0: number, y0: number, x1: number, y1: number, bends = true): Stroke => ({ box: { x0, y0, x1, y1 }, bends });
/** The text size of the pages these tests stand for (points): the em every threshold is measured in. */
const EM = 10;

/** A row of zigzag resistors at `y`, 100 points apart, each with its leads, wired together. */
function wiredRow(y: number, count = 3): { drawn: Stroke[]; rules: Rule[] } {
  const drawn: Stroke[] = [];
  const rules: Rule[] = [];
  for (let i = 0; i < count; i++) {
    const x = 100 + i * 100;
    drawn.push(stroke(x - 10, y - 5, x + 10, y + 5));
    rules.push(hRule(x - 20, x - 10, y), hRule(x + 10, x + 20, y));
    if (i + 1 < count) rules.push(hRule(x + 20, x + 80, y));
  }
  return { drawn, rules };
}

describe('drawing areas', () => {
  it('symbols wired together are one drawing', () => {
    const { drawn, rules } = wiredRow(200);
    expect(drawingAreas(drawn, rules, EM)).toEqual([{ x0: 80, y0: 195, x1: 320, y1: 205 }]);
  });

  it('a wire that stops short of a symbol still joins it', () => {
    const drawn = [stroke(90, 190, 110, 210), stroke(190, 190, 210, 210)];
    const rules = [hRule(110 + 0.6 * EM, 190 - 0.6 * EM, 200), hRule(60, 90, 200), hRule(210, 240, 200), vRule(60, 200, 240), vRule(240, 200, 240)];
    expect(drawingAreas(drawn, rules, EM)).toHaveLength(1);
  });

  it('one symbol with a wire or two is too little: a header cell’s diagonal between two rules', () => {
    const drawn = [stroke(100, 100, 160, 130, false)];
    expect(drawingAreas(drawn, [hRule(100, 400, 100), hRule(100, 400, 130)], EM)).toEqual([]);
  });

  it('a page border whose long rules meet a curved tab and a page-number disc is no drawing', () => {
    const drawn = [stroke(560, 550, 595, 800), stroke(550, 780, 575, 805)];
    const rules = [hRule(20, 560, 20), hRule(20, 560, 820), vRule(20, 20, 820), vRule(560, 20, 550), vRule(560, 800, 820)];
    expect(drawingAreas(drawn, rules, EM)).toEqual([]);
  });

  it('a crossed box is a mark, not a drawing', () => {
    const drawn = [stroke(100, 100, 108, 108, false), stroke(100, 100, 108, 108, false)];
    const rules = [hRule(100, 108, 100), hRule(100, 108, 108), vRule(100, 100, 108), vRule(108, 100, 108)];
    expect(drawingAreas(drawn, rules, EM)).toEqual([]);
  });

  it('crossed boxes down a column, one under the next, are marks: no drawing', () => {
    const drawn: Stroke[] = [];
    const rules: Rule[] = [];
    for (let r = 0; r < 6; r++) {
      const y = 100 + r * 16;
      drawn.push(stroke(420, y + 1, 428, y + 9, false), stroke(420, y + 1, 428, y + 9, false));
      rules.push(hRule(420, 428, y + 1), hRule(420, 428, y + 9), vRule(420, y + 1, y + 9), vRule(428, y + 1, y + 9));
    }
    expect(drawingAreas(drawn, rules, EM)).toEqual([]);
  });

  it('check marks down a column and sparklines in rows do not touch: no drawing', () => {
    const checks = [0, 1, 2, 3, 4].map((r) => stroke(262, 101 + r * 14, 270, 109 + r * 14));
    const sparks = [0, 1, 2, 3, 4].map((r) => stroke(180, 100 + r * 14, 250, 110 + r * 14));
    expect(drawingAreas([...checks, ...sparks], [], EM)).toEqual([]);
  });

  it('strokes that touch make a drawing without rules: a wire drawn as a polyline', () => {
    const drawn = [stroke(100, 100, 140, 120), stroke(140, 118, 180, 140), stroke(180, 139, 220, 160)];
    expect(drawingAreas(drawn, [], EM)).toHaveLength(1);
  });

  it('drawings of one figure merge; a drawing far below stays apart', () => {
    const a = wiredRow(200), b = wiredRow(260), c = wiredRow(600);
    const areas = drawingAreas([...a.drawn, ...b.drawn, ...c.drawn], [...a.rules, ...b.rules, ...c.rules], EM);
    expect(areas).toEqual([{ x0: 80, y0: 195, x1: 320, y1: 265 }, { x0: 80, y0: 595, x1: 320, y1: 605 }]);
  });

  it('the labels are the runs in and just around a drawing', () => {
    const lines = linesOf([run('R1', 90, 180), run('10k', 90, 207), run('Total', 500, 207), run('far', 90, 260)]);
    const labels = drawingLabels(lines, [{ x0: 80, y0: 195, x1: 320, y1: 205 }], EM);
    expect([...labels].map((r) => r.text).sort()).toEqual(['10k', 'R1']);
  });
});

describe('the tables stage with a schematic', () => {
  const NAMES = [['R1', 'C1', 'D1'], ['R2', 'C2', 'D2']];
  const VALUES = [['10k', '100n', '1N4148'], ['5k1', '16u', '1N4001']];
  /** Two rows of wired symbols, each symbol's name above it and its value below: the labels line up in three columns. */
  function schematic(): { runs: TextRun[]; drawn: Stroke[]; rules: Rule[] } {
    const runs: TextRun[] = [];
    const drawn: Stroke[] = [];
    const rules: Rule[] = [];
    [200, 250].forEach((y, j) => {
      const row = wiredRow(y);
      drawn.push(...row.drawn);
      rules.push(...row.rules);
      for (let i = 0; i < 3; i++) runs.push(run(NAMES[j]![i]!, 82 + i * 100, y - 17), run(VALUES[j]![i]!, 82 + i * 100, y + 7));
    });
    return { runs, drawn, rules };
  }
  const tablesOn = (p: Page) => tables.run(doc(p), DEFAULT_CONFIG).pages[0]!.blocks.filter((b) => b.kind === 'table');

  it('reads no table in the labels of symbols wired together; they stay text', () => {
    const { runs, drawn, rules } = schematic();
    const out = tables.run(doc({ ...page(runs, rules), drawn }), DEFAULT_CONFIG).pages[0]!;
    expect(out.blocks.filter((b) => b.kind === 'table')).toHaveLength(0);
    expect(out.lines.flatMap((l) => l.runs.map((r) => r.text))).toContain('1N4001');
  });

  it('keeps a table beside the schematic', () => {
    const { runs, drawn, rules } = schematic();
    const table: TextRun[] = [];
    ['Part', 'R1', 'C1', 'D1', 'R2'].forEach((name, r) => table.push(run(name, 420, 180 + r * 16), run(r ? String(r * 12) : 'Qty', 480, 180 + r * 16), run(r ? `${r * 3}.50` : 'Cost', 530, 180 + r * 16)));
    const found = tablesOn({ ...page([...runs, ...table], rules), drawn });
    expect(found).toHaveLength(1);
    const text = JSON.stringify(found[0]);
    expect(text).toContain('Qty');
    expect(text).not.toContain('1N4148');
  });

  it('keeps a table with a check mark, a crossed box and a sparkline in each row', () => {
    const runs: TextRun[] = [];
    const drawn: Stroke[] = [];
    const rules: Rule[] = [];
    ['Region', 'North', 'South', 'East', 'West', 'Centre'].forEach((name, r) => {
      const y = 100 + r * 16;
      runs.push(run(name, 60, y), run(r ? String(100 + r * 7) : 'Units', 160, y), run(r ? `${r * 4}.25` : 'Share', 220, y));
      if (!r) return;
      drawn.push(stroke(290, y + 1, 298, y + 9), stroke(330, y, 400, y + 10));
      drawn.push(stroke(420, y + 1, 428, y + 9, false), stroke(420, y + 1, 428, y + 9, false));
      rules.push(hRule(420, 428, y + 1), hRule(420, 428, y + 9), vRule(420, y + 1, y + 9), vRule(428, y + 1, y + 9));
    });
    expect(tablesOn({ ...page(runs, rules), drawn })).toHaveLength(1);
  });
});
