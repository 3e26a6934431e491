import { describe, expect, it } from 'vitest';
import { joinCutMarks } from './cut-marks.ts';
import { sideBySideParts } from './side-by-side.ts';
import { baselineParts } from './baseline-split.ts';
import { hRule, linesOf, run } from '../../test/support/tables/pages.ts';
import type { Line, TextRun } from '../model.ts';

/** A dagger set small and raised after a figure whose row starts at `y` (the lines stage may set it on the line above). */
const dagger = (x: number, y: number): TextRun => ({ ...run('†', x, y - 3), box: { x0: x, y0: y - 3, x1: x + 4, y1: y + 4 }, fontSize: 7 });

describe('marks cut off from their row', () => {
  it('join the piece of line they overlap once the lines are cut between two tables', () => {
    const runs: TextRun[] = [];
    const left = [['Item', 'Men', 'Women'], ['Austria', '12.5', '-3.1'], ['Belgium', '7.0', '4.4'], ['Cyprus', '1.9', '-0.2']];
    const right = [['Sector', 'Jobs', 'Pay'], ['Croatia', '8.1', '2.2'], ['Latvia', '-6.38', '0.22'], ['Malta', '5.5', '-1.0']];
    left.forEach((cells, i) => cells.forEach((t, k) => runs.push(run(t, 50 + k * 70, 100 + i * 14))));
    // The right table's rows sit 3 pt lower than the left's: its dagger overlaps the left's row above more than its own.
    right.forEach((cells, i) => cells.forEach((t, k) => runs.push(run(t, 320 + k * 70, 103 + i * 14))));
    const lines: Line[] = linesOf(runs).map((l) => (l.runs[0]!.text === 'Belgium' ? { runs: [...l.runs, dagger(425, 131)], box: { ...l.box, x1: 429 } } : l));
    const parts = sideBySideParts(lines, [hRule(48, 250, 112), hRule(318, 520, 115)]).filter((p) => p.length > 0);
    const mine = parts.find((p) => p.some((l) => l.runs.some((r) => r.text === 'Latvia')))!;
    expect(mine.map((l) => l.runs.map((r) => r.text).join(' '))).toContain('Latvia -6.38 † 0.22');
    expect(mine).toHaveLength(4);
  });

  it('join their row on its side when unruled tables are cut where their baselines disagree', () => {
    const runs: TextRun[] = [];
    const left = [['Item', 'Men', 'Women'], ['Austria', '12.5', '-3.1'], ['Belgium', '7.0', '4.4'], ['Cyprus', '1.9', '-0.2'], ['Denmark', '3.3', '1.1']];
    const right = [['Sector', 'Jobs', 'Pay'], ['Croatia', '8.1', '2.2'], ['Latvia', '-6.38', '0.22'], ['Malta', '5.5', '-1.0'], ['Poland', '4.4', '9.9']];
    left.forEach((cells, i) => cells.forEach((t, k) => runs.push(run(t, 50 + k * 70, 100 + i * 14))));
    right.forEach((cells, i) => cells.forEach((t, k) => runs.push(run(t, 320 + k * 70, 107 + i * 14))));
    const lines: Line[] = linesOf(runs).map((l) => (l.runs[0]!.text === 'Belgium' ? { runs: [...l.runs, dagger(425, 135)], box: { ...l.box, x1: 429 } } : l));
    const mine = baselineParts(lines).find((p) => p.some((l) => l.runs.some((r) => r.text === 'Latvia')))!;
    expect(mine.map((l) => l.runs.map((r) => r.text).join(' '))).toContain('Latvia -6.38 † 0.22');
    expect(mine).toHaveLength(5);
  });

  it('leave a line of marks alone that overlaps no line of its side', () => {
    const lines = linesOf([run('Austria', 50, 100), run('12.5', 120, 100), run('Belgium', 50, 140), run('7.0', 120, 140)]);
    const lone: Line = { runs: [dagger(150, 122)], box: { x0: 150, y0: 119, x1: 154, y1: 126 } };
    expect(joinCutMarks([lines[0]!, lone, lines[1]!])).toHaveLength(3);
  });
});
