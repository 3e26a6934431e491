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

  it('continues a list across a page break: an unlabelled first item is the rest of the last one', () => {
    const p1 = [itemPara('→', 'item 0', 100, 0), itemPara('→', 'item 1 starts', 112, 1)];
    const rest = para([line([run('and ends here', 60, 80, { role: 'LI', structBlock: 0 })], 60, 80)], 2);
    const p2 = [rest, { ...itemPara('→', 'item 2', 92, 1), prov: { page: 2, box: { x0: 40, y0: 92, x1: 120, y1: 102 } } }];
    const two = [{ items: [{ block: 0, list: 0 }, { block: 1, list: 0 }] }, { items: [{ block: 0, list: 0 }, { block: 1, list: 0 }] }];
    const pages = [p1, p2].map((ps, i) => page(i + 1, ps.flatMap((x) => x.lines ?? []), { blocks: ps, treeItems: two[i]!.items }));
    const out = treeLists.run(doc(pages, [], true), DEFAULT_CONFIG).pages;
    const list = out[0]!.blocks[0] as List;
    expect(list.items.map((i) => i.spans.map((s) => s.text).join(''))).toEqual(['item 0', 'item 1 starts', 'item 2']);
    expect(list.items[1]!.children).toEqual([rest]);
    expect(out[1]!.blocks).toEqual([]);
  });
});
