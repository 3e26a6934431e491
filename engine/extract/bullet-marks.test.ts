import { describe, expect, it } from 'vitest';
import { run } from '../../test/engine/build.ts';
import { DRAW, deviceSubpaths, type PathPaint, type PathStyle } from '../tables/path-rules.ts';
import { pathMarks as marksOfSubpaths, withBullets, type Mark } from './bullet-marks.ts';

const style = { ctm: [1, 0, 0, 1, 0, 0], lineWidth: 1, fillWhite: false, strokeWhite: false };

/** A circle of radius r around (cx, cy) drawn with four curves, as browsers draw list discs. */
function circle(cx: number, cy: number, r: number): number[] {
  const pts = [[cx + r, cy], [cx, cy + r], [cx - r, cy], [cx, cy - r], [cx + r, cy]];
  const data = [DRAW.move, cx + r, cy];
  for (const [x, y] of pts.slice(1)) data.push(DRAW.curve, 0, 0, 0, 0, x!, y!);
  return [...data, DRAW.close];
}

/** The marks of path data, split as the direct reader splits it. */
const pathMarks = (paint: PathPaint, data: number[], st: PathStyle) => marksOfSubpaths(paint, deviceSubpaths(data, st.ctm), st);

const square = (x: number, y: number, s: number) => [DRAW.move, x, y, DRAW.line, x + s, y, DRAW.line, x + s, y + s, DRAW.line, x, y + s, DRAW.close];

describe('pathMarks', () => {
  it('a small filled circle is a disc, a stroked one a circle, a small square a square', () => {
    expect(pathMarks('fill', circle(50, 100, 2), style).map((m) => m.shape)).toEqual(['disc']);
    expect(pathMarks('stroke', circle(50, 100, 2), style).map((m) => m.shape)).toEqual(['circle']);
    expect(pathMarks('fill', square(48, 98, 4), style)).toEqual([{ box: { x0: 48, y0: 98, x1: 52, y1: 102 }, shape: 'square' }]);
  });

  it('ignores big, elongated, open, white and unpainted shapes', () => {
    expect(pathMarks('fill', circle(50, 100, 20), style)).toEqual([]);
    expect(pathMarks('fill', [DRAW.move, 0, 0, DRAW.line, 8, 0, DRAW.line, 8, 2, DRAW.line, 0, 2, DRAW.close], style)).toEqual([]);
    expect(pathMarks('stroke', [DRAW.move, 0, 0, DRAW.line, 4, 0, DRAW.line, 4, 4], style)).toEqual([]);
    expect(pathMarks('fill', circle(50, 100, 2), { ...style, fillWhite: true })).toEqual([]);
    expect(pathMarks('none', circle(50, 100, 2), style)).toEqual([]);
  });
});

describe('withBullets', () => {
  const disc = (x: number, y: number): Mark => ({ box: { x0: x, y0: y, x1: x + 4, y1: y + 4 }, shape: 'disc' });

  it('puts a bullet run before the text a mark introduces, on its line and in its font', () => {
    const item = run('first item', 60, 100, { fontSize: 10, href: 'https://example.org/' });
    const out = withBullets([disc(50, 103)], [item]);
    expect(out.map((r) => r.text)).toEqual(['•', 'first item']);
    expect(out[0]).toMatchObject({ box: { x0: 50, y0: 100, x1: 54, y1: 110 }, fontSize: 10, fontName: item.fontName });
    expect(out[0]!.href).toBeUndefined();
  });

  it('leaves marks alone that text covers, that sit mid-line, or that are far from any text', () => {
    const line = [run('before', 10, 100), run('after', 60, 100)];
    expect(withBullets([disc(50, 103)], line).map((r) => r.text)).toEqual(['before', 'after']);
    expect(withBullets([disc(12, 103)], [run('covering', 10, 100)]).map((r) => r.text)).toEqual(['covering']);
    expect(withBullets([disc(10, 103)], [run('far away', 200, 100)]).map((r) => r.text)).toEqual(['far away']);
    expect(withBullets([disc(50, 150)], [run('other line', 60, 100)]).map((r) => r.text)).toEqual(['other line']);
  });
});
