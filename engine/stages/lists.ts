/**
 * Stage `lists`: paragraphs that start with a bullet or an item number become
 * list items. Consecutive items form a list; a marker further right than the
 * current level's opens a nested list; a plain paragraph indented to an item's
 * text is that item's continuation.
 */
import type { Block, Line, ListItem, Span } from '../model.ts';
import type { Stage } from '../stage.ts';
import { isSpace, unionBox } from '../geometry.ts';

type Para = Extract<Block, { kind: 'paragraph' }>;
type List = Extract<Block, { kind: 'list' }>;

// Dingbat pointers, checks and arrows (☞ ☛ ✓ ✔ ➢ ➤ ❖ ◆ ★) mark items too: groff's mom uses ☞ for sub-items.
const BULLET = /^\s*([•◦▪▫‣⁃∙●○■□►▸–\-*·☞☛✓✔➢➣➤➔❖◆◇★☆])\s+/u;
const NUMBER = /^\s*(\d{1,3}|[a-zA-Z]|[ivxlcIVXLC]{1,6})([.)])\s+|^\s*\((\d{1,3}|[a-z]|[ivxlc]{1,6})\)\s+/;

/**
 * A paragraph's list marker. Digits number an ordered list (Markdown renumbers
 * from `start`); a letter or roman numeral ("a.", "(b)", "iv.", "A)") is
 * `literal`: Markdown has no such lists, so the item keeps the document's own
 * marker as its text, in a bullet list, instead of being renumbered.
 */
export type Marker = { ordered: boolean; literal: boolean; start?: number; length: number; label?: string };

/**
 * Points (not ems: markers are compared across items of any size) a marker sits right of its level's to open a
 * nested list, or a block right of the item's marker to continue the item.
 */
const NEST_PT = 6;
/** Points a marker sits left of the open level's before that level closes (a marker's own width varies this much). */
const CLOSE_PT = 3;
/** Points an item's text is assumed to start right of its marker when the item has no line to measure. */
const TEXT_INDENT_PT = 12;
/** Points a continuation may start left of its item's text (a hanging indent set a hair short). */
const TEXT_SLACK_PT = 4;

/** Times a bullet's sign repeats right after it that make the line a drawn rule ("- - - - - x"), not an item. */
const RULE_REPEATS = 2;

/** Whether `rest` opens with `sign` again, space-separated, `RULE_REPEATS` times: a rule typed with the sign. */
function repeatsMarker(rest: string, sign: string): boolean {
  let k = 0, n = 0;
  while (n < RULE_REPEATS && rest[k] === sign && (rest[k + 1] === ' ' || k + 1 === rest.length)) {
    n++;
    k++;
    while (rest[k] === ' ') k++;
  }
  return n >= RULE_REPEATS;
}

/** The marker a paragraph starts with, if any. */
export function listMarker(text: string): Marker | null {
  const b = BULLET.exec(text);
  if (b) return repeatsMarker(text.slice(b[0].length), b[1]!) ? null : { ordered: false, literal: false, length: b[0].length };
  const n = NUMBER.exec(text);
  if (!n) return null;
  const label = n[1] ?? n[3] ?? ''; // group 1: a dotted label, group 3: a parenthesised one
  if (!/^\d+$/.test(label)) return { ordered: false, literal: true, length: n[0].length, label };
  return { ordered: true, literal: false, start: Number(label), length: n[0].length };
}

/** The spans with their first `length` characters (a list marker) cut, and the space after it. */
export function stripMarker(spans: Span[], length: number): Span[] {
  const out: Span[] = [];
  let left = length;
  for (let i = 0; i < spans.length; i++) {
    const s = spans[i]!;
    if (left <= 0) { out.push(s); continue; }
    const cut = Math.min(left, s.text.length);
    left -= cut;
    const rest = s.text.slice(cut);
    if (rest) out.push({ ...s, text: rest });
  }
  if (out[0]) out[0] = { ...out[0], text: out[0].text.replace(/^\s+/, '') };
  return out;
}

/**
 * Characters past its leading spacing a text needs for {@link listMarker} to
 * read its marker: the longest marker, "(viii)", and a space take nine.
 */
const MARKER_LOOKAHEAD = 16;

/**
 * The start of the spans' joined text that {@link listMarker} reads as it
 * reads the whole: sixteen characters past the leading spacing, ending in one
 * that is not spacing (so the spacing after a marker is counted whole), or
 * the whole text. Paragraphs are not joined whole to find their markers.
 */
export function markerText(spans: readonly { text: string }[]): string {
  let text = '';
  for (let i = 0; i < spans.length; i++) {
    text += spans[i]!.text;
    if (text.length - text.trimStart().length + MARKER_LOOKAHEAD <= text.length && !isSpace(text.charCodeAt(text.length - 1))) break;
  }
  return text;
}

/** A list being built, with the x of its markers and of its items' text, and whether its items keep their markers. */
export type Open = { list: List; x: number; textX: number; literal: boolean };

/** The paragraph and label each literal-marker item was made from, so items that are no list can be paragraphs again. */
const sources = new WeakMap<ListItem, { para: Para; label: string }>();

function newList(p: Para, m: Marker): List {
  return { kind: 'list', ordered: m.ordered, ...(m.ordered && m.start !== undefined ? { start: m.start } : {}), items: [], prov: { ...p.prov } };
}

