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
});
