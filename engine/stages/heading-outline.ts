/**
 * Matching paragraphs with the PDF outline's titles. Titles and headings are
 * compared by a key that ignores case, spacing and quote and dash styles.
 * Papers often number headings differently in the text and in the bookmarks
 * (hyperref writes "III-A Google DeepDream" for the heading "A. Google
 * DeepDream", "I Introduction" for "I. INTRODUCTION"), so a title that finds
 * no heading by its full key is tried again without its section number, and
 * a long one by its letters and digits alone.
 */
import type { Block, DocSignals } from '../model.ts';
import { lineText } from '../geometry.ts';

type Para = Extract<Block, { kind: 'paragraph' }>;

/**
 * Text key for matching a heading with its outline title: case, spacing, quote
 * style and dash style are ignored, other punctuation counts ("// input" is
 * not "input").
 */
export function outlineKey(text: string): string {
  return text.normalize('NFKC').toLowerCase().replace(/[\s'"`\u2018\u2019\u201C\u201D]+/g, '').replace(/[\u2010-\u2015\u2212]/g, '-');
}

/** Loose text key (letters and digits only), for fuzzy title comparisons. */
export function titleKey(text: string): string {
  return text.toLowerCase().normalize('NFKC').replace(/[^\p{L}\p{N}]+/gu, '');
}

/**
 * The length of {@link outlineKey} of ASCII text, counted without building
 * the key (NFKC and lower case leave ASCII as long as it is; spacing and
 * quotes go), or -1 for other text.
 */
export function asciiOutlineKeyLength(text: string): number {
  let n = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c >= 0x80) return -1;
    if (c !== 0x20 && (c < 0x09 || c > 0x0d) && c !== 0x22 && c !== 0x27 && c !== 0x60) n++; // not spacing, a double or single quote or a backtick
  }
  return n;
}

/** The length of {@link titleKey} of ASCII text (its letters and digits), or -1 for other text. */
export function asciiTitleKeyLength(text: string): number {
  let n = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c >= 0x80) return -1;
    if ((c >= 0x30 && c <= 0x39) || ((c | 0x20) >= 0x61 && (c | 0x20) <= 0x7a)) n++; // 0-9, a-z either case
  }
  return n;
}

/** The lengths of a map's keys. */
export function keyLengths(keys: Iterable<string>): Set<number> {
  return new Set(Array.from(keys, (k) => k.length));
}

/** A loose key this long is specific enough to match a title whose punctuation differs ("Appendix A: Texts", "APPENDIX A TEXTS"). */
const MIN_LOOSE_KEY = 12;

/** A section number before a title: arabic, roman or a letter, in dotted or dashed parts ("2.3", "III-A", "A.", "IV"). */
const SECTION_NUMBER = /^\s*(?:\d{1,3}|[IVXLC]{1,6}|[A-Z])(?:[.-](?:\d{1,3}|[IVXLC]{1,6}|[A-Z]))*[.:)]?\s+(?=\S)/;

/** The key of a title without its section number, or null when it has none or too little is left. */
export function bareKey(text: string): string | null {
  const m = SECTION_NUMBER.exec(text);
  if (!m) return null;
  const key = outlineKey(text.slice(m[0].length));
  return /\p{L}{3}/u.test(key) ? key : null;
}

type Entry = { level: number; page?: number; used: boolean };
/** Outline entries by full key and by key without a section number, each list in document order. */
export type OutlineIndex = { byKey: Map<string, Entry[]>; byBare: Map<string, Entry[]>; byLoose: Map<string, Entry[]>; maxLevel: number; size: number };

const push = (m: Map<string, Entry[]>, k: string, e: Entry) => m.set(k, [...(m.get(k) ?? []), e]);

/** Indexes the outline for {@link matchOutline}. */
export function indexOutline(outline: DocSignals['outline']): OutlineIndex {
  const byKey = new Map<string, Entry[]>(), byBare = new Map<string, Entry[]>(), byLoose = new Map<string, Entry[]>();
  for (const o of outline) {
    const e: Entry = { level: o.level, page: o.page, used: false };
    const k = outlineKey(o.title);
    if (k.length > 0) push(byKey, k, e);
    push(byBare, bareKey(o.title) ?? k, e);
    const loose = titleKey(o.title);
    if (loose.length >= MIN_LOOSE_KEY) push(byLoose, loose, e);
  }
  return { byKey, byBare, byLoose, maxLevel: Math.max(0, ...outline.map((o) => o.level)), size: outline.length };
}

const nextFree = (list: Entry[] | undefined): Entry | undefined => list?.find((e) => !e.used);

/** A short paragraph's text, its outline key once built, and the lengths of its keys where ASCII tells them (-1 elsewhere). */
type Short = { p: Para; text: string; key?: string; keyLength: number; looseLength: number };
type Lookup = (s: Short) => Entry[] | undefined;

/** Whether a key of this length (-1: not known) may be among keys of these lengths. */
const mayHold = (lengths: ReadonlySet<number>, n: number): boolean => n < 0 || lengths.has(n);

/**
 * Matches short paragraphs against outline titles in document order, each
 * title used once and only on (or next to) the page its bookmark points at.
 * Exact keys are matched over the whole document first, so that a looser key
 * cannot hand a title to an earlier look-alike (a bulleted table of contents,
 * a code line naming the function the heading documents).
 */
export function matchOutline(paras: Para[], idx: OutlineIndex, maxLines: number): Map<Para, number> {
  const out = new Map<Para, number>();
  const short: Short[] = paras.filter((p) => (p.lines?.length ?? 0) <= maxLines).map((p) => {
    const text = (p.lines ?? []).map(lineText).join(' ');
    return { p, text, keyLength: asciiOutlineKeyLength(text), looseLength: asciiTitleKeyLength(text) };
  });
  // Most paragraphs are no title: where a paragraph's text is ASCII, the
  // length of its key, counted without building the key, mostly tells so.
  const lengths = { key: keyLengths(idx.byKey.keys()), bare: keyLengths(idx.byBare.keys()), loose: keyLengths(idx.byLoose.keys()) };
  const keyOf = (s: Short) => (s.key ??= outlineKey(s.text));
  const passes: Lookup[] = [
    (s) => (mayHold(lengths.key, s.keyLength) ? idx.byKey.get(keyOf(s)) : undefined),
    // Without a section number the bare key is the full one.
    (s) => (SECTION_NUMBER.test(s.text) || mayHold(lengths.bare, s.keyLength) ? idx.byBare.get(bareKey(s.text) ?? keyOf(s)) : undefined),
    (s) => (mayHold(lengths.loose, s.looseLength) ? idx.byLoose.get(titleKey(s.text)) : undefined),
  ];
  for (const lookup of passes) {
    for (const s of short) {
      const p = s.p;
      if (out.has(p)) continue;
      const next = nextFree(lookup(s));
      if (!next || (next.page !== undefined && Math.abs(next.page - p.prov.page) > 1)) continue;
      next.used = true;
      out.set(p, next.level);
    }
  }
  return out;
}
