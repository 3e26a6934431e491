import { describe, expect, it } from 'vitest';
import type { FlowItem, Line, TextRun } from '../model.ts';
import { lineText } from '../geometry.ts';
import { line, page, run } from '../../test/engine/build.ts';
import { treeOrder } from './tree-order.ts';

/** A run of element `block` whose marked content is `order`-th in the tree. */
const tagged = (text: string, x: number, y: number, block: number, order = block): TextRun => run(text, x, y, { role: 'P', structBlock: block, structOrder: order });
const flowOf = (lines: Line[]): FlowItem[] => lines.map((l) => ({ kind: 'line', line: l }));
const texts = (flow: FlowItem[] | null) => flow?.map((f) => (f.kind === 'line' ? lineText(f.line) : f.block.kind));

/** Two short columns side by side: each row of the page is one line holding a run of each column's element. */
function columns(rightOrder: number): Line[] {
  return [0, 1, 2].map((i) => line([tagged(`left column line ${i}`, 40, 100 + 12 * i, 0, i), tagged(`right column line ${i}`, 320, 100 + 12 * i, 1, rightOrder + i)], 40, 100 + 12 * i));
}

describe('treeOrder', () => {
  it('cuts lines between elements and reads them in the tree\'s order', () => {
    const lines = columns(3);
    expect(texts(treeOrder(page(1, lines), flowOf(lines)))).toEqual(['left column line 0', 'left column line 1', 'left column line 2', 'right column line 0', 'right column line 1', 'right column line 2']);
  });

  it('changes nothing when the layout already reads in the tree\'s order', () => {
    const lines = [line([tagged('first', 40, 100, 0)], 40, 100), line([tagged('second', 40, 112, 1)], 40, 112)];
    expect(treeOrder(page(1, lines), flowOf(lines))).toBeNull();
  });

  it('refuses an order that goes back up a column between elements', () => {
    const lines = [line([tagged('top', 40, 100, 0, 1)], 40, 100), line([tagged('bottom', 40, 112, 1, 0)], 40, 112)];
    expect(treeOrder(page(1, lines), flowOf(lines))).toBeNull();
  });

  it('refuses a line whose element comes back after another (A B A)', () => {
    const l = line([tagged('a', 40, 100, 0), tagged('b', 100, 100, 1), tagged('a again', 160, 100, 0)], 40, 100);
    const lines = [l, line([tagged('before', 40, 112, 2, -1)], 40, 112)];
    expect(treeOrder(page(1, lines), flowOf(lines))).toBeNull();
  });

  it('refuses a page whose text is mostly outside the tree', () => {
    const lines = [...columns(3).map((l) => ({ ...l, runs: l.runs.map((r, i) => (i === 1 ? { ...r, structBlock: undefined, structOrder: undefined } : r)) })), line(['an untagged line of text, long enough to count'], 40, 140)];
    expect(treeOrder(page(1, lines), flowOf(lines))).toBeNull();
  });

  it('keeps text outside the tree where the layout reads it: at the start, the end, or after its neighbour', () => {
    const header = line(['Top'], 40, 60);
    const footer = line(['End'], 40, 700);
    const lines = [header, ...columns(3), footer];
    expect(texts(treeOrder(page(1, lines), flowOf(lines)))).toEqual(['Top', 'left column line 0', 'left column line 1', 'left column line 2', 'right column line 0', 'right column line 1', 'right column line 2', 'End']);
  });
});
