import { describe, expect, it } from 'vitest';
import { drawnStrokes } from './drawn-strokes.ts';
import type { PathStyle, Subpath } from '../tables/path-rules.ts';

const st: PathStyle = { ctm: [1, 0, 0, 1, 0, 0], lineWidth: 1, fillWhite: false, strokeWhite: false };
const sub = (pts: [number, number][], curved = false): Subpath => ({ pts: pts.map(([x, y]) => ({ x, y })), curved });

describe('drawn strokes', () => {
  it('keeps curves and slanted segments, not axis-aligned rules or boxes', () => {
    const out = drawnStrokes('stroke', [sub([[0, 0], [50, 0]]), sub([[0, 0], [0, 0], [10, 0], [10, 10], [0, 10]]), sub([[0, 0], [20, 30]]), sub([[5, 5], [12, 12]], true)], st);
    expect(out).toEqual([{ box: { x0: 0, y0: 0, x1: 20, y1: 30 }, bends: false }, { box: { x0: 5, y0: 5, x1: 12, y1: 12 }, bends: true }]);
  });

  it('a zigzag is one stroke that bends', () => {
    expect(drawnStrokes('stroke', [sub([[0, 0], [4, 5], [8, -5], [12, 0]])], st)).toEqual([{ box: { x0: 0, y0: -5, x1: 12, y1: 5 }, bends: true }]);
  });

  it('white paint and clipping paths draw nothing', () => {
    expect(drawnStrokes('stroke', [sub([[0, 0], [20, 30]])], { ...st, strokeWhite: true })).toEqual([]);
    expect(drawnStrokes('none', [sub([[0, 0], [20, 30]])], st)).toEqual([]);
  });
});

describe('drawn strokes, thin shapes', () => {
  it('a 3D border side with mitred ends is a rule, not a stroke', () => {
    const side = sub([[0, 0], [100, 0], [99, 1], [1, 1]]);
    expect(drawnStrokes('fill', [side], st)).toEqual([]);
  });
});
