/**
 * Tagged PDFs: maps marked-content ids to the structure role that contains
 * them (H1..H6, P, LI, Code...), so runs can carry the author's own block
 * semantics, and marked content inside a Figure to the Figure's alt text.
 * Used as a cross-check, never as the only signal.
 */
import type { PDFPageProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';
import type { FigureAlt, TreeCellAt, TreeItemAt } from '../model.ts';

type StructNode = { role?: string; type?: string; id?: string; alt?: string; rowSpan?: number; colSpan?: number; children?: StructNode[] };

/** What a page's structure tree says about its marked content. */
export type PageStructure = {
  /** `mc<MCID>` → the role text inside it gets. */
  roles: Map<string, string>;
  /** MCID → the alt text (/Alt, else /ActualText) of the innermost described Figure holding it. */
  alts: Map<number, string>;
  /** `mc<MCID>` → which block element (see {@link startsBlock}) of the page holds it, counted in tree order. */
  blocks: Map<string, number>;
  /** `mc<MCID>` → its place in the tree's reading order: the depth-first order of the page's marked content. */
  order: Map<string, number>;
  /** Block number of each table cell (TD, TH) → where the tree puts it. */
  cells: Map<number, TreeCell>;
  /** Block number of each list item (LI) → its list and the item it is nested in. */
  items: Map<number, TreeItem>;
};

/** Where the structure tree puts a list item: its list (numbered per page in tree order), the item holding that list, the list's numbering. */
export type TreeItem = Omit<TreeItemAt, 'block'>;

/**
 * Where the structure tree puts a table cell: its table and row (numbered
 * per page in tree order), whether it is a header cell, and its spans (the
 * Table attributes RowSpan and ColSpan, 1 when absent).
 */
export type TreeCell = { table: number; row: number; header: boolean; rowSpan: number; colSpan: number };

/** Rows and columns a cell may span; larger values are taken as this. */
export const MAX_CELL_SPAN = 1_000;

/** The structure of a page without a tree (never written to). */
export const NO_STRUCTURE: Readonly<PageStructure> = Object.freeze({ roles: new Map<string, string>(), alts: new Map<number, string>(), blocks: new Map<string, number>(), order: new Map<string, number>(), cells: new Map<number, TreeCell>(), items: new Map<number, TreeItem>() });

/** A page structure to fill in. */
export function emptyStructure(): PageStructure {
  return { roles: new Map(), alts: new Map(), blocks: new Map(), order: new Map(), cells: new Map(), items: new Map() };
}

/**
 * Table and list context a walk passes down: the open table and its row; the
 * open list (with the item holding it and its numbering) and the item (LI
 * block) the text is in.
 */
export type TableContext = { table?: number; row?: number; list?: { id: number; parent?: number; numbering?: string }; item?: number };

/** Counters of one walk over a page's tree. */
export type TableCounters = { tables: number; rows: Map<number, number>; lists: number };

/**
 * The table context below an element of `role`, recording it in `cells`
 * when it is a cell (its block number `block`) with spans `span`.
 */
export function tableStep(role: string | undefined, up: TableContext, counters: TableCounters, cell: { block?: number; span: () => [number, number]; cells: Map<number, TreeCell>; numbering?: () => string | undefined; items?: Map<number, TreeItem> }): TableContext {
  if (role === 'Table') return { table: counters.tables++ };
  if (role === 'L') {
    const numbering = cell.numbering?.();
    return { ...up, list: { id: counters.lists++, ...(up.item === undefined ? {} : { parent: up.item }), ...(numbering ? { numbering } : {}) } };
  }
  if (role === 'LI' && up.list && cell.block !== undefined && cell.block !== up.item) {
    const { id, parent, numbering } = up.list;
    cell.items?.set(cell.block, { list: id, ...(parent === undefined ? {} : { parent }), ...(numbering ? { numbering } : {}) });
    return { ...up, item: cell.block };
  }
  if (role === 'TR' && up.table !== undefined) {
    const row = counters.rows.get(up.table) ?? 0;
    counters.rows.set(up.table, row + 1);
    return { table: up.table, row };
  }
  if ((role === 'TD' || role === 'TH') && up.table !== undefined && up.row !== undefined && cell.block !== undefined) {
    const [rowSpan, colSpan] = cell.span();
    cell.cells.set(cell.block, { table: up.table, row: up.row, header: role === 'TH', rowSpan, colSpan });
  }
  return up;
}

/** A span attribute as a count of rows or columns: 1 unless a whole number above 1. */
export function spanCount(v: unknown): number {
  return typeof v === 'number' && Number.isInteger(v) && v > 1 ? Math.min(v, MAX_CELL_SPAN) : 1;
}

/** The alt texts as the page model keeps them. */
export function figureAlts(alts: ReadonlyMap<number, string>): FigureAlt[] {
  return [...alts].map(([mcid, alt]) => ({ mcid, alt }));
}

/** The list items as the page model keeps them. */
export function treeItems(items: ReadonlyMap<number, TreeItem>): TreeItemAt[] {
  return [...items].map(([block, it]) => ({ block, ...it }));
}

/** The table cells as the page model keeps them. */
export function treeCells(cells: ReadonlyMap<number, TreeCell>): TreeCellAt[] {
  return [...cells].map(([block, c]) => ({ block, ...c }));
}

/** The standard structure type of pictures, whose /Alt describes them. */
export const FIGURE_ROLE = 'Figure';
/** Longest alt text kept, in characters: a description, not a document. */
export const MAX_ALT_CHARS = 500;

/** Roles that say what kind of block text belongs to; other roles inherit their parent's. */
const MEANINGFUL = /^(?:H[1-6]?|P|LI|Lbl|LBody|TH|TD|Code|BlockQuote|Caption|TOCI|Title)$/;
/** Deep or cyclic trees are cut off here. */
const MAX_DEPTH = 64;

/** Once inside one of these, inner roles (inline Code, Link, a P inside an LI) do not override it. */
const STICKY = /^(?:H[1-6]?|P|LI|TH|TD|Caption|TOCI|Title)$/;

/**
 * The role text inside a structure element gets: the inherited role if it is
 * sticky, else the element's own role if it is meaningful, else the inherited one.
 */
export function innerRole(inherited: string | undefined, role: string | undefined): string | undefined {
  // An item's label keeps a role of its own, so the item's text can be told from its bullet or number.
  if (role === 'Lbl' && inherited === 'LI') return role;
  return inherited && STICKY.test(inherited) ? inherited : role && MEANINGFUL.test(role) ? role : inherited;
}

/** Elements that are one block of text each: a paragraph, a heading, a caption, a list item, a table cell. */
const BLOCK = /^(?:H[1-6]?|P|LI|TH|TD|Caption|TOCI|Title|Code|BlockQuote)$/;
/** Elements that nest inside each other and stay blocks of their own there (a sub-list's item, a nested table's cell). */
const NESTED_BLOCK = /^(?:LI|TH|TD)$/;

/**
 * Whether an element with role `role`, inside text of role `inherited`,
 * starts a block of its own: a P inside a list item or a cell is part of
 * that item or cell, a nested item or cell is not.
 */
export function startsBlock(inherited: string | undefined, role: string | undefined): boolean {
  if (!role) return false;
  if (NESTED_BLOCK.test(role)) return true;
  return !(inherited && STICKY.test(inherited)) && BLOCK.test(role);
}

/** An alt text on one line, bounded; undefined when empty. */
export function cleanAlt(alt: string | undefined): string | undefined {
  return alt?.replace(/\s+/g, ' ').trim().slice(0, MAX_ALT_CHARS) || undefined;
}

/** pdf.js names marked content `<page id>_mc<MCID>`; the MCID, if the id has that form. */
function mcidOf(id: string): number | undefined {
  const m = /(?:^|_)mc(\d+)$/.exec(id);
  return m ? Number(m[1]) : undefined;
}

/** What a node passes down to its kids. */
type Inherited = { role?: string; alt?: string; block?: number; table: TableContext };

/** The walk's output, and how many block elements and tables it has met. */
type Walk = { out: PageStructure; blocks: number; counters: TableCounters };

function walk(node: StructNode, up: Inherited, w: Walk, depth: number): void {
  if (depth > MAX_DEPTH) return;
  const { out } = w;
  const role = innerRole(up.role, node.role);
  const alt = (node.role === FIGURE_ROLE ? cleanAlt(node.alt) : undefined) ?? up.alt;
  const block = node.type !== 'content' && startsBlock(up.role, node.role) ? w.blocks++ : up.block;
  const span = (): [number, number] => [spanCount(node.rowSpan), spanCount(node.colSpan)];
  const table = node.type === 'content' ? up.table : tableStep(node.role, up.table, w.counters, { block, span, cells: out.cells, items: out.items });
  if (node.type === 'content' && node.id) {
    if (role) out.roles.set(node.id, role);
    if (block !== undefined) out.blocks.set(node.id, block);
    if (!out.order.has(node.id)) out.order.set(node.id, out.order.size);
    const mcid = alt ? mcidOf(node.id) : undefined;
    if (alt && mcid !== undefined) out.alts.set(mcid, alt);
  }
  for (const child of node.children ?? []) walk(child, { role, alt, block, table }, w, depth + 1);
}

/** The page's structure as pdf.js reads it; empty when the page has no tree. */
export async function pageStructure(page: PDFPageProxy): Promise<PageStructure> {
  const out = emptyStructure();
  try {
    const tree = (await page.getStructTree()) as StructNode | null;
    if (tree) walk(tree, { table: {} }, { out, blocks: 0, counters: { tables: 0, rows: new Map(), lists: 0 } }, 0);
  } catch {
    // A broken structure tree is no structure tree.
  }
  return out;
}

/** Marked-content id → structure role for one page; empty when the page has no tree. */
export async function structRoles(page: PDFPageProxy): Promise<Map<string, string>> {
  return (await pageStructure(page)).roles;
}
