/**
 * The document outline (bookmarks) read straight from the objects, flat in
 * document order with nesting levels, as pdf.js's getOutline() and
 * engine/extract/outline.ts give it: the title, and the page its
 * destination (/Dest, or a GoTo action's /D; a name looked up in the
 * catalog's /Dests or its /Names /Dests tree) points at.
 */
import type { PdfObjects } from './pdf-objects.ts';
import { decodeTextString } from './text-string.ts';
import { isDict, isName, isRef, isString, refKey, type PdfDict, type PdfValue } from './values.ts';

/** One outline entry. */
export type OutlineEntry = { title: string; level: number; page?: number | undefined };

/** Caps the walk so a cyclic or enormous outline cannot stall conversion. */
const MAX_ENTRIES = 5000;
/** Name-tree entries and nodes read to resolve named destinations. */
const MAX_NAMES = 200_000;
/** Outline and name-tree nesting followed. */
const MAX_DEPTH = 64;

/** Zoom modes of an explicit destination and how many arguments each takes (as pdf.js validates them). */
const ZOOM_ARGS: Record<string, [number, number]> = {
  XYZ: [2, 3], Fit: [0, 0], FitB: [0, 0], FitH: [0, 1], FitBH: [0, 1], FitV: [0, 1], FitBV: [0, 1], FitR: [4, 4],
};

type Ctx = { objects: PdfObjects; pageOf: (ref: { num: number; gen: number }) => number | undefined; names?: Map<string, PdfValue> };

/** The page (1-based) of an explicit destination pdf.js accepts, else undefined. */
function explicitPage(ctx: Ctx, dest: PdfValue[]): number | undefined {
  const [page, zoom, ...args] = dest;
  if (!isName(zoom)) return undefined;
  const range = ZOOM_ARGS[zoom.name];
  if (!range || args.length < range[0] || args.length > range[1]) return undefined;
  if (isRef(page)) return ctx.pageOf(page);
  return Number.isInteger(page) ? (page as number) + 1 : undefined;
}

/** Every entry of a name tree (bounded), keys as raw bytes. */
function readNameTree(objects: PdfObjects, node: PdfValue | undefined, into: Map<string, PdfValue>, depth: number, seen: Set<number>): void {
  if (depth > MAX_DEPTH || into.size > MAX_NAMES) return;
  const dict = objects.resolve(node);
  if (isRef(node)) {
    if (seen.has(refKey(node.num, node.gen))) return;
    seen.add(refKey(node.num, node.gen));
  }
  if (!isDict(dict)) return;
  const names = objects.resolve(dict.map.get('Names'));
  if (Array.isArray(names)) {
    for (let i = 0; i + 1 < names.length; i += 2) {
      const key = objects.resolve(names[i]);
      if (isString(key) && !into.has(key.bytes)) into.set(key.bytes, names[i + 1]!);
    }
  }
  const kids = objects.resolve(dict.map.get('Kids'));
  if (Array.isArray(kids)) for (const k of kids) readNameTree(objects, k, into, depth + 1, seen);
}

/** Named destinations: the catalog's /Dests dictionary and its /Names /Dests tree (the tree wins, as in pdf.js). */
function namedDests(ctx: Ctx): Map<string, PdfValue> {
  if (ctx.names) return ctx.names;
  const names = new Map<string, PdfValue>();
  const catalog = ctx.objects.rootRef ? ctx.objects.get(ctx.objects.rootRef.num, ctx.objects.rootRef.gen) : undefined;
  if (isDict(catalog)) {
    const tree = ctx.objects.lookup(catalog, 'Names');
    if (isDict(tree)) readNameTree(ctx.objects, tree.map.get('Dests'), names, 0, new Set());
    const old = ctx.objects.lookup(catalog, 'Dests');
    if (isDict(old)) for (const [k, v] of old.map) if (!names.has(k)) names.set(k, v);
  }
  ctx.names = names;
  return names;
}

/** The explicit destination a named one stands for (array, or a dictionary's /D). */
function named(ctx: Ctx, name: string): PdfValue | undefined {
  const v = ctx.objects.resolve(namedDests(ctx).get(name));
  return isDict(v) ? ctx.objects.lookup(v, 'D') : v;
}