/** Where an item's text starts after its marker: the next run, or inside the first run when the marker shares it. */
function textStart(line: Line, markerLength: number): number {
  const first = line.runs[0]!;
  const text = first.text.trimStart();
  if (text.length > markerLength) return first.box.x0 + (first.box.x1 - first.box.x0) * (markerLength / text.length);
  return line.runs[1]?.box.x0 ?? first.box.x1;
}

/**
 * Where an item's marker sits: its first line's left edge. Not the paragraph's:
 * turnover lines set flush with the column, left of an indented bullet, would
 * put a wrapped item a level above its one-line siblings.
 */
function markerX(p: Para): number {
  return p.lines?.[0]?.box.x0 ?? p.prov.box.x0;
}

function addItem(stack: Open[], p: Para, m: Marker): List | null {
  const x = markerX(p);
  while (stack.length > 1 && x < stack.at(-1)!.x - CLOSE_PT) stack.pop();
  let top = stack.at(-1);
  // A literal-marker item after numbered or bulleted ones at the same level (or the reverse) starts a list of its own.
  if (top && top.literal !== m.literal && x <= top.x + NEST_PT) {
    stack.pop();
    const parent = stack.at(-1);
    const list = newList(p, m);
    if (parent) parent.list.items.at(-1)!.children.push(list);
    top = { list, x, textX: x, literal: m.literal };
    stack.push(top);
    if (!parent) return finishItem(top, p, m, list);
  }
  let created: List | null = null;
  if (!top || (x > top.x + NEST_PT && top.list.items.length > 0)) {
    const list = newList(p, m);
    if (top) top.list.items.at(-1)!.children.push(list);
    else created = list;
    top = { list, x, textX: x, literal: m.literal };
    stack.push(top);
  }
  return finishItem(top, p, m, created);
}

function finishItem(top: Open, p: Para, m: Marker, created: List | null): List | null {
  const x = markerX(p);
  const line = p.lines?.[0];
  const second = p.lines?.[1];
  top.textX = second ? second.box.x0 : line ? textStart(line, m.length) : x + TEXT_INDENT_PT;
  const item: ListItem = { spans: m.literal ? p.spans : stripMarker(p.spans, m.length), children: [] };
  if (m.literal) sources.set(item, { para: p, label: m.label ?? '' });
  top.list.items.push(item);
  if (top.list.prov.page === p.prov.page) top.list.prov.box = unionBox([top.list.prov.box, p.prov.box]);
  return created;
}

/**
 * Groups marker paragraphs (and their indented continuations) into nested
 * lists. `stack` holds the lists still open from the page before: an item's
 * text may run on at the top of the next page.
 */
export function buildLists(blocks: Block[], stack: Open[] = []): Block[] {
  const out: Block[] = [];
  for (const b of blocks) {
    const m = b.kind === 'paragraph' ? listMarker(markerText(b.spans)) : null;
    if (b.kind === 'paragraph' && m) {
      const created = addItem(stack, b, m);
      if (created) out.push(created);
      continue;
    }
    const top = stack.at(-1);
    const item: ListItem | undefined = top?.list.items.at(-1);
    // Indented past the marker: the item's continuation (paragraph, code, nested table).
    if (top && item && b.kind !== 'heading' && b.prov.box.x0 >= top.x + NEST_PT && b.prov.box.x0 >= top.textX - TEXT_SLACK_PT) {
      item.children.push(b);
      continue;
    }
    stack.length = 0;
    out.push(b);
  }
  return out;
}

const ROMAN: Record<string, number> = { i: 1, v: 5, x: 10, l: 50, c: 100 }; // the numerals' values

/** A roman numeral's value, or NaN. */
function romanValue(label: string): number {
  const ds = [...label.toLowerCase()].map((c) => ROMAN[c] ?? NaN);
  return ds.reduce((sum, d, k) => sum + (d < (ds[k + 1] ?? 0) ? -d : d), 0);
}

/** Whether `b` is the label after `a`, read as letters ("a", "b") or as roman numerals ("iv", "v"). */
function follows(a: string, b: string): boolean {
  const letter = (l: string) => (/^[a-z]$/i.test(l) ? l.toLowerCase().charCodeAt(0) : NaN);
  return letter(b) === letter(a) + 1 || romanValue(b) === romanValue(a) + 1;
}

/**
 * A literal-marker "list" whose labels do not count on (a lone item, or
 * "T. Kanungo…", "M. Mitchell…", "A. Nayebi…": references and sentences that
 * open with an initial) is no list: its items go back to their paragraphs,
 * each followed by its continuations.
 */
function unwrapLone(blocks: Block[]): Block[] {
  return blocks.flatMap((b): Block[] => {
    if (b.kind !== 'list') return [b];
    for (const it of b.items) it.children = unwrapLone(it.children);
    const srcs = b.items.map((it) => sources.get(it));
    if (srcs.some((x) => x === undefined)) return [b];
    const counts = b.items.length > 1 && srcs.every((x, k) => k === 0 || follows(srcs[k - 1]!.label, x!.label));
    return counts ? [b] : b.items.flatMap((it, k) => [srcs[k]!.para, ...it.children]);
  });
}

/** Marker paragraphs → lists, continuing a list across a page break. */
export const lists: Stage = {
  name: 'lists',
  run(doc) {
    const stack: Open[] = [];
    const built = doc.pages.map((p) => ({ ...p, blocks: buildLists(p.blocks, stack) }));
    return { ...doc, pages: built.map((p) => ({ ...p, blocks: unwrapLone(p.blocks) })) };
  },
};
