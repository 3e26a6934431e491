/**
 * rtlColumns pays only when it can apply: counting every letter of the
 * document (letterDirections) happens only when some table exists and some
 * run holds a right-to-left letter (it cost 0.67 s on an all-LTR corpus).
 */
import { describe, expect, it, vi } from 'vitest';
import { doc, page, textLines } from '../../test/engine/build.ts';
import * as bidi from '../stages/bidi-lines.ts';
import { DEFAULT_CONFIG } from '../stage.ts';
import { rtlColumns } from './rtl-columns.ts';
import type { TableBlock } from './table-parts.ts';

vi.mock('../stages/bidi-lines.ts', async (load) => {
  const real = await load<typeof bidi>();
  return { ...real, letterDirections: vi.fn(real.letterDirections) };
});

const form: TableBlock = {
  kind: 'table', rows: [[{ spans: [{ text: '2024' }] }, { spans: [{ text: 'שנה' }] }]], prov: { page: 1, box: { x0: 40, y0: 300, x1: 500, y1: 400 } },
};

describe('rtlColumns cost', () => {
  it('counts no letters in a left-to-right document or one without tables', () => {
    const count = vi.mocked(bidi.letterDirections);
    count.mockClear();
    const english = textLines(['An English page with a table and no Hebrew outside it.'], 40, 100);
    rtlColumns.run(doc([page(1, english, { blocks: [form] })]), DEFAULT_CONFIG);
    const hebrew = textLines(['זהו מסמך בעברית בלי טבלה'], 40, 100, { dir: 'rtl' });
    rtlColumns.run(doc([page(1, hebrew)]), DEFAULT_CONFIG);
    expect(count).not.toHaveBeenCalled();
    rtlColumns.run(doc([page(1, hebrew, { blocks: [form] })]), DEFAULT_CONFIG);
    expect(count).toHaveBeenCalledTimes(1);
  });
});
