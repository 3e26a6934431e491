/**
 * The part of a document's structure tree that pdf.js shows for one page
 * (its StructTreePage): the elements that hold the page's marked content,
 * linked upwards through /P to the top-level elements of the
 * StructTreeRoot's /K. An element joins the tree only if its parent lists it
 * among its kids and the chain reaches a top-level element within pdf.js's
 * depth limit, so orphans drop out exactly where pdf.js drops them.
 */
import { isDict, isName, isRef, isString, type PdfDict, type PdfValue } from '../pdf-objects/values.ts';
import { decodeTextString } from '../pdf-objects/text-string.ts';
import { FIGURE_ROLE, MAX_ALT_CHARS, cleanAlt, emptyStructure, innerRole, spanCount, startsBlock, tableStep, type PageStructure, type TableContext, type TableCounters } from '../struct-roles.ts';
import type { ObjectReader } from './number-tree.ts';
import { Unsupported } from './types.ts';

/** pdf.js's limit on how far up it follows /P, and how deep it serializes the tree. */
const MAX_DEPTH = 40;
/** Elements and visits per page, against hostile trees (pdf.js has no such limit; we fall back). */
const MAX_WORK = 200_000;
/** Nesting of list and table elements pulled in below an element. */
const MAX_EXPANSION = 1_000;

/** Roles whose element kids pdf.js adds to the tree even when they hold no content of the page. */
const EXPANDED = new Set(['L', 'LBody', 'LI', 'Table', 'THead', 'TBody', 'TFoot', 'TR']);

/** An element's identity: its reference's id (see {@link refId}), or the dictionary itself when it is written inline. */
export type Key = RefId | PdfDict;

/** A reference's identity: a number for the references of real files, text beyond. */
export type RefId = number | string;

/**
 * An element's kids as read from the file, shared by the pages, with indexes
 * built when first needed: element kids' positions by key, content kids'
 * positions by the page they are on. A document's top elements list most of
 * it, so a page must not pay for the kids of other pages.
 */
export type KidList = { entries: KidEntry[]; byKey?: Map<Key, number[]>; byPage?: Map<RefId | null, number[]> };

/**
 * `list`: the element's kids; `linked`: position of an element kid → the node
 * it is on this page (pdf.js sets a kid's node when the kid is added);
 * `alt`: a Figure's /Alt (else /ActualText), the text that describes it;
 * `span`: a cell's rows and columns.
 */
type StructNode = { role: string; list: KidList; linked: Map<number, StructNode> | null; alt?: string; span?: [number, number]; numbering?: string };

/** The positions of the entries `pick` keys (those it gives no key are left out), grouped by that key. */
function positionsBy<K>(entries: readonly KidEntry[], pick: (e: KidEntry) => { key: K } | null): Map<K, number[]> {
  const out = new Map<K, number[]>();
  entries.forEach((e, i) => {
    const k = pick(e);
    if (!k) return;
    const same = out.get(k.key);
    if (same) same.push(i);
    else out.set(k.key, [i]);
  });
  return out;
}

/** The positions of the element kids listed under `key`. */
function kidsWithKey(list: KidList, key: Key): readonly number[] {
  list.byKey ??= positionsBy(list.entries, (e) => (e.kind === 'element' ? { key: e.key } : null));
  return list.byKey.get(key) ?? [];
}

/** The positions of the content kids on page `pageId`. */
function contentOn(list: KidList, pageId: RefId): readonly number[] {
  list.byPage ??= positionsBy(list.entries, (e) => (e.kind === 'content' ? { key: e.page } : null));
  return list.byPage.get(pageId) ?? [];
}

/** The positions a page's walk visits in `node`: its content on the page and its linked element kids, in kid order. */
function visited(node: StructNode, pageId: RefId): readonly number[] {
  const content = contentOn(node.list, pageId);
  if (!node.linked || node.linked.size === 0) return content;
  return [...content, ...node.linked.keys()].sort((a, b) => a - b);
}

/** Attribute objects read per element (/A may list several, with revision numbers between them). */
const MAX_ATTRIBUTES = 16;

/** A kid as read from the file, before it is matched to a page: content names the page it is on. */
export type KidEntry =
  | { kind: 'content'; page: RefId | null; mcid: PdfValue | undefined }
  | { kind: 'element'; raw: PdfValue; key: Key };

/** Elements whose read kids are kept for the next pages; a document's top elements list most of it. */
const KID_CACHE_LIMIT = 20_000;

/** What the tree reads from the document, shared by its pages. */
export type StructContext = {
  objects: ObjectReader;
  /** /RoleMap: custom structure types → standard ones (one step, as pdf.js maps them). */
  roleMap: ReadonlyMap<string, string>;
  /** /ClassMap: class names → their attribute object or objects, which elements name in /C. */
  classMap: ReadonlyMap<string, PdfValue>;
  /** Position of a top-level element in the root's /K; NaN if absent, -1 if /K cannot be indexed. */
  topPosition(key: Key): number;
  /** Kids read per element reference, shared by the pages (every page reads the same ancestors). */
  kidCache: Map<RefId, KidList>;
};

