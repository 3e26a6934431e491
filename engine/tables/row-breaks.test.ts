/**
 * Rows of a padded table's short pitch (pairsBesideStub): lines that pair up baseline by baseline across two
 * columns or more under a stub that did not wrap are rows of their own (a nomenclature set one line apart, its
 * groups a blank apart, so the pitches look padded); a cell wrapping beside one-line neighbours, cells wrapping
 * together with the stub, cells that run on in lower case and centred stacks stay one row.
 */
import { describe, expect, it } from 'vitest';
import type { Column, RegionLine } from './columns.ts';
import { groupRows } from './rows.ts';
import { pairsBesideStub } from './row-breaks.ts';
import { run } from '../../test/support/tables/pages.ts';

/** A line whose top is `y`, one chunk per [text, x] (6 pt per character, as `run` sets them). */
function line(y: number, ...cells: [string, number][]): RegionLine {
  const chunks = cells.map(([t, x]) => {
    const r = run(t, x, y);
    return { runs: [r], box: r.box };
  });
  return { chunks, y0: y, y1: y + 10 };
}

const cols: Column[] = [{ x0: 36, x1: 48 }, { x0: 66, x1: 270 }];
const texts = (rows: RegionLine[][]): string[] =>
  rows.map((r) => r.map((l) => l.chunks.map((c) => c.runs[0]!.text).join(' ')).join(' / '));

describe('lines paired across columns at a padded table short pitch', () => {
  it('are rows of their own under a stub of symbols that did not wrap (a nomenclature)', () => {
    const lines = [line(100, ['k', 36], ['Thermal conductivity', 66]), line(112, ['q', 36], ['Heat flux vector', 66]),
      line(128, ['a', 36], ['Thermal diffusivity', 66]), line(140, ['v', 36], ['Kinematic viscosity', 66]),
      line(152, ['Pr', 36], ['Prandtl number', 66])];
    expect(texts(groupRows(lines, cols, []))).toEqual(['k Thermal conductivity', 'q Heat flux vector',
      'a Thermal diffusivity', 'v Kinematic viscosity', 'Pr Prandtl number']);
  });

  it('are rows past the middle of the gutter only where another cell plainly did not wrap either', () => {
    // `Dxy` after `m` would end at 62.5, past the gutter's middle (57) but before the next column (66).
    const dx = line(112, ['Dxy', 36], ['Displacement', 66]);
    expect(pairsBesideStub(line(100, ['m', 36], ['Mass, kg', 66]), dx, cols)).toBe(true);
    // Beside a line that ran to its column's end, `Dxy` may be the stub's wrapped word.
    expect(pairsBesideStub(line(100, ['m', 36], ['Mass of the body in kilograms as it was', 66]), dx, cols)).toBe(false);
  });

  it('stay one row where a cell wraps beside a one-line neighbour, or the stub itself wraps', () => {
    const wide: Column[] = [{ x0: 36, x1: 120 }, { x0: 140, x1: 330 }];
    const lines = [line(100, ['Total wages paid', 36], ['Paid by the', 140]), line(112, ['Sector', 36], ['Employer', 140]),
      line(128, ['Net rate', 36], ['Fixed', 140]), line(140, ['All', 140]), line(156, ['Share', 36], ['Mean', 140])];
    // `Sector` would not have fitted after `Total wages paid` before the next column: the stub wrapped.
    expect(pairsBesideStub(lines[0]!, lines[1]!, wide)).toBe(false);
    // `All` pairs with nothing in the stub: a cell wrapping beside a one-line label.
    expect(pairsBesideStub(lines[2]!, lines[3]!, wide)).toBe(false);
    expect(texts(groupRows(lines, wide, []))).toEqual(['Total wages paid Paid by the / Sector Employer',
      'Net rate Fixed / All', 'Share Mean']);
  });

  it('stay one row where the cells beside the stub run on in lower case', () => {
    const a = line(100, ['a', 36], ['Heat flux through the', 66]);
    expect(pairsBesideStub(a, line(112, ['b', 36], ['surface of the wall', 66]), cols)).toBe(false);
    expect(pairsBesideStub(a, line(112, ['b', 36], ['Surface of the wall', 66]), cols)).toBe(true);
  });

  it('stay one row where the lines are centred stacks, not flush columns (an author grid)', () => {
    const wide: Column[] = [{ x0: 36, x1: 150 }, { x0: 170, x1: 330 }];
    const a = line(100, ['Ben Trovato', 60], ['Lars Thorvald', 200]);
    expect(pairsBesideStub(a, line(112, ['Tobin', 78], ['Hekla, Iceland', 197]), wide)).toBe(false);
    expect(pairsBesideStub(a, line(112, ['Tobin', 60], ['Hekla, Iceland', 200]), wide)).toBe(true);
  });
});
