import { describe, expect, it } from 'vitest';
import type { PdfDict, PdfRef, PdfValue } from '../pdf-objects/values.ts';
import type { ObjectReader } from './number-tree.ts';
import { StructRoles } from './struct-roles.ts';
import { Unsupported } from './types.ts';
import { MAX_ALT_CHARS } from '../struct-roles.ts';

const ref = (num: number): PdfRef => ({ kind: 'ref', num, gen: 0 });
const name = (n: string): PdfValue => ({ kind: 'name', name: n });
const dict = (o: Record<string, PdfValue>): PdfDict => ({ kind: 'dict', map: new Map(Object.entries(o)) });

/** A document of numbered objects. */
function reader(objects: Record<number, PdfValue>): ObjectReader {
  const resolve = (v: PdfValue | undefined): PdfValue | undefined => {
    for (let i = 0; i < 8 && typeof v === 'object' && v !== null && !Array.isArray(v) && v.kind === 'ref'; i++) v = objects[v.num] ?? null;
    return v;
  };
  return { resolve, lookup: (d, k) => resolve(d.map.get(k)) };
}

const PAGE = ref(1);
const ROOT = 2;
const elem = (s: string, parent: number, k: PdfValue, pg: PdfValue = PAGE) => dict({ S: name(s), P: ref(parent), Pg: pg, K: k });

/** Objects 1 (page, StructParents 0) and 2 (root, /K [10]) around the given elements and parent tree. */
function tagged(elements: Record<number, PdfValue>, parentTree: PdfValue, extraRoot: Record<string, PdfValue> = {}) {
  const root = dict({ Type: name('StructTreeRoot'), K: [ref(10)], ParentTree: parentTree, ...extraRoot });
  const page = dict({ Type: name('Page'), StructParents: 0 });
  const objects = reader({ 1: page, [ROOT]: root, ...elements });
  return { roles: new StructRoles(objects, root), page };
}

