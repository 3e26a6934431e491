import { describe, expect, it } from 'vitest';
import { mirrorTable, rtlColumns } from './rtl-columns.ts';
import { DEFAULT_CONFIG } from '../stage.ts';
import { doc, page, textLines } from '../../test/engine/build.ts';
import type { Cell } from '../model.ts';
import type { TableBlock } from './table-parts.ts';
import { renderTable } from './table-to-markdown.ts';

const cell = (text: string, o: Partial<Cell> = {}): Cell => ({ spans: [{ text }], ...o });
const table = (rows: Cell[][]): TableBlock => ({ kind: 'table', rows, prov: { page: 1, box: { x0: 40, y0: 300, x1: 500, y1: 400 } } });
const texts = (t: TableBlock) => t.rows.map((r) => r.map((c) => c.spans.map((s) => s.text).join('')));

describe('rtlColumns', () => {
  // A form as a Hebrew document draws it: label on the right, value on its left.
  const form = table([[cell('2024'), cell('שנה')], [cell('ירושלים'), cell('עיר')]]);

  it('emits the columns of a right-to-left document right to left', () => {
    const hebrew = textLines(['זהו מסמך בעברית עם טופס ובו שדות וערכים', 'השורה השנייה של הפסקה ממשיכה כאן'], 40, 100, { dir: 'rtl' });
    const out = rtlColumns.run(doc([page(1, hebrew, { blocks: [form] })]), DEFAULT_CONFIG);
    expect(texts(out.pages[0]!.blocks[0] as TableBlock)).toEqual([['שנה', '2024'], ['עיר', 'ירושלים']]);
  });

  it('leaves the tables of a left-to-right document (with some Hebrew cells) alone', () => {
    const english = textLines(['This English report quotes a few Hebrew words in its table', 'and goes on in English for the rest of the page'], 40, 100);
    const out = rtlColumns.run(doc([page(1, english, { blocks: [form] })]), DEFAULT_CONFIG);
    expect(out.pages[0]!.blocks[0]).toBe(form);
  });

  it('mirrors spans: a rowspan keeps its rows, the cells beside it change sides', () => {
    const t = table([[cell('A', { rowspan: 2 }), cell('B'), cell('C')], [cell('D'), cell('E')], [cell('F', { colspan: 2 }), cell('G')]]);
    expect(texts(mirrorTable(t))).toEqual([['C', 'B', 'A'], ['E', 'D'], ['G', 'F']]);
    expect(renderTable(mirrorTable(t))).toContain('<tr><td>C</td><td>B</td><td rowspan="2">A</td></tr>');
  });

  it('pads a short row before mirroring so its cells keep their columns', () => {
    const t = table([[cell('h1'), cell('h2'), cell('h3')], [cell('a'), cell('b')]]);
    expect(texts(mirrorTable(t))).toEqual([['h3', 'h2', 'h1'], ['', 'b', 'a']]);
  });
});
