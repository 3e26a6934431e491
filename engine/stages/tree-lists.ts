/**
 * Stage `treeLists`: in a tagged PDF whose tree was trusted, the lists of the
 * page's structure tree (L, LI, Lbl, LBody) become list blocks, nested as the
 * tree nests them, when the page agrees: each item's text is a paragraph of
 * its own (or several), the items follow one another in tree order with
 * nothing else between them, and no item of the list is elsewhere on the
 * page. The label (Lbl) says whether the list is ordered and where it starts,
 * and is not repeated in the item's text; without one, the list's
 * ListNumbering attribute or a marker typed in the text says (a symbol all
 * the items start with is a label too). A list the page
 * contradicts is left to the layout's `lists` stage, which runs next.
 */
import type { Block, ListItem, Page, Span, TreeItemAt } from '../model.ts';
import type { Stage } from '../stage.ts';
import { unionBox } from '../geometry.ts';
import { listMarker, stripMarker } from './lists.ts';
import { DEFAULT_FONT_PT } from './measures.ts';

type Para = Extract<Block, { kind: 'paragraph' }>;
type List = Extract<Block, { kind: 'list' }>;

/** A label that numbers its item: digits, one letter or a roman numeral, with or without `.`, `)`, `:` or parentheses. */
const ORDINAL = /^\(?(\d{1,4}|[a-z]|[ivxlcdm]{1,7})[.):]?$/i;
/** ListNumbering values that number the items (the others are bullets or none). */
const NUMBERED = new Set(['Decimal', 'UpperRoman', 'LowerRoman', 'UpperAlpha', 'LowerAlpha']);
/** A label of a letter or a roman numeral, which the item's text keeps (see `listMarker`). */
const isLiteral = (label: string): boolean => /^\D+$/.test(ORDINAL.exec(label)?.[1] ?? '1');

/** An item paragraph: the item it holds text of, its label text and its text without the label. */
type ItemPara = { para: Para; item: TreeItemAt; label: string; spans: Span[]; marker: ReturnType<typeof listMarker> };

const plain = (spans: readonly Span[]) => spans.map((s) => s.text).join('');

/** The one list item all of a paragraph's tagged runs belong to, if they belong to one. */
function itemOf(p: Block, items: ReadonlyMap<number, TreeItemAt>): TreeItemAt | undefined {
  if (p.kind !== 'paragraph' || !p.lines) return undefined;
  let block: number | undefined;
  for (const r of p.lines.flatMap((l) => l.runs)) {
    if (r.structBlock === undefined) continue;
    if (block !== undefined && r.structBlock !== block) return undefined;
    block = r.structBlock;
  }
  return block === undefined ? undefined : items.get(block);
}

/** The paragraph as an item's text: its label read off and cut from the start; null if the label is not where it starts. */
function itemPara(para: Para, item: TreeItemAt): ItemPara | null {
  const label = (para.lines ?? []).flatMap((l) => l.runs).filter((r) => r.role === 'Lbl').map((r) => r.text).join('').replace(/\s+/g, ' ').trim();
  const text = plain(para.spans);
  if (label) {
    const lead = text.length - text.trimStart().length;
    if (!text.trimStart().startsWith(label)) return null;
    // A letter or roman label ("a)", "iv.") stays in the item's text: Markdown would renumber it 1., 2., …
    return { para, item, label, spans: isLiteral(label) ? para.spans : stripMarker(para.spans, lead + label.length), marker: null };
  }
  // No label in the tree: a bullet drawn as a shape (bullet-marks.ts) or a marker typed in the item's text.
  const marker = listMarker(text);
  return { para, item, label, spans: marker && !marker.literal ? stripMarker(para.spans, marker.length) : para.spans, marker };
}

/** Whether a list is numbered, and from where, by its first item's label, else its ListNumbering, else a typed marker. */
function numbering(first: ItemPara): { ordered: boolean; start?: number } {
  if (first.label) {
    const m = ORDINAL.exec(first.label);
    if (!m || isLiteral(first.label)) return { ordered: false };
    return { ordered: true, start: Number(m[1]!) };
  }
  if (first.item.numbering) return { ordered: NUMBERED.has(first.item.numbering) };
  return first.marker ? { ordered: first.marker.ordered, ...(first.marker.start === undefined ? {} : { start: first.marker.start }) } : { ordered: false };
}

