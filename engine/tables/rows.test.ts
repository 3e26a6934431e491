/**
 * ruleBetween: a rule between two lines of a region separates rows when it
 * covers most of the table's width, whole or in pieces on one level (a
 * border drawn cell by cell), never as pieces at different heights or
 * with gaps between them. A value with its uncertainty (`641 ± 4`) is a
 * number, so a line of them under the row's values starts a row.
 */
import { describe, expect, it } from 'vitest';
import type { Rule } from '../model.ts';
import type { Column, RegionLine } from './columns.ts';
import { groupRows, NUMBER, ruleBetween } from './rows.ts';
import { run } from '../../test/support/tables/pages.ts';

const line = (y0: number) => ({ chunks: [], y0, y1: y0 + 10 });
const h = (x0: number, x1: number, y: number): Rule => ({ orientation: 'h', box: { x0, x1, y0: y - 0.25, y1: y + 0.25 } });
const [above, below] = [line(100), line(115)];

describe('ruleBetween', () => {
  it('counts one rule across most of the width', () => {
    expect(ruleBetween([h(60, 400, 112)], above, below, 50, 420)).toBe(true);
    expect(ruleBetween([h(60, 200, 112)], above, below, 50, 420)).toBe(false);
  });

  it('counts a border drawn cell by cell, one piece per cell, as one rule', () => {
    const pieces = [h(150, 210, 112), h(210, 270, 112.4), h(270, 330, 112), h(330, 420, 112)];
    expect(ruleBetween(pieces, above, below, 50, 420)).toBe(true);
  });

  it('does not add up pieces at different heights, nor pieces outside the two lines', () => {
    expect(ruleBetween([h(50, 180, 108), h(180, 300, 112), h(300, 420, 116)], above, below, 50, 420)).toBe(false);
    expect(ruleBetween([h(50, 220, 112), h(220, 420, 125)], above, below, 50, 420)).toBe(false);
  });

  it('keeps rules apart that leave a gap between them: two tables side by side, each with its header rule', () => {
    expect(ruleBetween([h(50, 230, 112), h(260, 420, 112)], above, below, 50, 420)).toBe(false);
  });
});

/** A region line whose top is `y`, one chunk per [text, x]. */
function textLine(y: number, ...cells: [string, number][]): RegionLine {
  const chunks = cells.map(([t, x]) => ({ runs: [run(t, x, y)], box: run(t, x, y).box }));
  return { chunks, y0: y, y1: y + 10 };
}

describe('values with their uncertainty', () => {
  it('are numbers: `641±4` (a flux and its error) as `641`', () => {
    expect(['641±4', '1974±22', '0.5±0.01%'].every((t) => NUMBER.test(t))).toBe(true);
    expect(['±4', '641±', 'a±b'].some((t) => NUMBER.test(t))).toBe(false);
  });

  it('start a row under values of the same columns beside a group label centred on a middle line (multirow)', () => {
    const cols: Column[] = [{ x0: 36, x1: 78 }, { x0: 80, x1: 104 }, { x0: 120, x1: 174 }, { x0: 180, x1: 222 },
      { x0: 240, x1: 282 }];
    const group = (y: number, label: string, mid: string[]): RegionLine[] => [
      textLine(y, ['BELs', 80], [mid[0]!, 120], ['9117±38', 180], ['1033±33', 240]),
      textLine(y + 12, [label, 36], ['IELs', 80], [mid[1]!, 120], ['1974±22', 180], ['2495±30', 240]),
      textLine(y + 24, ['NELs', 80], [mid[2]!, 120], ['641±4', 180], ['449±23', 240]),
    ];
    const lines = [...group(100, 'Model 1', ['-97.13', '-4049.123', '· · ·']),
      ...group(136, 'Model 2', ['-85', '-51000', '52'])];
    const rows = groupRows(lines, cols, []);
    expect(rows.map((r) => r.length)).toEqual([1, 1, 1, 1, 1, 1]);
  });
});
