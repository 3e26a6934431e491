import { describe, expect, it } from 'vitest';
import { cellSpans, spansText } from './cell-text.ts';
import { run } from '../../test/support/tables/pages.ts';

describe('the text of a right-to-left cell', () => {
  it('puts the pieces of a line in right-to-left order', () => {
    // A number and its flag set apart (a wide gap), each already read right to left by the lines stage.
    const runs = [run('(p)', 200, 100, { dir: 'rtl' }), run('-83,116', 240, 100, { dir: 'rtl' })];
    expect(spansText(cellSpans(runs))).toBe('-83,116 (p)');
  });

  it('reads a wrapped line with no right-to-left letter as part of the right-to-left paragraph', () => {
    // `תל אביב (Tel Aviv)` wrapped: the second line is drawn `(Aviv` (its bracket mirrored), flush right.
    const runs = [run('תל אביב (Tel', 400, 100, { dir: 'rtl' }), run('(', 442, 112), run('Aviv', 448, 112)];
    expect(spansText(cellSpans(runs))).toBe('תל אביב (Tel Aviv)');
  });

  it('leaves a left-to-right cell as it was', () => {
    const runs = [run('(p)', 260, 100), run('-83,116', 200, 100), run('Tel', 200, 112)];
    expect(spansText(cellSpans(runs))).toBe('-83,116 (p) Tel');
  });
});

describe('brackets of a right-to-left cell wrapped over two lines', () => {
  it('are put right when they come out inverted across the lines (LibreOffice names the character typed)', () => {
    // `ירושלים (Jerusalem)`: Writer's first line reads `ירושלים )`, its second is drawn `)Jerusalem`.
    const runs = [run('ירושלים )', 400, 100, { dir: 'rtl' }), run(')', 442, 112), run('Jerusalem', 448, 112)];
    expect(spansText(cellSpans(runs))).toBe('ירושלים (Jerusalem)');
  });
});
