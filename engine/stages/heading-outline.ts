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

type Lookup = (text: string) => Entry[] | undefined;

/**
 * Matches short paragraphs against outline titles in document order, each
 * title used once and only on (or next to) the page its bookmark points at.
 * Exact keys are matched over the whole document first, so that a looser key
 * cannot hand a title to an earlier look-alike (a bulleted table of contents,
 * a code line naming the function the heading documents).
 */
export function matchOutline(paras: Para[], idx: OutlineIndex, maxLines: number): Map<Para, number> {
  const out = new Map<Para, number>();
  const short = paras.filter((p) => (p.lines?.length ?? 0) <= maxLines).map((p) => ({ p, text: (p.lines ?? []).map(lineText).join(' ') }));
  const passes: Lookup[] = [
    (t) => idx.byKey.get(outlineKey(t)),
    (t) => idx.byBare.get(bareKey(t) ?? outlineKey(t)),
    (t) => idx.byLoose.get(titleKey(t)),
  ];
  for (const lookup of passes) {
    for (const { p, text } of short) {
      if (out.has(p)) continue;
      const next = nextFree(lookup(text));
      if (!next || (next.page !== undefined && Math.abs(next.page - p.prov.page) > 1)) continue;
      next.used = true;
      out.set(p, next.level);
    }
  }
  return out;
}
