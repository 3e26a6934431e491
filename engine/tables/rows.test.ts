/**
 * ruleBetween: a rule between two lines of a region separates rows when it
 * covers most of the table's width, whole or in pieces on one level (a
 * border drawn cell by cell), never as pieces at different heights or
 * with gaps between them.
 */
import { describe, expect, it } from 'vitest';
import type { Rule } from '../model.ts';
import { ruleBetween } from './rows.ts';

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
