import { describe, expect, it } from 'vitest';
import type { Block, Line, TreeItemAt } from '../model.ts';
import { DEFAULT_CONFIG } from '../stage.ts';
import { doc, line, page, para, run } from '../../test/engine/build.ts';
import { treeLists } from './tree-lists.ts';

type List = Extract<Block, { kind: 'list' }>;

/** An item's line at y: its label run (role Lbl) and its text, both in block `block`. */
const itemLine = (label: string, text: string, y: number, block: number): Line =>
  line([run(label, 40, y, { role: 'Lbl', structBlock: block }), run(text, 60, y, { role: 'LI', structBlock: block })], 40, y);
const itemPara = (label: string, text: string, y: number, block: number) => {
  const p = para([itemLine(label, text, y, block)]);
  return { ...p, spans: [{ text: `${label} ${text}` }] };
};
const items: TreeItemAt[] = [{ block: 0, list: 0 }, { block: 1, list: 0 }, { block: 2, list: 1, parent: 1 }, { block: 3, list: 1, parent: 1 }, { block: 4, list: 0 }];

/** The items' paragraphs in the given order; -1 is a plain paragraph. */
const build = (order: number[]) => {
  const paras = order.map((b, i) => (b < 0 ? para([line(['Plain text.'], 40, 100 + 12 * i)]) : itemPara(b >= 2 && b <= 3 ? `${b - 1}.` : '→', `item ${b}`, 100 + 12 * i, b)));
  const p = page(1, paras.flatMap((x) => x.lines ?? []), { blocks: paras, treeItems: items });
  return treeLists.run(doc([p], [], true), DEFAULT_CONFIG).pages[0]!.blocks;
};

describe('treeLists stage', () => {
  it('nests the items as the tree does, numbered by their labels, without the labels in their text', () => {
    const [list, ...rest] = build([0, 1, 2, 3, 4]) as List[];
    expect(rest).toEqual([]);
    expect(list!.ordered).toBe(false);
    expect(list!.items.map((i) => i.spans.map((s) => s.text).join(''))).toEqual(['item 0', 'item 1', 'item 4']);
    const nested = list!.items[1]!.children[0] as List;
    expect([nested.kind, nested.ordered, nested.start]).toEqual(['list', true, 1]);
    expect(nested.items.map((i) => i.spans.map((s) => s.text).join(''))).toEqual(['item 2', 'item 3']);
  });

  it('leaves the paragraphs to the layout when the page shows the items out of tree order', () => {
    expect(build([0, 2, 1, 3, 4]).map((b) => b.kind)).toEqual(['paragraph', 'paragraph', 'paragraph', 'paragraph', 'paragraph']);
  });

  it('leaves the paragraphs to the layout when an item of the list is elsewhere on the page', () => {
    expect(build([0, 1, 2, 3, -1, 4]).map((b) => b.kind)).toEqual(['paragraph', 'paragraph', 'paragraph', 'paragraph', 'paragraph', 'paragraph']);
  });
});