/** Generations a numeric id holds; numbers up to 2^36 times this stay exact doubles. */
const GENERATIONS = 65_536;
const MAX_NUM = 2 ** 36;

/**
 * A reference's identity: `num × 65536 + gen` when both are whole numbers in
 * range (every real file; a number is cheaper to build and to hash than
 * text, and elements are looked up by it for every page), else the text `numRgen`.
 */
export function refId(ref: { num: number; gen: number }): RefId {
  const { num, gen } = ref;
  if (Number.isInteger(num) && Number.isInteger(gen) && num >= 0 && num < MAX_NUM && gen >= 0 && gen < GENERATIONS) return num * GENERATIONS + gen;
  return `${num}R${gen}`;
}

function keyOf(raw: PdfValue | undefined, dict: PdfDict): Key {
  return isRef(raw) ? refId(raw) : dict;
}

/** The structure tree of one page, built element by element from the ParentTree's entries. */
export class PageStructTree {
  private readonly nodes = new Map<Key, StructNode>();
  private readonly top: StructNode[] = [];
  private work = 0;
  /** Block elements met so far by `read()`. */
  private blocks = 0;
  /** Tables and their rows met so far by `read()`. */
  private counters: TableCounters = { tables: 0, rows: new Map(), lists: 0 };
  private readonly ctx: StructContext;
  private readonly pageId: RefId;

  constructor(ctx: StructContext, pageId: RefId) {
    this.ctx = ctx;
    this.pageId = pageId;
  }

  /** Adds the element `raw` refers to, and its ancestors (pdf.js addNode); null if it is not an element. */
  add(raw: PdfValue | undefined, level = 0, expansion = 0): StructNode | null {
    if (level > MAX_DEPTH) return null;
    const dict = this.ctx.objects.resolve(raw);
    if (!isDict(dict)) return null;
    const key = keyOf(raw, dict);
    const hit = this.nodes.get(key);
    if (hit) return hit;
    if (++this.work > MAX_WORK || expansion > MAX_EXPANSION) throw new Unsupported('structure tree too large');
    const node: StructNode = { role: this.role(dict), list: this.kids(dict, key), linked: null };
    if (node.role === FIGURE_ROLE) {
      const alt = this.alt(dict);
      if (alt) node.alt = alt;
    } else if (node.role === 'TD' || node.role === 'TH') {
      node.span = this.span(dict);
    } else if (node.role === 'L') {
      const numbering = this.numbering(dict);
      if (numbering) node.numbering = numbering;
    }
    this.nodes.set(key, node);
    if (EXPANDED.has(node.role)) {
      for (const e of node.list.entries) if (e.kind === 'element') this.add(e.raw, level - 1, expansion + 1);
    }
    const rawParent = dict.map.get('P');
    const parent = this.ctx.objects.resolve(rawParent);
    if (!isDict(parent) || isName(this.ctx.objects.lookup(parent, 'Type'), 'StructTreeRoot')) {
      const at = this.ctx.topPosition(key);
      if (Number.isNaN(at)) this.nodes.delete(key);
      else if (at >= 0) this.top[at] = node;
      return node;
    }
    const parentNode = this.add(rawParent, level + 1, expansion);
    if (!parentNode) return node;
    const listed = kidsWithKey(parentNode.list, key);
    for (const at of listed) (parentNode.linked ??= new Map()).set(at, node);
    if (listed.length === 0) this.nodes.delete(key);
    return node;
  }

  /**
   * `mc<MCID>` → role, as the role walk over pdf.js's serialized tree gives
   * it, and MCID → the alt text of the innermost described Figure holding it.
   */
  read(): PageStructure {
    const out = emptyStructure();
    this.blocks = 0;
    this.counters = { tables: 0, rows: new Map(), lists: 0 };
    for (const node of this.top) if (node) this.visit(node, { table: {} }, 0, out);
    return out;
  }

  private visit(node: StructNode, up: { role?: string; alt?: string; block?: number; table: TableContext }, level: number, out: PageStructure): void {
    if (level > MAX_DEPTH) return;
    if (++this.work > 2 * MAX_WORK) throw new Unsupported('structure tree too large');
    const role = innerRole(up.role, node.role);
    const alt = node.alt ?? up.alt;
    const block = startsBlock(up.role, node.role) ? this.blocks++ : up.block;
    const table = tableStep(node.role, up.table, this.counters, { block, span: () => node.span ?? [1, 1], cells: out.cells, numbering: () => node.numbering, items: out.items });
    for (const at of visited(node, this.pageId)) {
      const kid = node.list.entries[at];
      const linked = node.linked?.get(at);
      if (linked) {
        this.visit(linked, { role, alt, block, table }, level + 1, out);
      } else if (kid?.kind === 'content' && typeof kid.mcid === 'number') {
        // Text items only carry integer MCIDs; other values name nothing on the page.
        const id = `mc${kid.mcid}`;
        if (role) out.roles.set(id, role);
        if (block !== undefined) out.blocks.set(id, block);
        if (!out.order.has(id)) out.order.set(id, out.order.size);
        if (alt) out.alts.set(kid.mcid, alt);
      }
    }
  }