/** The outermost list on the page that holds the item (through the items that hold its lists). */
function rootList(item: TreeItemAt, items: ReadonlyMap<number, TreeItemAt>): number {
  let it = item;
  for (let i = 0; i < items.size && it.parent !== undefined; i++) {
    const up = items.get(it.parent);
    if (!up) break;
    it = up;
  }
  return it.list;
}

/** Whether `block` is an item that holds, through nested lists, the item `of`. */
function holds(block: number, of: TreeItemAt, items: ReadonlyMap<number, TreeItemAt>): boolean {
  let it: TreeItemAt | undefined = of;
  for (let i = 0; i < items.size && it?.parent !== undefined; i++) {
    if (it.parent === block) return true;
    it = items.get(it.parent);
  }
  return false;
}

/**
 * The list blocks of consecutive item paragraphs of one tree list, or null
 * when the page does not show them as the tree states: an item out of tree
 * order, a label not at the start of its item, or one of `expected` (the
 * items of the list with text on the page) missing.
 */
function buildList(paras: readonly ItemPara[], expected: ReadonlySet<number>, items: ReadonlyMap<number, TreeItemAt>): List[] | null {
  const lists = new Map<number, List>();
  const built = new Map<number, ListItem>();
  const out: List[] = [];
  let prev: TreeItemAt | undefined;
  for (const p of paras) {
    const { item, para } = p;
    const known = built.get(item.block);
    if (known) {
      // More text of an item: right after it, or after the lists nested in it.
      if (prev && prev.block !== item.block && !holds(item.block, prev, items)) return null;
      known.children.push(para);
    } else {
      if (prev && item.block < prev.block) return null;
      let list = lists.get(item.list);
      if (!list) {
        list = { kind: 'list', ...numbering(p), items: [], prov: { ...para.prov } };
        if (p.label || p.marker) labelled.add(list);
        lists.set(item.list, list);
        const holder = item.parent === undefined ? undefined : built.get(item.parent);
        if (holder) holder.children.push(list);
        else out.push(list);
      }
      const li: ListItem = { spans: p.spans, children: [] };
      list.items.push(li);
      built.set(item.block, li);
    }
    prev = item;
    // The item's list and the lists holding it grow by the paragraph (bounded by the tree's depth).
    for (let it: TreeItemAt | undefined = item, d = 0; it && d < items.size; it = it.parent === undefined ? undefined : items.get(it.parent), d++) {
      const l = lists.get(it.list);
      if (l && l.prov.page === para.prov.page) l.prov.box = unionBox([l.prov.box, para.prov.box]);
    }
  }
  if (built.size !== expected.size || [...expected].some((b) => !built.has(b))) return null;
  return out;
}

/** A symbol typed before an item's text: up to three characters, none a letter or digit, then a space. */
const SYMBOL = /^\s*([^\p{L}\p{N}\s]{1,3})\s+/u;

/**
 * A list whose items all start with the same symbol, in a tree that keeps
 * labels in the item's body (LibreOffice) and in a glyph the layout does not
 * know as a bullet (→, ❧): the symbol is the items' label.
 */
function typedLabels(paras: readonly ItemPara[]): ItemPara[] {
  const firsts = new Map<number, ItemPara[]>();
  const seen = new Set<number>();
  for (const p of paras) {
    if (seen.has(p.item.block)) continue;
    seen.add(p.item.block);
    const list = firsts.get(p.item.list);
    if (list) list.push(p);
    else firsts.set(p.item.list, [p]);
  }
  const out = new Map<ItemPara, ItemPara>();
  for (const ps of firsts.values()) {
    if (ps.length < 2 || ps.some((p) => p.label || p.marker)) continue; // two items at least share a symbol
    const found = ps.map((p) => SYMBOL.exec(plain(p.spans)));
    const symbol = found[0]?.[1];
    if (!symbol || found.some((m) => m?.[1] !== symbol)) continue;
    ps.forEach((p, i) => out.set(p, { ...p, label: symbol, spans: stripMarker(p.spans, found[i]![0].length) }));
  }
  return paras.map((p) => out.get(p) ?? p);
}

/** The lists built whose items show a label or a marker. */
const labelled = new WeakSet<List>();

