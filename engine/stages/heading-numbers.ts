/**
 * Section numbers ("2.", "2.3", "2.3.1 Title", "IV. RESULTS", "A. Setup",
 * "II.2. Paper size") say a heading's depth more reliably than font sizes,
 * which producers often reuse across levels. When most detected headings are
 * numbered, the numbering decides their levels; unnumbered ones (a title, an
 * appendix) keep their style-based level.
 */
import { atMostDeepest, type Level } from './heading-level.ts';
import { minOf } from '../numbers.ts';

/** How the first part of a section number is written. */
export type NumberKind = 'arabic' | 'roman' | 'letter';
export type SectionNumber = { kind: NumberKind; parts: number; value: number };

/**
 * A section number and the words after it. The first part is arabic, roman or
 * a capital letter; later parts are arabic ("A.1", "II.2", "2.3.1"). A lone
 * roman numeral or letter needs its dot ("A Study" is an article, "I think" a
 * pronoun); a lone arabic number may go without ("1 Introduction").
 */
const SECTION_NUMBER = /^\s*(?:(\d{1,3})|([IVXL]{1,6})|([A-Z]))((?:\.\d{1,3}){0,5})(\.?)\s+(?=\p{L})/u;

const ROMAN: Record<string, number> = { i: 1, v: 5, x: 10, l: 50, c: 100 }; // the numerals' values

/** The value of a roman numeral in either case (IV → 4, xii → 12). */
export function romanValue(s: string): number {
  const t = s.toLowerCase();
  let out = 0;
  for (let i = 0; i < t.length; i++) {
    const v = ROMAN[t[i]!] ?? 0, next = ROMAN[t[i + 1] ?? ''] ?? 0;
    out += v < next ? -v : v;
  }
  return out;
}

/** The section number leading a heading, or null. */
export function sectionNumber(text: string): SectionNumber | null {
  const m = SECTION_NUMBER.exec(text);
  if (!m) return null;
  const parts = 1 + (m[4] ? m[4].split('.').length - 1 : 0); // group 4: the later parts
  if (!m[1] && parts === 1 && !m[5]) return null; // group 5: the trailing dot
  if (m[1]) return { kind: 'arabic', parts, value: Number(m[1]) };
  if (m[2]) return { kind: 'roman', parts, value: romanValue(m[2]) }; // group 2: a roman numeral
  return { kind: 'letter', parts, value: m[3]!.charCodeAt(0) - 64 }; // group 3: a capital, A (65) counting 1
}

/**
 * Depth of a heading's section number (2.3 Scope → 2), or null. Papers that
 * number sections in roman numerals (IEEE, APS) letter their subsections and
 * number the level below in arabic: `roman` says the document does.
 */
export function numberDepth(text: string, roman = false): number | null {
  const n = sectionNumber(text);
  if (!n) return null;
  if (roman && n.parts === 1) return n.kind === 'roman' ? 1 : n.kind === 'letter' ? 2 : 3; // depths: I., A., 1.
  return n.parts;
}

/** No sentence punctuation at the end: a title, not a numbered sentence or list item. */
const titleLike = (text: string): boolean => !/[.,;:]$/.test(text.trim());

/**
 * "2.3 Title", "2.3.1. Title", "A.1 Title": a subsection number of two parts
 * or more, words after it, and no sentence punctuation at its end.
 */
export function isSectionTitle(text: string): boolean {
  const n = sectionNumber(text);
  return n !== null && n.parts >= 2 && titleLike(text); // two parts: a subsection's number
}

/** Numbered titles a document needs before its numbering is believed: one number may be a list's or a date's. */
const MIN_SEQUENCE = 2;

/**
 * The numbered section titles among a document's bold standalone lines
 * (`lines` in reading order, `at` their position among all paragraphs).
 * Multi-part numbers count once the document has two. A single number
 * ("1 Introduction", "IV. RESULTS", "B. Setup") is as often a list's, so a
 * kind of single number counts only when two or more of its lines count up
 * (each at most one past the last), prose stands between every two of them
 * (list items follow one another), and most are set apart by extra space
 * above (`apart`), as a definition's term ("1 User commands" in a man page)
 * is not.
 */
export function numberedSections<K>(lines: readonly { key: K; text: string; at: number; apart: boolean }[]): Set<K> {
  const multi = lines.filter((l) => isSectionTitle(l.text));
  const out = new Set<K>(multi.length >= MIN_SEQUENCE ? multi.map((l) => l.key) : []);
  const byKind = new Map<NumberKind, { key: K; value: number; at: number; apart: boolean }[]>();
  for (let i = 0; i < lines.length; i++) {
    const l = lines[i]!;
    const n = sectionNumber(l.text);
    if (!n || n.parts !== 1 || !titleLike(l.text)) continue;
    byKind.set(n.kind, [...(byKind.get(n.kind) ?? []), { key: l.key, value: n.value, at: l.at, apart: l.apart }]);
  }
  for (const seq of byKind.values()) {
    if (seq.length < MIN_SEQUENCE) continue;
    const steps = seq.slice(1).map((s, i) => ({ s, prev: seq[i]! }));
    // Letters and sub-subsection numbers start again under each section.
    const counts = steps.every(({ s, prev }) => s.value === prev.value + 1 || (s.value === 1 && prev.value >= 1));
    const proseBetween = steps.every(({ s, prev }) => s.at > prev.at + 1);
    const setApart = seq.filter((s) => s.apart).length * 2 >= seq.length; // half of them or more
    if (counts && proseBetween && setApart && steps.some(({ s, prev }) => s.value === prev.value + 1)) for (const s of seq) out.add(s.key);
  }
  return out;
}

/**
 * Re-levels headings by their numbering when at least two headings and half of
 * them are numbered. The shallowest numbered depth maps to the shallowest
 * level those headings had, so a document title above them stays on top.
 */
export function levelsFromNumbers<K>(headings: Map<K, { text: string; level: Level }>): Map<K, Level> {
  const roman = [...headings.values()].some((h) => sectionNumber(h.text)?.kind === 'roman' && sectionNumber(h.text)?.parts === 1);
  const depths = new Map<K, number>();
  for (const [k, h] of headings) {
    const d = numberDepth(h.text, roman);
    if (d !== null) depths.set(k, d);
  }
  const out = new Map<K, Level>([...headings].map(([k, h]) => [k, h.level]));
  if (depths.size < MIN_SEQUENCE || depths.size * 2 < headings.size) return out; // under half numbered
  const minDepth = Math.min(...depths.values());
  const base = minOf([...depths.keys()].map((k) => headings.get(k)!.level));
  for (const [k, d] of depths) out.set(k, atMostDeepest(base + d - minDepth));
  return out;
}
