/**
 * Section numbers ("2.", "2.3", "2.3.1 Title") say a heading's depth more
 * reliably than font sizes, which producers often reuse across levels. When
 * most detected headings are numbered, the numbering decides their levels;
 * unnumbered ones (a title, an appendix) keep their style-based level.
 */
type Level = 1 | 2 | 3 | 4 | 5 | 6;

const NUMBERED = /^\s*(\d{1,3}(?:\.\d{1,3}){0,5})\.?\s+\p{L}/u;

/** Depth of a section number at the start of a heading ("2.3 Scope" → 2), or null. */
export function numberDepth(text: string): number | null {
  const m = NUMBERED.exec(text);
  return m ? m[1]!.split('.').length : null;
}

/** "2.3 Title", "2.3.1. Title": a subsection number of two parts or more. */
const SECTION_TITLE = /^\s*\d{1,3}(?:\.\d{1,3}){1,5}\.?\s+\p{L}/u;

/**
 * Whether a line reads as a numbered subsection title: a number of two parts
 * or more ("5.1", "2.3.1"), words after it, and no sentence punctuation at
 * its end. A single number ("1 User commands") is as often a list's or a
 * definition's term as a chapter title, and chapters are set larger anyway.
 */
export function isSectionTitle(text: string): boolean {
  return SECTION_TITLE.test(text) && !/[.,;:]$/.test(text.trim());
}

/**
 * Re-levels headings by their numbering when at least two headings and half of
 * them are numbered. The shallowest numbered depth maps to the shallowest
 * level those headings had, so a document title above them stays on top.
 */
export function levelsFromNumbers<K>(headings: Map<K, { text: string; level: Level }>): Map<K, Level> {
  const depths = new Map<K, number>();
  for (const [k, h] of headings) {
    const d = numberDepth(h.text);
    if (d !== null) depths.set(k, d);
  }
  const out = new Map<K, Level>([...headings].map(([k, h]) => [k, h.level]));
  if (depths.size < 2 || depths.size * 2 < headings.size) return out;
  const minDepth = Math.min(...depths.values());
  const base = Math.min(...[...depths.keys()].map((k) => headings.get(k)!.level));
  for (const [k, d] of depths) out.set(k, Math.min(6, base + d - minDepth) as Level);
  return out;
}
