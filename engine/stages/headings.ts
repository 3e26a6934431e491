/**
 * Stage `headings`: turns short paragraphs set in a heading style into
 * headings. Body text is the document's most common (non-monospace) size;
 * a heading is larger, or bold at body size. Levels come from ranking the
 * document's own heading styles, and from the outline when the PDF has one:
 * outline titles confirm headings and give their level, and when the outline
 * looks complete, bold lines it does not list are demoted to paragraphs.
 */
import type { Block, Doc, DocSignals, Line, TextRun } from '../model.ts';
import type { Stage } from '../stage.ts';
import { setApartParagraphs, usualGap } from './heading-gaps.ts';
import { levelsFromNumbers, numberedSections, sectionNumber } from './heading-numbers.ts';
import { indexOutline, matchOutline } from './heading-outline.ts';
import { runInHeads } from './heading-run-in.ts';
import { centredLabels } from './centred-labels.ts';
import { inAuthorStack } from './centred-stacks.ts';
import { centredNumberedHeads } from './centred-numbered.ts';
import { atMostDeepest, type Level } from './heading-level.ts';
import { CODE_LINE_SHARE } from './measures.ts';

export { outlineKey, titleKey } from './heading-outline.ts';
import { isCodeRun, lineRole, lineText, runShare } from '../geometry.ts';
import { maxOf, minOf } from '../numbers.ts';

type Para = Extract<Block, { kind: 'paragraph' }>;

/** Characters a heading has at most (a long title wrapped over its lines); more is a paragraph in a heading's face. */
const MAX_HEADING_CHARS = 160;
/** Lines a heading spans at most; a longer bold or large block is a paragraph, a pull quote or a title page. */
const MAX_HEADING_LINES = 3;
/** Share of a line's runs in bold past which a heading's line reads as bold (a plain mark or space may sit among them). */
const BOLD_RUN_SHARE = 0.85;
/** A bold line without a section number may be this much smaller than body text (rounding of sizes). */
const BOLD_BODY_SHARE = 0.95;
/** Outline entries a document needs before its outline is believed (one bookmark is a title, not an outline). */
const MIN_OUTLINE_ENTRIES = 2;
/** Level of a heading tagged plain H, without a number: a section's. */
const UNNUMBERED_H_LEVEL = 2;
/** Larger than body by this factor counts as a bigger size. */
const SIZE_STEP = 1.1;
/** Without an outline, a bold heading must still be at least this much larger than body text. */
const BOLD_HEADING_STEP = 1.03;
/** A bold line led by a section number may be this much smaller than body text. */
const NUMBERED_BOLD_SHARE = 0.85;
/**
 * A superscript or subscript this short is a mark or an index beside the
 * heading's text, not text of its own; so is one without letters, however
 * long (a title's "∗,∗∗" or an author's "1,2,3").
 */
const MARK_CHARS = 3;
const isMark = (r: { script?: string; text: string }): boolean => r.script !== undefined && ([...r.text.trim()].length <= MARK_CHARS || !/\p{L}/u.test(r.text));

/** A font size rounded to the half point: sizes a producer meant as one differ by rounding. */
const toHalfPoint = (size: number): number => Math.round(size * 2) / 2; // two steps to the point

/**
 * Adds a run's characters to the weight of its size. Keyed by the count of half points, toHalfPoint's
 * numerator: a map of small integers costs less than one of fractions.
 */
function weigh(weight: Map<number, number>, r: TextRun): void {
  const k = Math.round(r.fontSize * 2); // half points
  weight.set(k, (weight.get(k) ?? 0) + r.text.length);
}

/** The size (points) with the most characters, the first seen of equals. */
function heaviest(weight: ReadonlyMap<number, number>): number {
  let best = 0, bestW = -1;
  for (const [k, w] of weight) if (w > bestW) { best = k; bestW = w; }
  return best / 2;
}

/** Most common font size of prose (or, with `mono`, of monospace) text, weighted by characters. */
export function bodySize(lines: Line[], mono = false): number {
  const weight = new Map<number, number>();
  for (let i = 0; i < lines.length; i++) {
    const l = lines[i]!;
    for (let k = 0; k < l.runs.length; k++) {
      const r = l.runs[k]!;
      if (isCodeRun(r) === mono) weigh(weight, r); // a CJK face's text is prose: by it the body size is measured
    }
  }
  return heaviest(weight);
}