/** Tolerance when comparing the left edges of two lists, in ems of body text. */
const SAME_X_EM = 0.5;

/** The list and its last item's nested lists, outermost first: where items on the next page may continue. */
function openLevels(list: List): List[] {
  const out = [list];
  for (let l: List | undefined = list; l;) {
    const last: Block | undefined = l.items.at(-1)?.children.at(-1);
    l = last?.kind === 'list' ? last : undefined;
    if (l) out.push(l);
  }
  return out;
}

/**
 * A list the page starts with continues the list the page before ended
 * with, at the level whose items start where its items start (the tree
 * numbers items per page, so the page break is judged by the layout).
 */
function continueList(open: List, next: List, em: number): boolean {
  const level = openLevels(open).reverse().find((l) => Math.abs(l.prov.box.x0 - next.prov.box.x0) <= SAME_X_EM * em);
  if (!level || level.ordered !== next.ordered) return false;
  if (next.ordered && next.start !== undefined && next.start !== (level.start ?? 1) + level.items.length) return false;
  level.items.push(...next.items);
  return true;
}

/** The page's body size, for the tolerances: the font size most characters are set in. */
function bodyEm(page: Page): number {
  const by = new Map<number, number>();
  for (const r of page.runs) by.set(r.fontSize, (by.get(r.fontSize) ?? 0) + r.text.length);
  return [...by].reduce((best, cur) => (cur[1] > best[1] ? cur : best), [DEFAULT_FONT_PT, 0])[0];
}

/**
 * The page with its tree lists built; `open` is the list the page before
 * ended with, which the page's first item may continue: an item with neither
 * label nor marker is the rest of the last item, broken by the page.
 */
function listsOnPage(page: Page, open: List | undefined): Page {
  if (!page.treeItems?.length) return page;
  const items = new Map(page.treeItems.map((it) => [it.block, it]));
  // The items with text on the page, by the list that holds them outermost.
  const expected = new Map<number, Set<number>>();
  for (const r of page.runs) {
    const it = r.structBlock === undefined || r.text.trim() === '' ? undefined : items.get(r.structBlock);
    if (!it) continue;
    const root = rootList(it, items);
    expected.set(root, (expected.get(root) ?? new Set()).add(it.block));
  }
  const out: Block[] = [];
  let run: ItemPara[] = [];
  let root: number | undefined;
  let changed = false;
  const em = bodyEm(page);
  const flush = () => {
    const lists = run.length && root !== undefined ? buildList(typedLabels(run), expected.get(root) ?? new Set(), items) : null;
    if (lists) changed = true;
    const first = lists?.[0];
    if (lists && first && out.length === 0 && open && continueList(open, first, em)) lists.shift();
    out.push(...(lists ?? run.map((p) => p.para)));
    run = [];
    root = undefined;
  };
  let blocks = page.blocks;
  const head = blocks[0];
  const lead = head && open ? itemOf(head, items) : undefined;
  // Only in a list whose items show labels can an item without one be the rest of another.
  if (open && labelled.has(open) && head?.kind === 'paragraph' && lead && itemPara(head, lead)?.label === '' && !listMarker(plain(head.spans))) {
    // The rest of the item the page before ended with: that item's text, not an item of its own.
    const last = openLevels(open).at(-1)!.items.at(-1);
    if (last) {
      last.children.push(head);
      expected.get(rootList(lead, items))?.delete(lead.block);
      blocks = blocks.slice(1);
      changed = true;
    }
  }
  for (const b of blocks) {
    const item = itemOf(b, items);
    const p = item && b.kind === 'paragraph' ? itemPara(b, item) : null;
    const r = item ? rootList(item, items) : undefined;
    if (!p || r !== root) flush();
    if (p) {
      run.push(p);
      root = r;
    } else out.push(b);
  }
  flush();
  return changed ? { ...page, blocks: out } : page;
}

/** Lists from the structure tree where the page agrees; see the module comment. Pure: returns a new Doc. */
export const treeLists: Stage = {
  name: 'treeLists',
  run(doc) {
    if (!doc.signals.tagged) return doc;
    let open: List | undefined;
    const pages = doc.pages.map((p) => {
      const out = listsOnPage(p, open);
      const last = out.blocks.at(-1);
      open = last?.kind === 'list' ? last : undefined;
      return out;
    });
    return { ...doc, pages };
  },
};
