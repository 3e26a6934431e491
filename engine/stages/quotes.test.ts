import { describe, expect, it } from 'vitest';
import { quotes } from './quotes.ts';
import { DEFAULT_CONFIG } from '../stage.ts';
import { doc, line, page, para, textLines } from '../../test/engine/build.ts';
import { renderBlocks } from '../render/index.ts';
import type { Block, Line, Page } from '../model.ts';

/** Body text at x=70, 10pt, lines running to x=520 (the column's right edge). */
const body = (y: number, n: number): Line[] => textLines(Array.from({ length: n }, () => 'b'.repeat(90)), 70, y);
/** Lines stretched to end exactly at `x1`, as justified text does. */
const toRight = (lines: Line[], x1: number): Line[] => lines.map((l) => ({ runs: l.runs.map((r) => ({ ...r, box: { ...r.box, x1 } })), box: { ...l.box, x1 } }));

function run(p: Page): Block[] {
  return quotes.run(doc([p]), DEFAULT_CONFIG).pages[0]!.blocks;
}

describe('quotes stage', () => {
  it('quotes prose indented on both sides (LaTeX quote, word processor block text), with its lead-in line', () => {
    const before = body(100, 4);
    const note = [line(['Note'], 97, 160, { bold: true })];
    const quoted = [...toRight(textLines(['The default bridge network only allows', 'containers to talk to each other by their', 'addresses; user networks also resolve'], 97, 176), 493), ...textLines(['names.'], 97, 212)];
    const after = body(240, 4);
    const p = page(1, [...before, ...note, ...quoted, ...after]);
    p.blocks = [para(before), para(note), para(quoted), para(after)];
    const out = run(p);
    expect(out.map((b) => b.kind)).toEqual(['paragraph', 'quote', 'paragraph']);
    expect(renderBlocks(out).split('\n\n')[1]).toMatch(/^> Note\n>\n> The default bridge/);
  });

  it('quotes indented prose with a side bar drawn beside it (browsers)', () => {
    const before = body(100, 4);
    const quoted = textLines(['If you do not provide a hard limit, the soft limit is used for both values and', 'the daemon defaults apply.'], 97, 160);
    const after = body(200, 4);
    const p = page(1, [...before, ...quoted, ...after], { rules: [{ orientation: 'v', box: { x0: 84, y0: 156, x1: 86, y1: 186 } }] });
    p.blocks = [para(before), para(quoted), para(after)];
    expect(run(p).map((b) => b.kind)).toEqual(['paragraph', 'quote', 'paragraph']);
  });

  it('finds the side bar among the page\'s bars, which a reader fills where table rules were not fetched', () => {
    const before = body(100, 4);
    const quoted = textLines(['If you do not provide a hard limit, the soft limit is used for both values and', 'the daemon defaults apply.'], 97, 160);
    const after = body(200, 4);
    const bar = { orientation: 'v' as const, box: { x0: 84, y0: 156, x1: 86, y1: 186 } };
    const p = page(1, [...before, ...quoted, ...after], { rules: [], bars: [bar] });
    p.blocks = [para(before), para(quoted), para(after)];
    expect(run(p).map((b) => b.kind)).toEqual(['paragraph', 'quote', 'paragraph']);
    const without = page(1, [...before, ...quoted, ...after], { rules: [], bars: [] });
    without.blocks = [para(before), para(quoted), para(after)];
    expect(run(without).map((b) => b.kind)).toEqual(['paragraph', 'paragraph', 'paragraph']);
  });

  it('leaves indented short lines alone: list items whose bullets were drawn, not printed', () => {
    const before = body(100, 4);
    const items = textLines(['Config: endpoint', 'Env Var: RCLONE_KOOFR_ENDPOINT', 'Provider: other', 'Type: string', 'Required: true'], 97, 160);
    const after = body(230, 4);
    const p = page(1, [...before, ...items, ...after]);
    p.blocks = [para(before), para(items), para(after)];
    expect(run(p).map((b) => b.kind)).toEqual(['paragraph', 'paragraph', 'paragraph']);
  });

  it('leaves centred lines and tables alone', () => {
    const before = body(100, 4);
    const centred = [line(['Figure 1: the pipeline'], 240, 160)];
    const after = body(180, 4);
    const table: Block = { kind: 'table', rows: [[{ spans: [{ text: 'a' }] }]], prov: { page: 1, box: { x0: 200, y0: 240, x1: 390, y1: 280 } } };
    const p = page(1, [...before, ...centred, ...after]);
    p.blocks = [para(before), para(centred), para(after), table];
    expect(run(p).map((b) => b.kind)).toEqual(['paragraph', 'paragraph', 'paragraph', 'table']);
  });
});
