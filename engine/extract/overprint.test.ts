import { describe, expect, it } from 'vitest';
import { run } from '../../test/engine/build.ts';
import { dropOverprint } from './overprint.ts';

const texts = (runs: ReturnType<typeof dropOverprint>) => runs.map((r) => r.text);

describe('dropOverprint', () => {
  it('drops a second copy at the same spot and pieces drawn under a longer run, in either order', () => {
    const line = run('Corn / Surpass, Roundup', 100, 50);
    // Each piece sits where its characters are in the line (5 pt per character).
    const pieces = [run('C', 100, 50), run('/ S', 125, 50), run('R', 180, 50)];
    expect(texts(dropOverprint([...pieces, line, run('Corn / Surpass, Roundup', 100.3, 50)]))).toEqual(['Corn / Surpass, Roundup']);
  });

  it('keeps the fuller of two copies when one pass left glyphs out', () => {
    expect(texts(dropOverprint([run('7 6', 100, 50), run('120 0', 200, 50), run('7.6', 100, 50), run('120.0', 200, 50)]))).toEqual(['7.6', '120.0']);
    const partial = { ...run('H ft', 300, 50), box: run('Hefty', 300, 50).box };
    expect(texts(dropOverprint([partial, run('Hefty', 300, 50)]))).toEqual(['Hefty']);
  });

  it('keeps repeated words at other places, on other lines or in other sizes', () => {
    const runs = [run('no', 100, 50), run('no', 115, 50), run('no', 100, 62), run('no', 100, 50, { fontSize: 14 })];
    expect(dropOverprint(runs)).toHaveLength(4);
    // "R" occurs in the line, but not where this one is drawn.
    expect(texts(dropOverprint([run('Corn / Surpass, Roundup', 100, 50), run('R', 110, 50)]))).toHaveLength(2);
  });

  it('finds the copies among many runs of a line as comparing every pair does, runs with NaN edges included', () => {
    // A long line of words, some drawn twice a little to the side, pieces drawn under it, and a run with no box.
    const words = Array.from({ length: 60 }, (_, k) => run(`w${k % 7}`, 100 + 20 * k, 50));
    const copies = words.filter((_, k) => k % 5 === 0).map((w) => ({ ...w, box: { ...w.box, x0: w.box.x0 + 0.3, x1: w.box.x1 + 0.3 } }));
    const wide = run('w1 w2 w3 w4 w5 w6', 300, 50);
    const lost = { ...run('w3', 0, 50), box: { x0: NaN, y0: 50, x1: NaN, y1: 60 } };
    const runs = [...words.slice(0, 30), wide, ...copies, lost, ...words.slice(30)];
    const kept = dropOverprint(runs);
    expect(kept.length).toBeLessThan(runs.length);
    expect(kept).not.toContain(copies[0]);
    expect(kept).toContain(lost);
    expect(kept).toContain(wide);
  });
});
