import { describe, expect, it } from 'vitest';
import type { TextRun } from '../model.ts';
import { pageMayHaveRuledTable } from './table-gate.ts';
import { run } from '../../test/support/tables/pages.ts';

const WIDTH = 595;
const LEADING = 14;

/** Running header (print date, title) and footer (URL, page count), as a browser prints them. */
const furniture = [
  run('11/22/26, 4:18 AM', 24, 20), run('Some document title', 260, 20),
  run('https://example.org/docs/page.html', 24, 810), run('3/12', 545, 810),
];

/** `n` lines of ragged prose in a column from x0 to x1, one run per line, from `top` down. */
function prose(x0: number, x1: number, top: number, n: number): TextRun[] {
  const chars = Math.floor((x1 - x0) / 6);
  return Array.from({ length: n }, (_, i) => run('x'.repeat(i % 5 === 4 ? Math.floor(chars / 2) : chars), x0, top + i * LEADING));
}

/** Table rows: each row's cells start at the column x positions. */
function table(xs: readonly number[], rows: readonly (readonly string[])[], top: number, style: Partial<TextRun> = {}): TextRun[] {
  return rows.flatMap((cells, i) => cells.map((c, k) => run(c, xs[k]!, top + i * LEADING, style)));
}

const ROWS = [['Name', 'Type', 'Default'], ['width', 'number', '100'], ['label', 'string', 'none'], ['visible', 'boolean', 'true']];

describe('pageMayHaveRuledTable', () => {
  it('passes a table on a one-column page', () => {
    const runs = [...furniture, ...prose(50, 545, 60, 10), ...table([50, 200, 350], ROWS, 220), ...prose(50, 545, 300, 10)];
    expect(pageMayHaveRuledTable(runs, WIDTH)).toBe(true);
  });

  it('passes a table inside one column of a two-column page', () => {
    const runs = [
      ...furniture, ...prose(50, 290, 60, 40),
      ...prose(310, 545, 60, 12), ...table([310, 390, 470], ROWS, 60 + 12 * LEADING), ...prose(310, 545, 60 + 17 * LEADING, 23),
    ];
    expect(pageMayHaveRuledTable(runs, WIDTH)).toBe(true);
  });

  it('passes a two-row table and a table of code under a body-text header', () => {
    const two = table([50, 250], [['Name', 'Type'], ['width', 'number']], 200);
    expect(pageMayHaveRuledTable([...furniture, ...prose(50, 545, 60, 5), ...two], WIDTH)).toBe(true);
    const code = [...table([50, 250], [['Command', 'Effect']], 200), ...table([50, 250], [['ls -l', 'list'], ['rm -r', 'remove']], 214, { monospace: true })];
    expect(pageMayHaveRuledTable([...furniture, ...prose(50, 545, 60, 5), ...code], WIDTH)).toBe(true);
  });

  it('does not pass two-column prose with a running header and footer', () => {
    const runs = [...furniture, ...prose(50, 290, 60, 50), ...prose(310, 545, 60, 50)];
    expect(pageMayHaveRuledTable(runs, WIDTH)).toBe(false);
  });

  it('does not pass a page whose only gaps are in its header and footer lines', () => {
    expect(pageMayHaveRuledTable([...furniture, ...prose(50, 545, 60, 40)], WIDTH)).toBe(false);
  });

  it('does not pass bulleted or numbered lists, even with a wide gap after the marker', () => {
    const items = (marker: (i: number) => string) =>
      Array.from({ length: 6 }, (_, i) => [run(marker(i), 50, 100 + i * LEADING), run('an item of the list', 74, 100 + i * LEADING)]).flat();
    expect(pageMayHaveRuledTable([...furniture, ...prose(50, 545, 60, 2), ...items(() => '•')], WIDTH)).toBe(false);
    expect(pageMayHaveRuledTable([...furniture, ...prose(50, 545, 60, 2), ...items((i) => `${i + 1}.`)], WIDTH)).toBe(false);
  });

  it('does not pass justified lines, whose word spaces are wide but equal', () => {
    const line = (y: number, space: number) => {
      let x = 50;
      return ['Every', 'word', 'of', 'this', 'line', 'stands'].map((w) => {
        const r = run(w, x, y);
        x = r.box.x1 + space;
        return r;
      });
    };
    expect(pageMayHaveRuledTable([...furniture, ...line(100, 12), ...line(114, 10), ...line(128, 14)], WIDTH)).toBe(false);
  });

  it('does not pass a code block whose columns are aligned with spaces', () => {
    const code = table([50, 150, 250], [['const a', '= 1;', '// one'], ['const bb', '= 2;', '// two'], ['let c', '= 3;', '// three']], 100, { monospace: true });
    expect(pageMayHaveRuledTable([...furniture, ...code], WIDTH)).toBe(false);
  });

  it('does not count the holes left by inline code set on its own baseline', () => {
    // Inline code in a smaller font sits on its own band; its runs fill the prose's holes and vice versa.
    const line = (y: number) => [
      run('Use', 50, y), run('or', 146, y), run('to start it.', 224, y),
      run('--verbose', 80, y + 4.5, { fontSize: 8 }), run('--quiet', 170, y + 4.5, { fontSize: 8 }),
    ];
    expect(pageMayHaveRuledTable([...furniture, ...line(100), ...line(114)], WIDTH)).toBe(false);
  });
});
