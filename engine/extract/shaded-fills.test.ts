import { describe, expect, it } from 'vitest';
import { shadedRects } from './shaded-fills.ts';
import type { Subpath } from '../tables/path-rules.ts';

const style = { ctm: [1, 0, 0, 1, 0, 0], lineWidth: 1, fillWhite: false, strokeWhite: false };
/** A closed axis-aligned rectangle as the path reader gives it. */
const rect = (x0: number, y0: number, x1: number, y1: number): Subpath =>
  ({ pts: [{ x: x0, y: y0 }, { x: x1, y: y0 }, { x: x1, y: y1 }, { x: x0, y: y1 }, { x: x0, y: y0 }], curved: false });

describe('shaded rectangles', () => {
  it('keeps a filled rectangle thicker than a rule, cut to the clip', () => {
    expect(shadedRects('fill', [rect(50, 100, 240, 114)], style, null)).toEqual([{ x0: 50, y0: 100, x1: 240, y1: 114 }]);
    expect(shadedRects('fill', [rect(50, 100, 240, 114)], style, { x0: 0, y0: 0, x1: 200, y1: 842 })).toEqual([{ x0: 50, y0: 100, x1: 200, y1: 114 }]);
  });

  it('leaves out rules, strokes, white fills, curves and slanted shapes', () => {
    expect(shadedRects('fill', [rect(50, 100, 240, 102)], style, null)).toEqual([]);
    expect(shadedRects('stroke', [rect(50, 100, 240, 114)], style, null)).toEqual([]);
    expect(shadedRects('fill', [rect(50, 100, 240, 114)], { ...style, fillWhite: true }, null)).toEqual([]);
    expect(shadedRects('fill', [{ ...rect(50, 100, 240, 114), curved: true }], style, null)).toEqual([]);
    const slanted: Subpath = { pts: [{ x: 50, y: 100 }, { x: 240, y: 110 }, { x: 230, y: 130 }, { x: 40, y: 120 }], curved: false };
    expect(shadedRects('fill', [slanted], style, null)).toEqual([]);
  });
});
