import { describe, expect, it } from 'vitest';
import type { Cell } from '../model.ts';
import { renderTable } from './table-to-markdown.ts';
import type { TableBlock } from './table-parts.ts';

const block = (rows: Cell[][]): TableBlock => ({ kind: 'table', rows, prov: { page: 1, box: { x0: 0, y0: 0, x1: 1, y1: 1 } } });
const c = (text: string, extra: Partial<Cell> = {}): Cell => ({ spans: [{ text }], ...extra });

describe('renderTable', () => {
  it('writes a GFM pipe table with the header row, escaping pipes and flattening newlines', () => {
    const md = renderTable(block([
      [c('Flag', { header: true }), c('Meaning', { header: true })],
      [{ spans: [{ text: '-a', code: true }] }, c('a | b\nand more')],
    ]));
    expect(md).toBe(['| Flag | Meaning |', '| --- | --- |', '| `-a` | a \\| b and more |'].join('\n'));
  });

  it('adds an empty header row when no header was detected', () => {
    expect(renderTable(block([[c('x'), c('y')]]))).toBe(['|  |  |', '| --- | --- |', '| x | y |'].join('\n'));
  });

  it('pads short rows to the table width', () => {
    expect(renderTable(block([[c('a', { header: true }), c('b', { header: true })], [c('1')]])).split('\n')[2]).toBe('| 1 |  |');
  });

  it('falls back to HTML with colspan and rowspan, escaping markup', () => {
    const html = renderTable(block([
      [c('Group', { header: true, colspan: 2 })],
      [c('A', { rowspan: 2 }), c('x < y')],
      [c('z & w')],
    ]));
    expect(html).toBe([
      '<table>',
      '<tr><th colspan="2">Group</th></tr>',
      '<tr><td rowspan="2">A</td><td>x &lt; y</td></tr>',
      '<tr><td>z &amp; w</td></tr>',
      '</table>',
    ].join('\n'));
  });

  it('renders nothing for a table without rows', () => {
    expect(renderTable(block([]))).toBe('');
  });
});