/** The page a destination value points at. */
function destPage(ctx: Ctx, raw: PdfValue | undefined): number | undefined {
  let dest = ctx.objects.resolve(raw);
  if (isName(dest) || isString(dest)) dest = named(ctx, isName(dest) ? dest.name : dest.bytes);
  return Array.isArray(dest) ? explicitPage(ctx, dest) : undefined;
}

/** Where a link goes: the page (1-based) and, for XYZ, FitH and FitBH views, the top in PDF space. */
export type DestPosition = { page: number; top: number | null };

/** The view's top of an explicit destination's zoom mode and arguments, as links resolve it. */
function viewTop(zoom: string | undefined, args: readonly unknown[]): number | null {
  const top = zoom === 'XYZ' ? args[1] : zoom === 'FitH' || zoom === 'FitBH' ? args[0] : null;
  return typeof top === 'number' ? top : null;
}

/**
 * Resolves a link's destination key (`name:<name>` or `json:<explicit
 * destination as pdf.js gives it>`, link-action.ts destKey) to a position;
 * null when it leads nowhere. Throws PdfObjectsError when an object cannot be read.
 */
export function destinationResolver(objects: PdfObjects, pageOf: Ctx['pageOf']): (key: string) => DestPosition | null {
  const ctx: Ctx = { objects, pageOf };
  return (key) => {
    if (key.startsWith('json:')) {
      const [target, zoom, ...args] = JSON.parse(key.slice(5)) as [unknown, { name?: string } | undefined, ...unknown[]];
      const ref = target as { num?: unknown; gen?: unknown } | null;
      const page = typeof target === 'number' ? target + 1
        : ref && typeof ref.num === 'number' && typeof ref.gen === 'number' ? pageOf({ num: ref.num, gen: ref.gen }) : undefined;
      return page === undefined ? null : { page, top: viewTop(zoom?.name, args) };
    }
    const dest = key.startsWith('name:') ? named(ctx, key.slice(5)) : undefined;
    if (!Array.isArray(dest)) return null;
    const page = explicitPage(ctx, dest);
    const zoom = ctx.objects.resolve(dest[1]);
    return page === undefined ? null : { page, top: viewTop(isName(zoom) ? zoom.name : undefined, dest.slice(2).map((a) => objects.resolve(a))) };
  };
}

/** pdf.js parseDestDictionary: a GoTo action's /D when there is an action, else /Dest. */
function itemPage(ctx: Ctx, item: PdfDict): number | undefined {
  const action = ctx.objects.lookup(item, 'A');
  if (isDict(action)) return isName(ctx.objects.lookup(action, 'S'), 'GoTo') ? destPage(ctx, action.map.get('D')) : undefined;
  return item.map.has('Dest') ? destPage(ctx, item.map.get('Dest')) : undefined;
}

/**
 * The outline in document order. `pageOf` numbers a page object (1-based).
 * Throws PdfObjectsError when an object it needs cannot be read.
 */
export function readOutline(objects: PdfObjects, pageOf: Ctx['pageOf']): OutlineEntry[] {
  const ctx: Ctx = { objects, pageOf };
  const catalog = objects.rootRef ? objects.get(objects.rootRef.num, objects.rootRef.gen) : undefined;
  const root = isDict(catalog) ? objects.lookup(catalog, 'Outlines') : undefined;
  if (!isDict(root)) return [];
  const out: OutlineEntry[] = [];
  const seen = new Set<number>();
  // Only references are followed, each once, as pdf.js does.
  const walk = (first: PdfValue | undefined, level: number): void => {
    for (let at = first; isRef(at) && !seen.has(refKey(at.num, at.gen)) && out.length < MAX_ENTRIES;) {
      seen.add(refKey(at.num, at.gen));
      const item = objects.resolve(at);
      if (!isDict(item)) return;
      const title = objects.lookup(item, 'Title');
      out.push({ title: (isString(title) ? decodeTextString(title.bytes) : '').trim(), level, page: itemPage(ctx, item) });
      if (level < MAX_DEPTH) walk(item.map.get('First'), level + 1);
      at = item.map.get('Next');
    }
  };
  walk(root.map.get('First'), 1);
  return out;
}