/** Both body sizes, prose and code, in one pass over the runs: each as bodySize gives it. */
function bodySizes(lines: Line[]): Body {
  const prose = new Map<number, number>(), mono = new Map<number, number>();
  for (let k = 0; k < lines.length; k++) {
    const l = lines[k]!;
    for (let i = 0; i < l.runs.length; i++) {
      const r = l.runs[i]!;
      weigh(isCodeRun(r) ? mono : prose, r);
    }
  }
  return { prose: heaviest(prose), mono: heaviest(mono) };
}

type Style = { size: number; bold: boolean; key: string; mono: boolean };
/** Body sizes of prose and of code; a heading set entirely in code is compared with code. */
type Body = { prose: number; mono: number };

function styleOf(p: Para): Style | null {
  const lines = p.lines ?? [];
  if (lines.length === 0) return null;
  // Inline code in a heading is often set smaller, and so are a footnote mark
  // and a chemical formula's indices (short scripts): the heading's own prose
  // runs carry its size.
  const own = lines.flatMap((l) => l.runs).filter((r) => !isMark(r) && r.text.trim() !== '');
  const prose = own.filter((r) => !r.monospace);
  const runs = prose.length ? prose : own.length ? own : lines.flatMap((l) => l.runs);
  const size = toHalfPoint(minOf(runs.map((r) => r.fontSize)));
  const bold = lines.every((l) => runShare(l, (r) => r.bold) > BOLD_RUN_SHARE);
  return { size, bold, key: `${size}|${bold ? 'b' : 'r'}`, mono: prose.length === 0 };
}

/** A statement led by an upper-case keyword with another after it (SQL's SELECT … FROM …, CALL …, GRANT … ON …). */
const STATEMENT = /^[A-Z]{3,}\s(?:.*\s)?[A-Z]{2,}\b/;

/**
 * The label of a numbered theorem-like statement or float ("Theorem 4 (Be
 * mindful)", "Lemma 2.1.", "Figure A1", "Table 3: Results"): it opens the
 * statement or captions the float, and is no section heading.
 */