  /** A cell's RowSpan and ColSpan from its Table attribute objects (/A; class maps are not read). */
  private span(dict: PdfDict): [number, number] {
    let rows = 1, cols = 1;
    for (const attrs of this.attributes(dict, 'Table')) {
      const r = this.ctx.objects.lookup(attrs, 'RowSpan'), c = this.ctx.objects.lookup(attrs, 'ColSpan');
      // Later attribute objects override earlier ones, as pdf.js reads them.
      if (r !== undefined) rows = spanCount(r);
      if (c !== undefined) cols = spanCount(c);
    }
    return [rows, cols];
  }

  /** A list's ListNumbering from its List attribute objects (/A), the last one that states it. */
  private numbering(dict: PdfDict): string | undefined {
    let out: string | undefined;
    for (const attrs of this.attributes(dict, 'List')) {
      const n = this.ctx.objects.lookup(attrs, 'ListNumbering');
      if (isName(n)) out = n.name;
    }
    return out;
  }

  /**
   * The element's attribute objects owned by `owner`, those of its classes
   * (/C through the /ClassMap) before its own (/A), which take precedence.
   */
  private attributes(dict: PdfDict, owner: string): PdfDict[] {
    const c = this.ctx.objects.lookup(dict, 'C');
    const classes = (Array.isArray(c) ? c : [c]).slice(0, MAX_ATTRIBUTES).flatMap((name) => {
      const attrs = isName(name) ? this.ctx.objects.resolve(this.ctx.classMap.get(name.name)) : undefined;
      return Array.isArray(attrs) ? attrs : attrs === undefined ? [] : [attrs];
    });
    const a = this.ctx.objects.lookup(dict, 'A');
    const out: PdfDict[] = [];
    for (const raw of [...classes, ...(Array.isArray(a) ? a : [a])].slice(0, 2 * MAX_ATTRIBUTES)) {
      const attrs = this.ctx.objects.resolve(raw);
      if (isDict(attrs) && isName(this.ctx.objects.lookup(attrs, 'O'), owner)) out.push(attrs);
    }
    return out;
  }

  /** A Figure's description: /Alt, else /ActualText (as pdf.js takes it), trimmed and bounded. */
  private alt(dict: PdfDict): string | undefined {
    for (const key of ['Alt', 'ActualText']) {
      const v = this.ctx.objects.lookup(dict, key);
      // Bytes cut first, so a hostile megabyte string costs nothing (four bytes cover any character).
      if (isString(v)) return cleanAlt(decodeTextString(v.bytes.slice(0, 4 * MAX_ALT_CHARS)));
    }
    return undefined;
  }

  private role(dict: PdfDict): string {
    const s = this.ctx.objects.lookup(dict, 'S');
    const name = isName(s) ? s.name : '';
    return this.ctx.roleMap.get(name) ?? name;
  }

  /** An element's kids (pdf.js parseKids): content and element kids; objects are left out. */
  private kids(dict: PdfDict, key: Key): KidList {
    const cache = this.ctx.kidCache;
    const hit = typeof key !== 'object' ? cache.get(key) : undefined;
    if (hit) return hit;
    const list: KidList = { entries: this.readKids(dict) };
    if (typeof key !== 'object' && cache.size < KID_CACHE_LIMIT) cache.set(key, list);
    return list;
  }

  private readKids(dict: PdfDict): KidEntry[] {
    const pg = dict.map.get('Pg');
    const pageId = isRef(pg) ? refId(pg) : null;
    const rawK = dict.map.get('K');
    const k = this.ctx.objects.resolve(rawK);
    const out: KidEntry[] = [];
    for (const raw of Array.isArray(k) ? k : [rawK]) {
      const kid = this.kid(pageId, raw);
      if (kid) out.push(kid);
    }
    return out;
  }

  /** pdf.js parseKids for one kid: an integer MCID or an MCR is content of its page; OBJRs drop out. */
  private kid(elementPage: RefId | null, raw: PdfValue | undefined): KidEntry | null {
    const v = this.ctx.objects.resolve(raw);
    if (typeof v === 'number') return Number.isInteger(v) ? { kind: 'content', page: elementPage, mcid: v } : null;
    if (!isDict(v)) return null;
    const pg = v.map.get('Pg');
    const page = isRef(pg) ? refId(pg) : elementPage;
    const type = this.ctx.objects.lookup(v, 'Type');
    if (isName(type, 'MCR')) return { kind: 'content', page, mcid: this.ctx.objects.lookup(v, 'MCID') };
    if (isName(type, 'OBJR')) return null;
    return { kind: 'element', raw: raw ?? null, key: keyOf(raw, v) };
  }
}