describe('StructRoles', () => {
  it('maps MCIDs (integers and MCR dictionaries) to the roles of their elements', () => {
    const { roles, page } = tagged({
      10: elem('Document', ROOT, [ref(11), ref(12)]),
      11: elem('H1', 10, 0),
      12: elem('P', 10, [1, dict({ Type: name('MCR'), MCID: 2 }), ref(13)]),
      13: elem('Link', 12, 3),
    }, dict({ Nums: [0, [ref(11), ref(12), ref(12), ref(13)]] }));
    expect(roles.page(page, PAGE)).toEqual(new Map([['mc0', 'H1'], ['mc1', 'P'], ['mc2', 'P'], ['mc3', 'P']]));
  });

  it('applies the RoleMap and keeps sticky roles over inner ones', () => {
    const { roles, page } = tagged({
      10: elem('L', ROOT, [ref(11)]),
      11: elem('ListItem', 10, [ref(12)]),
      12: elem('P', 11, 0),
    }, dict({ Nums: [0, [ref(12)]] }), { RoleMap: dict({ ListItem: name('LI') }) });
    expect(roles.page(page, PAGE)).toEqual(new Map([['mc0', 'LI']]));
  });

  it('links an element its parent lists twice under both entries, as the scan of the parent\'s kids did', () => {
    const { roles, page } = tagged({
      10: elem('Document', ROOT, [ref(11), ref(12), ref(11)]),
      11: elem('H1', 10, 0),
      12: elem('P', 10, 1),
    }, dict({ Nums: [0, [ref(11), ref(12)]] }));
    const read = roles.structure(page, PAGE);
    expect(read.roles).toEqual(new Map([['mc0', 'H1'], ['mc1', 'P']]));
    // Visited a second time after the paragraph: its content takes the third block.
    expect([read.blocks.get('mc0'), read.blocks.get('mc1')]).toEqual([2, 1]);
  });

  it('leaves out content of other pages, orphans and elements outside the root', () => {
    const { roles, page } = tagged({
      10: elem('Document', ROOT, [ref(11), ref(12)]),
      11: elem('H2', 10, [0, dict({ Type: name('MCR'), MCID: 1, Pg: ref(99) })]),
      12: elem('P', 10, 2, ref(99)),
      13: elem('P', 10, 3), // says its parent is 10, which does not list it
      14: elem('H1', ROOT, 4), // a top-level element the root's /K does not list
    }, dict({ Nums: [0, [ref(11), ref(11), ref(12), ref(13), ref(14)]] }));
    expect(roles.page(page, PAGE)).toEqual(new Map([['mc0', 'H2']]));
  });

  it('terminates on cyclic parents', () => {
    const { roles, page } = tagged({
      10: elem('Document', ROOT, []),
      11: elem('P', 12, [0, ref(12)]),
      12: elem('Div', 11, [ref(11)]),
    }, dict({ Nums: [0, [ref(11)]] }));
    expect(roles.page(page, PAGE)).toEqual(new Map());
  });

  it('finds the page entry through /Kids and /Limits', () => {
    const { roles, page } = tagged({
      10: elem('Document', ROOT, [ref(11)]),
      11: elem('H3', 10, 7),
      20: dict({ Limits: [0, 0], Nums: [0, [ref(11)]] }),
      21: dict({ Limits: [1, 5], Nums: [1, [], 5, []] }),
    }, dict({ Kids: [ref(20), ref(21)] }));
    expect(roles.page(page, PAGE)).toEqual(new Map([['mc7', 'H3']]));
  });

  it('adds the elements of annotations that have a /StructParent', () => {
    const root = dict({ Type: name('StructTreeRoot'), K: [ref(10)], ParentTree: dict({ Nums: [3, ref(11)] }) });
    const page = dict({ Type: name('Page'), Annots: [ref(30)] });
    const objects = reader({
      1: page, [ROOT]: root,
      10: elem('Caption', ROOT, [ref(11)]),
      11: elem('Link', 10, [5, dict({ Type: name('OBJR'), Obj: ref(30) })]),
      30: dict({ Subtype: name('Link'), StructParent: 3 }),
    });
    expect(new StructRoles(objects, root).page(page, PAGE)).toEqual(new Map([['mc5', 'Caption']]));
  });

  it('is empty for a page without /StructParents', () => {
    const { roles } = tagged({}, dict({ Nums: [] }));
    expect(roles.page(dict({ Type: name('Page') }), PAGE)).toEqual(new Map());
  });

  it('gives the MCIDs inside a Figure its /Alt, else its /ActualText, through the RoleMap and nested elements', () => {
    const str = (bytes: string): PdfValue => ({ kind: 'string', bytes });
    const utf16 = (t: string) => `\xfe\xff${[...t].map((c) => `\x00${c}`).join('')}`;
    const { roles, page } = tagged({
      10: elem('Document', ROOT, [ref(11), ref(12), ref(14), ref(15)]),
      11: dict({ S: name('Figure'), P: ref(10), Pg: PAGE, K: [0, ref(13)], Alt: str('A   bar chart\nof sales') }),
      13: elem('Span', 11, 1),
      12: dict({ S: name('Bild'), P: ref(10), Pg: PAGE, K: 2, ActualText: str(utf16('Photo')) }),
      14: dict({ S: name('Figure'), P: ref(10), Pg: PAGE, K: 3 }), // no description
      15: dict({ S: name('P'), P: ref(10), Pg: PAGE, K: 4, Alt: str('not a figure') }),
    }, dict({ Nums: [0, [ref(11), ref(13), ref(12), ref(14), ref(15)]] }), { RoleMap: dict({ Bild: name('Figure') }) });
    const read = roles.structure(page, PAGE);
    expect(read.alts).toEqual(new Map([[0, 'A bar chart of sales'], [1, 'A bar chart of sales'], [2, 'Photo']]));
    expect(read.roles.get('mc4')).toBe('P');
  });

  it('numbers the block elements: a P inside a list item is part of it, a nested item is not; a label keeps its role', () => {
    const { roles, page } = tagged({
      10: elem('Document', ROOT, [ref(11), ref(13), ref(14)]),
      11: elem('P', 10, [0, ref(12)]),
      12: elem('Span', 11, 1),
      13: elem('P', 10, 2),
      14: elem('L', 10, [ref(15)]),
      15: elem('LI', 14, [ref(16), ref(17)]),
      16: elem('Lbl', 15, 3),
      17: elem('LBody', 15, [ref(18), ref(19)]),
      18: elem('P', 17, 4),
      19: elem('L', 17, [ref(20)]),
      20: elem('LI', 19, 5),
    }, dict({ Nums: [0, [ref(11), ref(12), ref(13), ref(16), ref(18), ref(20)]] }));
    const read = roles.structure(page, PAGE);
    expect(read.blocks).toEqual(new Map([['mc0', 0], ['mc1', 0], ['mc2', 1], ['mc3', 2], ['mc4', 2], ['mc5', 3]]));
    expect(read.roles).toEqual(new Map([['mc0', 'P'], ['mc1', 'P'], ['mc2', 'P'], ['mc3', 'Lbl'], ['mc4', 'LI'], ['mc5', 'LI']]));
  });

  it('numbers the marked content in the tree\'s reading order, not in MCID order', () => {
    const { roles, page } = tagged({
      10: elem('Document', ROOT, [ref(11), ref(12)]),
      11: elem('P', 10, [2, 0]),
      12: elem('P', 10, [3, 1]),
    }, dict({ Nums: [0, [ref(11), ref(12), ref(11), ref(12)]] }));
    expect(roles.structure(page, PAGE).order).toEqual(new Map([['mc2', 0], ['mc0', 1], ['mc3', 2], ['mc1', 3]]));
  });

  it('places list items in their lists, nested lists under their item, with ListNumbering from /A', () => {
    const { roles, page } = tagged({
      10: elem('Document', ROOT, [ref(14), ref(21)]),
      14: dict({ S: name('L'), P: ref(10), Pg: PAGE, K: [ref(15), ref(22)], A: [dict({ O: name('Layout') }), dict({ O: name('List'), ListNumbering: name('Decimal') })] }),
      15: elem('LI', 14, [ref(16), ref(17)]),
      16: elem('Lbl', 15, 0),
      17: elem('LBody', 15, [1, ref(19)]),
      19: elem('L', 17, [ref(20)]),
      20: elem('LI', 19, 2),
      22: elem('LI', 14, 3),
      21: elem('L', 10, [ref(23)]),
      23: elem('LI', 21, 4),
    }, dict({ Nums: [0, [ref(16), ref(17), ref(20), ref(22), ref(23)]] }));
    const read = roles.structure(page, PAGE);
    expect(read.blocks).toEqual(new Map([['mc0', 0], ['mc1', 0], ['mc2', 1], ['mc3', 2], ['mc4', 3]]));
    expect(read.items).toEqual(new Map([
      [0, { list: 0, numbering: 'Decimal' }], [1, { list: 1, parent: 0 }], [2, { list: 0, numbering: 'Decimal' }], [3, { list: 2 }],
    ]));
  });

  it('places table cells in their table and row, with header cells and RowSpan/ColSpan from /A', () => {
    const tableAttrs = (o: Record<string, PdfValue>) => dict({ O: name('Table'), ...o });
    const { roles, page } = tagged({
      10: elem('Table', ROOT, [ref(11), ref(12)]),
      11: elem('THead', 10, [ref(13)]),
      12: elem('TBody', 10, [ref(14), ref(15)]),
      13: elem('TR', 11, [ref(20), ref(21)]),
      14: elem('TR', 12, [ref(22), ref(23)]),
      15: elem('TR', 12, [ref(24)]),
      20: elem('TH', 13, 0),
      21: dict({ S: name('TH'), P: ref(13), Pg: PAGE, K: 1, A: tableAttrs({ ColSpan: 2 }) }),
      // An attribute array with a revision number, a foreign owner and a bad value.
      22: dict({ S: name('TD'), P: ref(14), Pg: PAGE, K: [2, ref(25)], A: [tableAttrs({ RowSpan: 2 }), 0, dict({ O: name('Layout'), ColSpan: 3 })] }),
      25: elem('P', 22, 3),
      23: elem('TD', 14, 4),
      24: dict({ S: name('TD'), P: ref(15), Pg: PAGE, K: 5, A: tableAttrs({ ColSpan: 1.5 }) }),
    }, dict({ Nums: [0, [ref(20), ref(21), ref(22), ref(25), ref(23), ref(24)]] }));
    const read = roles.structure(page, PAGE);
    const cell = (row: number, header: boolean, rowSpan = 1, colSpan = 1) => ({ table: 0, row, header, rowSpan, colSpan });
    expect(read.cells).toEqual(new Map([[0, cell(0, true)], [1, cell(0, true, 1, 2)], [2, cell(1, false, 2)], [3, cell(1, false)], [4, cell(2, false)]]));
    expect(read.blocks).toEqual(new Map([['mc0', 0], ['mc1', 1], ['mc2', 2], ['mc3', 2], ['mc4', 3], ['mc5', 4]]));
  });

  it('reads attributes of the classes an element names (/C through /ClassMap), its own /A taking precedence', () => {
    const { roles, page } = tagged({
      10: elem('Document', ROOT, [ref(11), ref(14)]),
      11: dict({ S: name('L'), P: ref(10), Pg: PAGE, K: [ref(12)], C: name('numbered') }),
      12: elem('LI', 11, 0),
      14: elem('Table', 10, [ref(15)]),
      15: elem('TR', 14, [ref(16), ref(17)]),
      16: dict({ S: name('TD'), P: ref(15), Pg: PAGE, K: 1, C: [name('wide'), 0, name('tall')] }),
      17: dict({ S: name('TD'), P: ref(15), Pg: PAGE, K: 2, C: name('wide'), A: dict({ O: name('Table'), ColSpan: 3 }) }),
      30: dict({ O: name('Table'), RowSpan: 2 }),
    }, dict({ Nums: [0, [ref(12), ref(16), ref(17)]] }), {
      ClassMap: dict({
        numbered: dict({ O: name('List'), ListNumbering: name('UpperRoman') }),
        wide: [dict({ O: name('Table'), ColSpan: 2 }), dict({ O: name('Layout'), ColSpan: 4 })],
        tall: ref(30),
      }),
    });
    const read = roles.structure(page, PAGE);
    expect(read.items).toEqual(new Map([[0, { list: 0, numbering: 'UpperRoman' }]]));
    const cell = (rowSpan: number, colSpan: number) => ({ table: 0, row: 0, header: false, rowSpan, colSpan });
    expect(read.cells).toEqual(new Map([[1, cell(2, 2)], [2, cell(1, 3)]]));
  });

  it('bounds a hostile alt text', () => {
    const { roles, page } = tagged({
      10: dict({ S: name('Figure'), P: ref(ROOT), Pg: PAGE, K: 0, Alt: { kind: 'string', bytes: 'x'.repeat(1_000_000) } }),
    }, dict({ Nums: [0, [ref(10)]] }));
    expect(roles.structure(page, PAGE).alts.get(0)).toHaveLength(MAX_ALT_CHARS);
  });

  it('refuses trees without a ParentTree and malformed number trees', () => {
    expect(() => tagged({}, null).roles.page(dict({ StructParents: 0 }), PAGE)).toThrow(Unsupported);
    expect(() => tagged({}, dict({ Kids: [dict({ Nums: [] })] })).roles.page(dict({ StructParents: 0 }), PAGE)).toThrow(Unsupported);
  });
});