const THEOREM_OR_FLOAT_LABEL = /^(?:Theorem|Lemma|Proposition|Corollary|Definition|Conjecture|Remark|Claim|Assumption|Example|Exercise|Problem|Figure|Fig\.|Table|Algorithm|Listing)\s+[A-Z]?\d+(?:[.-]\d+)*(?:[.:]|\s+\(|$)/;

/**
 * Whether a line set in code is part of a listing rather than a heading:
 * a statement, or plain code larger than the document's other code but no
 * larger than its prose (examples set in another size, as manuals do).
 */
function isListingLine(text: string, s: Style, bodies: Body): boolean {
  return STATEMENT.test(text) || (!s.bold && s.size < bodies.prose * SIZE_STEP);
}

/**
 * Whether the lines may be set in a heading's style at all: bold runs on
 * every line, or some run larger than the smaller body size. Read off the
 * runs without building text or style, it rules out most paragraphs before
 * {@link isCandidate} measures them; a paragraph it rules out is neither
 * `bigger` nor `boldBody` there.
 */
function mayBeHeading(lines: readonly Line[], bodies: Body): boolean {
  let top = 0, boldLines = true;
  for (let k = 0; k < lines.length; k++) {
    const l = lines[k]!;
    let bold = false;
    for (let i = 0; i < l.runs.length; i++) {
      const r = l.runs[i]!;
      if (r.fontSize > top) top = r.fontSize;
      if (r.bold) bold = true;
    }
    if (!bold) boldLines = false;
  }
  return boldLines || toHalfPoint(top) >= Math.min(bodies.prose, bodies.mono > 0 ? bodies.mono : bodies.prose) * SIZE_STEP;
}

function isCandidate(p: Para, bodies: Body): Style | null {
  const lines = p.lines ?? [];
  if (lines.length === 0 || lines.length > MAX_HEADING_LINES || !mayBeHeading(lines, bodies)) return null;
  const text = lines.map(lineText).join(' ').trim();
  if (text.length > MAX_HEADING_CHARS) return null;
  if (!/\p{L}/u.test(text)) return null;
  const s = styleOf(p);
  if (!s) return null;
  const body = s.mono && bodies.mono > 0 ? bodies.mono : bodies.prose;
  // A code line at body size is code, not a heading, even when bold.
  if (!s.bold && s.size < body * SIZE_STEP && lines.every((l) => runShare(l, (r) => r.monospace) > CODE_LINE_SHARE)) return null;
  if (s.mono && isListingLine(text, s, bodies)) return null;
  if (THEOREM_OR_FLOAT_LABEL.test(text)) return null;
  const bigger = s.size >= body * SIZE_STEP;
  // A numbered section title may be set a little smaller than the text (APS: 9 pt bold over 10 pt).
  const boldBody = s.bold && s.size >= body * (sectionNumber(text) ? NUMBERED_BOLD_SHARE : BOLD_BODY_SHARE);
  // A heading does not end like a sentence in the middle of prose.
  if (!bigger && /[,;]$/.test(text)) return null;
  // Bold body-size lines that read like command options or assignments are terms, not headings.
  if (!bigger && (/^[-+]/.test(text) || /=|--\w/.test(text))) return null;
  if (!bigger && !boldBody) return null;
  // Express code-set headings in prose units so all heading styles rank on one scale.
  const size = toHalfPoint((s.size / body) * bodies.prose);
  return { ...s, size, key: `${size}|${s.bold ? 'b' : 'r'}` };
}

/** Ranks heading styles: larger first, bold before regular at one size. */
function rankStyles(styles: Style[]): Map<string, Level> {
  const uniq = [...new Map(styles.map((s) => [s.key, s])).values()];
  uniq.sort((a, b) => b.size - a.size || Number(b.bold) - Number(a.bold));
  return new Map(uniq.map((s, i) => [s.key, atMostDeepest(i + 1)]));
}

const paraText = (p: Para) => (p.lines ?? []).map(lineText).join(' ');

/** Structure role of a paragraph in a tagged PDF: the role of most of its lines. */
function paraRole(p: Para): string | undefined {
  const roles = (p.lines ?? []).map(lineRole).filter((r): r is string => r !== undefined);
  return roles.length * 2 > (p.lines?.length ?? 0) ? roles[0] : undefined; // most: over half
}

/**
 * Tagged PDFs: Hn roles give headings and levels directly; text tagged with
 * another role is not a heading whatever its style. Untagged text falls back to styles.
 */
function fromStructure(cands: { p: Para; s: Style }[], paras: Para[], ranks: Map<string, Level>): Map<Para, Level> {
  const out = new Map<Para, Level>();
  for (let i = 0; i < paras.length; i++) {
    const p = paras[i]!;
    const role = paraRole(p);
    const m = role ? /^H([1-6])?$/.exec(role) : null;
    if (m) out.set(p, (m[1] ? Number(m[1]) : UNNUMBERED_H_LEVEL) as Level);
  }
  for (const c of cands) if (!out.has(c.p) && paraRole(c.p) === undefined) out.set(c.p, ranks.get(c.s.key)!);
  return out;
}

/**
 * Where paragraphs sit: `apart` are set apart as headings are (computed below
 * an outline), `runIn` are run-in headings with their section's text after them.
 */
export type Layout = { apart?: ReadonlySet<Para>; runIn?: ReadonlySet<Para> };

/**
 * A style's key with its face: code lines borrow a level only from headings
 * set in code, so a bold example line (SQL in a manual) does not pass for the
 * bold body-size headings the outline lists.
 */
const faceKey = (s: Style): string => `${s.key}|${s.mono ? 'm' : 'p'}`;

/** Decides heading levels for the document's paragraphs. */
export function assignHeadings(paras: Para[], bodies: Body, outline: DocSignals['outline'], tagged = false, layout: Layout = {}): Map<Para, Level> {
  const apart = layout.apart ?? new Set(), runIn = layout.runIn ?? new Set();
  const body = bodies.prose;
  const cands = paras.map((p) => ({ p, s: isCandidate(p, bodies) })).filter((c): c is { p: Para; s: Style } => c.s !== null);
  const ranks = rankStyles(cands.map((c) => c.s));
  if (tagged) return fromStructure(cands, paras, ranks);
  const idx = indexOutline(outline);
  const out = new Map<Para, Level>();
  if (idx.size < MIN_OUTLINE_ENTRIES) {
    // No outline to confirm them: bold text at exactly body size is emphasis (a bold
    // paragraph, a definition term); heading styles are at least slightly larger.
    // A standalone line of bold code is a heading set in code (an API signature).
    // Run-in headings and numbered section titles are headings at body size too (handbooks, papers set
    // "5.1 Optimisation", "1. Introduction", "IV. RESULTS" in bold body type; heading-numbers.ts).
    const at = new Map(paras.map((p, i) => [p, i]));
    const sections = numberedSections(cands.filter((c) => c.s.bold).map((c) => ({ key: c.p, text: paraText(c.p), at: at.get(c.p)!, apart: apart.has(c.p) })));
    for (const c of cands) if (c.s.mono || c.s.size >= body * BOLD_HEADING_STEP || sections.has(c.p) || runIn.has(c.p)) out.set(c.p, ranks.get(c.s.key)!);
    return out;
  }
  // Outline present: it names headings and their levels; styles fill in below its depth.
  const matched = matchOutline(paras, idx, MAX_HEADING_LINES);
  const styleLevel = new Map<string, number>();
  for (const [p, lvl] of matched) {
    out.set(p, atMostDeepest(lvl));
    const s = cands.find((c) => c.p === p)?.s;
    if (s) styleLevel.set(faceKey(s), Math.max(styleLevel.get(faceKey(s)) ?? 0, lvl));
  }
  // Outlines are often cut short (LaTeX bookmarks stop at depth 3): deeper
  // headings exist but are not listed. A body-size bold line the outline
  // omits is one of them only when it is set apart as headings are; a larger
  // bold one set smaller than every heading the outline lists is one too.
  const matchedStyles = cands.filter((c) => matched.has(c.p));
  const smallest = minOf(matchedStyles.map((c) => c.s.size));
  const title = frontTitle(paras, cands, matched);
  const below = atMostDeepest(Math.max(0, ...matched.values()) + 1);
  for (let i = 0; i < cands.length; i++) {
    const c = cands[i]!;
    if (matched.has(c.p)) continue;
    const known = styleLevel.get(faceKey(c.s));
    const bigger = c.s.size >= body * SIZE_STEP;
    const deeper = !bigger && apart.has(c.p);
    if (known !== undefined && (bigger || deeper)) out.set(c.p, atMostDeepest(known + (deeper ? 1 : 0)));
    // Bold code at body size is a highlighted keyword line, not a heading.
    else if (deeper && c.s.bold && !c.s.mono) out.set(c.p, atMostDeepest(idx.maxLevel + 1));
    else if (bigger && known === undefined && styleLevel.size === 0) out.set(c.p, ranks.get(c.s.key)!);
    else if (bigger && known === undefined && c.s.bold && !c.s.mono && c.s.size < smallest) out.set(c.p, below);
    else if (c.p === title) out.set(c.p, 1);
  }
  // The title heads the whole document: the sections its outline lists at the top level go one level below it.
  const others = [...out].filter(([p]) => p !== title);
  if (title && out.get(title) === 1 && others.some(([, l]) => l === 1)) return new Map([[title, 1], ...others.map(([p, l]) => [p, atMostDeepest(l + 1)] as const)]);
  return out;
}

/**
 * A document's title that its outline leaves out (papers' bookmarks start at
 * the abstract): the one paragraph before the first heading the outline
 * names that is set larger than anything else there and than every heading
 * the outline names.
 */
function frontTitle(paras: Para[], cands: { p: Para; s: Style }[], matched: ReadonlyMap<Para, number>): Para | null {
  const first = paras.findIndex((p) => matched.has(p));
  if (first <= 0) return null;
  const front = new Set(paras.slice(0, first));
  const sizes = (list: { s: Style }[]) => list.map((c) => c.s.size);
  const named = maxOf(sizes(cands.filter((c) => matched.has(c.p))));
  const lead = cands.filter((c) => front.has(c.p));
  const largest = maxOf(sizes(lead));
  const top = lead.filter((c) => c.s.size === largest);
  return top.length === 1 && largest >= named * SIZE_STEP ? top[0]!.p : null;
}

/** Run-in headings are the document's smallest: one level below its deepest other heading. */
function belowTheRest(levels: Map<Para, Level>, runIn: ReadonlySet<Para>): Map<Para, Level> {
  const others = [...levels].filter(([p]) => !runIn.has(p)).map(([, l]) => l);
  if (others.length === 0) return levels;
  const level = atMostDeepest(maxOf(others) + 1);
  return new Map([...levels].map(([p, l]) => [p, runIn.has(p) ? level : l]));
}

/**
 * Centred caps labels (centred-labels.ts) that no style made headings are
 * headings at the level of the next heading (the abstract's label ranks with
 * the sections after it); when none follows (ACKNOWLEDGMENTS after the last
 * section), at the top level below the document's first heading (its title).
 */
function withCentredLabels(paras: Para[], levels: Map<Para, Level>, centred: ReadonlySet<Para>): Map<Para, Level> {
  const out = new Map(levels);
  const ordered = paras.filter((p) => levels.has(p)).map((p) => levels.get(p)!);
  const sections = ordered.length > 1 ? minOf(ordered.slice(1)) : atMostDeepest((ordered[0] ?? 0) + 1);
  paras.forEach((p, i) => {
    if (!centred.has(p) || out.has(p)) return;
    const next = paras.slice(i + 1).find((q) => levels.has(q));
    out.set(p, next ? levels.get(next)! : sections as Level);
  });
  return out;
}

/**
 * Centred numbered italic heads (centred-numbered.ts) that no style made
 * headings, one level below the document's deepest other heading; where the
 * document numbers its sections, the numbering then sets their level.
 */
function withNumberedHeads(pages: Doc['pages'], styled: Map<Para, Level>, tagged: boolean): Map<Para, Level> {
  const heads = tagged ? [] : pages.flatMap((p) => [...centredNumberedHeads(p.blocks)]).filter((p) => !styled.has(p));
  if (heads.length === 0) return styled;
  const level = atMostDeepest(Math.max(1, ...styled.values()) + 1);
  return new Map([...styled, ...heads.map((p) => [p, level] as const)]);
}

/** Promotes heading-styled paragraphs to headings. */
export const headings: Stage = {
  name: 'headings',
  run(doc) {
    const paras = doc.pages.flatMap((p) => p.blocks.filter((b): b is Para => b.kind === 'paragraph'));
    const all = paras.flatMap((p) => p.lines ?? []);
    // Spacing decides headings below an outline, and single-numbered ones without (untagged PDFs).
    const spaced = !doc.signals.tagged;
    const usual = spaced ? usualGap(doc.pages) : 0;
    const apart = new Set(spaced ? doc.pages.flatMap((p) => [...setApartParagraphs(p, usual)]) : []);
    const runIn = new Set(doc.pages.flatMap((p) => [...runInHeads(p)]));
    const styled = withNumberedHeads(doc.pages, assignHeadings(paras, bodySizes(all), doc.signals.outline, doc.signals.tagged, { apart, runIn }), doc.signals.tagged);
    const centred = doc.signals.tagged ? new Set<Para>() : new Set(doc.pages.flatMap((p) => [...centredLabels(p.blocks)]));
    if (styled.size === 0 && centred.size === 0) return doc;
    // The outline and the structure tree state levels outright; numbering refines style guesses only.
    const levels = withCentredLabels(paras, doc.signals.outline.length >= MIN_OUTLINE_ENTRIES || doc.signals.tagged ? styled
      : belowTheRest(levelsFromNumbers(new Map([...styled].map(([p, level]) => [p, { text: paraText(p), level }]))), runIn), centred);
    // An author's name in a grid of centred stacks is set large but heads no section.
    const author = (b: Para) => (b.lines?.length ?? 0) > 0 && b.lines!.every(inAuthorStack);
    const convert = (b: Block): Block => {
      const level = b.kind === 'paragraph' && !author(b) ? levels.get(b) : undefined;
      return level && b.kind === 'paragraph' ? { kind: 'heading', level, spans: b.spans, prov: b.prov } : b;
    };
    return { ...doc, pages: doc.pages.map((p) => ({ ...p, blocks: p.blocks.map(convert) })) };
  },
};
