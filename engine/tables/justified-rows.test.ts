import { describe, expect, it } from 'vitest';
import type { TextRun } from '../model.ts';
import { isJustifiedLines } from './justified-rows.ts';
import type { Detected } from './table-parts.ts';
import { run } from '../../test/support/tables/pages.ts';

/** Words laid out from x = 51 with one gap width, as justifying spreads a line (6 pt a character). */
function justified(words: string[], y: number, gap: number): TextRun[] {
  let x = 51;
  return words.map((w) => {
    const r = run(w, x, y);
    x = r.box.x1 + gap;
    return r;
  });
}

const detected = (runs: TextRun[]): Detected => ({ block: { kind: 'table', rows: [], prov: { page: 1, box: { x0: 0, y0: 0, x1: 1, y1: 1 } } }, runs: new Set(runs) });

describe('justified lines whose word gaps line up', () => {
  it('are prose: every gap of each line one width', () => {
    const runs = [...justified(['revenue', 'fell.', 'Has', 'grown', 'faster', 'than'], 400, 11.7), ...justified(['expected', 'the', 'committee', 'reviewed', 'the'], 414, 10.8)];
    expect(isJustifiedLines(detected(runs))).toBe(true);
  });

  it('a table is not: its cells leave gaps of differing widths', () => {
    const rows = [['Belgium', '-67.8', '25.6', '12'], ['Finland', '-0.55', '-944', '7.25']];
    const runs = rows.flatMap((r, i) => r.map((t, k) => run(t, [50, 150, 230, 300][k]!, 100 + 12 * i)));
    expect(isJustifiedLines(detected(runs))).toBe(false);
  });

  it('nor are lines of too few words to tell (two gaps alike happen by chance)', () => {
    const runs = [...justified(['one', 'two', 'three'], 400, 11), ...justified(['four', 'five', 'six'], 414, 11)];
    expect(isJustifiedLines(detected(runs))).toBe(false);
  });
});
