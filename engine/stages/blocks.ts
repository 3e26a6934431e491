/**
 * Stage `blocks`: lines (already in reading order) → paragraph blocks. A new
 * block starts at a wider-than-usual vertical gap, a change of font size,
 * weight or pitch, a jump to another column, or an indented first line.
 * Table blocks already on the page are kept and slotted in by position.
 */
import type { Block, Line, Page } from '../model.ts';
import type { Stage } from '../stage.ts';
import { listMarker } from './lists.ts';
import { titleKey } from './headings.ts';
import { asciiTitleKeyLength, keyLengths } from './heading-outline.ts';
import { isRunInTitle } from './heading-run-in.ts';
import { isCentredLabel } from './centred-labels.ts';
import { opensEntry, opensNextEntry, startsHangingEntry } from './hanging-indent.ts';
import { splitAtForcedBreaks, wordWouldFit } from './forced-breaks.ts';
import { takeMarginMarks } from './margin-marks.ts';
import { boxCentreX, documentText, lineFontSize, lineRole, lineStructBlock, lineText, median, trimmedLength, unionOf, visibleLength } from '../geometry.ts';
import { spansFromLines, vocabularyPolicy, type HyphenPolicy } from '../spans.ts';
import { greatest, magnitude } from '../numbers.ts';

/** A line's size overall and, where it has them, of its prose and of its code (inline code is often set smaller). */
type Style = { size: number; prose: number | undefined; code: number | undefined; bold: boolean; mono: boolean };


/** A run of capitals this much smaller than the line's prose is small capitals (a term in the sentence), not smaller text. */
const SMALL_CAPS_SIZE = 0.9;

/** Whether a run's letters are all capitals (and it has some). */
function isCaps(text: string): boolean {
  return /\p{Lu}/u.test(text) && !/\p{Ll}/u.test(text);
}

/** Share of a line's visible characters in bold past which the line reads as bold. */
const BOLD_LINE_SHARE = 0.6;
/** Share of a line's visible characters in monospace past which the line reads as code. */
const MONO_LINE_SHARE = 0.8;

/** Measures a line in one pass: sizes weighted by characters (trimmed), shares by visible characters. */
function measure(l: Line): Style {
  let n = 0, sum = 0, pn = 0, psum = 0, cn = 0, csum = 0, styled = false, top = 0;
  for (let q = 0; q < l.runs.length; q++) {
    const r = l.runs[q]!;
    if (!r.monospace) top = greatest(top, r.fontSize);
  }
  let capsN = 0, capsSum = 0;
  for (let j = 0; j < l.runs.length; j++) {
    const r = l.runs[j]!;
    const k = trimmedLength(r.text);
    n += k; sum += k * r.fontSize;
    if (r.bold) styled = true;
    if (r.monospace) { styled = true; cn += k; csum += k * r.fontSize; } else if (r.fontSize < SMALL_CAPS_SIZE * top && isCaps(r.text)) { capsN += k; capsSum += k * r.fontSize; } else { pn += k; psum += k * r.fontSize; }
  }
  // Small capitals are set in the line's prose: they count in its prose size only when the line has nothing else.
  if (pn === 0) { pn = capsN; psum = capsSum; }
  // The shares are counted only on a line with a bold or monospace run: on others both are 0, and no text is scanned.
  let vis = 0, bold = 0, mono = 0;
  if (styled) {
    for (let i = 0; i < l.runs.length; i++) {
      const r = l.runs[i]!;
      const v = visibleLength(r.text);
      vis += v;
      if (r.bold) bold += v;
      if (r.monospace) mono += v;
    }
  }
  const size = n > 0 ? sum / n : (l.runs[0]?.fontSize ?? 0);
  return {
    size, bold: vis > 0 && bold / vis > BOLD_LINE_SHARE && !opensInLowerCase(l), mono: vis > 0 && mono / vis > MONO_LINE_SHARE,
    prose: pn > 0 ? psum / pn : undefined, code: cn > 0 ? csum / cn : undefined,
  };
}

/**
 * Whether a line opens with running text in the regular weight, a lower-case
 * word ("in the **FOR FURTHER INFORMATION**"): a sentence going on into a
 * bold term set in small capitals, never a heading's first line, however
 * much of the line the term takes.
 */
function opensInLowerCase(l: Line): boolean {
  const first = l.runs.find((r) => r.text.trim() !== '');
  return first !== undefined && !first.bold && /^\s*\p{Ll}/u.test(first.text);
}

// Each line is compared with the line before it and the line after it; the
// last two measured lines cover both comparisons, which a map keyed by every
// line of the document would cost more to keep.
let recent: [Line | null, Style | null, Line | null, Style | null] = [null, null, null, null];

function styleOf(l: Line): Style {
  if (recent[0] === l) return recent[1]!;
  if (recent[2] === l) return recent[3]!; // slots 2 and 3: the line before the last and its style
  const s = measure(l);
  recent = [l, s, recent[0], recent[1]];
  return s;
}

/** Overlap (points) of two lines still read as leading between them (ascenders touching descenders). */
const OVERLAP_PT = 2;
/** Gap (ems of the lower line) past which two lines are not consecutive lines of a paragraph. */
const LEADING_MAX_EM = 2;
/** Leading (points) assumed on a page with no two lines of one paragraph. */
const DEFAULT_GAP_PT = 2;

/** Typical gap between consecutive lines of one paragraph on this page. */
function typicalGap(lines: Line[]): number {
  const gaps: number[] = [];
  for (let i = 1; i < lines.length; i++) {
    const a = lines[i - 1]!, b = lines[i]!;
    const g = b.box.y0 - a.box.y1;
    if (g > -OVERLAP_PT && a.box.x0 < b.box.x1 && b.box.x0 < a.box.x1 && g < LEADING_MAX_EM * lineFontSize(b)) gaps.push(g);
  }
  return gaps.length ? median(gaps) : DEFAULT_GAP_PT;
}

/** Two font sizes differ when apart by more than this share of the larger (sizes under 1 pt count as 1). */
const SIZE_DIFF_SHARE = 0.08;
const differ = (x: number, y: number): boolean => magnitude(x - y) > SIZE_DIFF_SHARE * greatest(greatest(x, y), 1);

/**
 * Whether two lines are set in different sizes. Lines sharing prose compare
 * their prose, else lines sharing code their code: a heading's wrapped line
 * may be all code, set smaller than the heading's words.
 */
function sizesDiffer(a: Style, b: Style): boolean {
  if (a.prose !== undefined && b.prose !== undefined) return differ(a.prose, b.prose);
  if (a.code !== undefined && b.code !== undefined) return differ(a.code, b.code);
  return differ(a.size, b.size);
}

/** True when `b` is set in another face than `a`, so the two cannot share a paragraph: another size, code beside prose, another weight. */
export function changesFace(a: Line, b: Line): boolean {
  const sa = styleOf(a), sb = styleOf(b);
  if (sizesDiffer(sa, sb)) return true;
  // Code in a bold heading may fill most of a wrapped line ("(system-icu)");
  // two bold lines of one prose size are one heading whatever their code share.
  if (sa.mono !== sb.mono && !(sa.bold && sb.bold)) return true;
  // Syntax highlighting sets code keywords in bold; weight changes only split prose.
  return sa.bold !== sb.bold && !(sa.mono && sb.mono);
}

/** True when `b` cannot continue the paragraph that ends with `a`; with `faces` false, a change of face alone (not of size) does not part them. */
export function startsNewBlock(a: Line, b: Line, gap: number, ratio: number, faces = true): boolean {
  // A word broken at the line's end goes on in lower case on the next: one paragraph, whatever the face ("Re-" / "dundancy").
  if (BROKEN_WORD.test(lineText(a)) && RUNS_ON.test(lineText(b)) && !styleOf(a).mono && !styleOf(b).mono && listMarker(lineText(b)) === null) return false;
  if (faces ? changesFace(a, b) : sizesDiffer(styleOf(a), styleOf(b))) return true;
  const sb = styleOf(b);
  const size = greatest(greatest(styleOf(a).size, sb.size), 1);
  // A line opening with a list marker starts an item (code lines keep their dashes).
  if (!sb.mono && listMarker(lineText(b)) !== null) return true;
  // So does a line opening with a superscript: a footnote ("¹ See the report…").
  if (b.runs[0]?.script === 'sup') return true;
  // Tagged PDFs: a heading never shares a block with text of another role.
  const ra = lineRole(a), rb = lineRole(b);
  if (ra !== rb && (/^H\d?$/.test(ra ?? '') || /^H\d?$/.test(rb ?? ''))) return true;
  // Nor do two paragraphs, items or cells the tree keeps apart, however close the layout sets them.
  const ba = lineStructBlock(a), bb = lineStructBlock(b);
  if (ba !== undefined && bb !== undefined && ba !== bb) return true;
  const vgap = b.box.y0 - a.box.y1;
  if (vgap < -0.5 * size) return true; // went up: another column or a float
  if (b.box.x0 > a.box.x1 || b.box.x1 < a.box.x0) return true; // no horizontal overlap
  if (vgap > gap + greatest(0.35 * size, (ratio - 1) * greatest(gap, 0))) return true; // 0.35 em past the page's leading at least
  // A run-in label after a sentence's end starts a paragraph at a smaller gap ("…products. / **DATES:** The FAA…").
  return vgap > gap + LABEL_GAP_EM * size && opensWithLabel(b) && SENTENCE_END.test(lineText(a));
}

/** A line ending in a word broken by a hyphen. */
const BROKEN_WORD = /\p{L}-\s*$/u;
/** A line opening in lower case, the rest of a broken word. */
const RUNS_ON = /^\s*\p{Ll}/u;

/** Ems past the page's leading that part a paragraph opening with a run-in label from the sentence ended above it. */
const LABEL_GAP_EM = 0.15;
/** A line's text ending a sentence (closing quotes or brackets may follow). */
const SENTENCE_END = /[.!?][)\]'"’”]*\s*$/u;

/** Whether a line opens with a bold label ending in a colon, then text in the regular weight ("**DATES:** The FAA…"). */
function opensWithLabel(l: Line): boolean {
  const k = l.runs.findIndex((r) => r.text.trim() !== '');
  const first = l.runs[k];
  return first !== undefined && first.bold && /:\s*$/.test(first.text) && l.runs.slice(k + 1).some((r) => !r.bold && r.text.trim() !== '');
}

/** A line starting this many ems left of a list item's marker is no longer the item's text. */
const OUTDENT_EM = 0.3;
/** Centres this many ems apart are one axis: lines set centred on it (a section title's two lines) share it. */
const CENTRE_AXIS_EM = 0.5;

/**
 * Whether `line` is `first` centred wider on the same axis: the second line
 * of a centred title ("I. FIRST-LEVEL HEADING: / THE LINE BREAK WAS
 * FORCED"), which starts left of a number that reads as a marker but
 * reaches past it on the right as well.
 */
function centredUnder(first: Line, line: Line): boolean {
  const same = magnitude(boxCentreX(first.box) - boxCentreX(line.box)) <= CENTRE_AXIS_EM * lineFontSize(first);
  return same && line.box.x1 > first.box.x1;
}

/**
 * Whether `line` leaves the list item that `first` opens and `last` ends:
 * it starts left of the item's marker, and the item's text stopped where
 * the next word would still have fitted, as before the paragraph after a
 * list (LaTeX sets items indented and the next paragraph at the margin or
 * its indent, the same gap below as between the item's own lines). When the
 * word did not fit, the line is the item wrapping to the margin under its
 * bullet (the Federal Register's run-in bullets).
 */
function leavesItem(first: Line, last: Line, line: Line): boolean {
  if (listMarker(lineText(first)) === null) return false;
  if (line.box.x0 >= first.box.x0 - OUTDENT_EM * lineFontSize(first)) return false;
  if (first === last && centredUnder(first, line)) return false;
  return wordWouldFit(last, line, greatest(greatest(first.box.x1, last.box.x1), line.box.x1));
}

function paragraph(lines: Line[], page: number, keep: HyphenPolicy): Block {
  return { kind: 'paragraph', spans: spansFromLines(lines, keep), prov: { page, box: unionOf(lines) }, lines };
}

/** A bold lead-in this many ems clear of the text after it is a run-in heading (LaTeX \\paragraph). */
const RUN_IN_GAP_EM = 0.8;
/** Characters a bold lead-in has at most to be split off as a run-in heading (a title, not a bold sentence). */
const MAX_RUN_IN_CHARS = 80;

/** Splits "**Heading**␣␣␣text…" into a heading line and a text line when the gap after the bold lead-in is em-wide or the lead-in reads as a title. */
export function splitRunIn(line: Line): Line[] {
  const runs = line.runs;
  let k = 0;
  while (k < runs.length && runs[k]!.bold) k++;
  if (k === 0 || k === runs.length) return [line];
  const head = runs.slice(0, k), rest = runs.slice(k);
  const gap = rest[0]!.box.x0 - head.at(-1)!.box.x1;
  const text = head.map((r) => r.text).join('').trim();
  if (rest[0]!.bold || text.length > MAX_RUN_IN_CHARS || !/\p{L}/u.test(text)) return [line];
  // Set an em apart, or a title by its wording (a normal space apart).
  if (gap < RUN_IN_GAP_EM * head.at(-1)!.fontSize && !(gap > 0 && isRunInTitle(text))) return [line];
  const restRuns = [{ ...rest[0]!, text: rest[0]!.text.replace(/^\s+/, '') }, ...rest.slice(1)];
  return [{ runs: head, box: unionOf(head) }, { runs: restRuns, box: unionOf(restRuns) }];
}

/** The longest of a set of title keys, and every key's length. */
type KeyLengths = { longest: number; lengths: ReadonlySet<number> };
const titleLengths = new WeakMap<ReadonlySet<string>, KeyLengths>();

/**
 * Whether the line's text is one of the outline titles (by key). Lines far
 * longer than any title are skipped unkeyed, and so are ASCII lines whose
 * key, counted without being built, is as long as no title's: asked of every
 * line of a document with an outline.
 */
function isOutlineTitle(line: Line, titles: ReadonlySet<string>): boolean {
  let keys = titleLengths.get(titles);
  if (keys === undefined) {
    const lengths = keyLengths(titles);
    titleLengths.set(titles, (keys = { longest: Math.max(0, ...lengths), lengths }));
  }
  const text = lineText(line);
  if (text.length > 3 * keys.longest + 10) return false; // 3 longest keys plus 10 characters: room for numbers, leaders
  const n = asciiTitleKeyLength(text);
  return (n < 0 || keys.lengths.has(n)) && titles.has(titleKey(text));
}

/** Groups a page's flow into blocks: runs of lines become paragraphs, pre-built blocks stay. */
export function groupLines(page: Page, ratio: number, keep: HyphenPolicy, titles: ReadonlySet<string> = new Set()): Block[] {
  const gap = typicalGap(page.lines);
  const flow = page.flow ?? page.lines.map((line) => ({ kind: 'line' as const, line }));
  const out: Block[] = [];
  let cur: Line[] = [];
  // Whether cur's first line opens a numbered entry: asked once per paragraph, not once per line.
  let entry = false;
  const flush = () => {
    if (cur.length === 0) return;
    const { body, marks } = takeMarginMarks(cur);
    const parts = splitAtForcedBreaks(body);
    for (let i = 0; i < parts.length; i++) out.push(paragraph(parts[i]!, page.number, keep));
    for (let i = 0; i < marks.length; i++) {
      const mark = marks[i]!;
      out.push(paragraph([mark], page.number, keep));
    }
    cur = [];
    entry = false;
  };
  for (let k = 0; k < flow.length; k++) {
    const item = flow[k]!;
    if (item.kind === 'block') {
      flush();
      out.push(item.block);
      continue;
    }
    const split = splitRunIn(item.line);
    for (let i = 0; i < split.length; i++) {
      const line = split[i]!;
      // A line that is exactly an outline title stands alone, whatever its style.
      const isTitle = titles.size > 0 && isOutlineTitle(line, titles);
      const prev = cur.at(-1);
      // A centred label in capitals ("ABSTRACT") is set in the body's face and spacing: its place parts it from the text.
      const label = cur.length === 1 && prev !== undefined && isCentredLabel(prev, line);
      // A numbered entry ("[3] Sten Andler…") keeps its lines whatever their face, until the next entry opens.
      const next = entry && opensNextEntry(cur[0]!, line);
      if (prev && (isTitle || label || next || startsNewBlock(prev, line, gap, ratio, !entry) || leavesItem(cur[0]!, prev, line) || startsHangingEntry(cur, line))) flush();
      cur.push(line);
      if (cur.length === 1) entry = opensEntry(line);
      if (isTitle) flush();
    }
  }
  flush();
  return out;
}

/** Inserts existing (table) blocks before the first block that starts below them in the same column. */
export function slotIn(blocks: Block[], fixed: Block[]): Block[] {
  const out = [...blocks];
  for (const f of fixed) {
    const fb = f.prov.box;
    const at = out.findIndex((b) => b.kind !== 'table' && b.prov.box.y0 >= fb.y0 - 1 && b.prov.box.x0 < fb.x1 && fb.x0 < b.prov.box.x1);
    out.splice(at < 0 ? out.length : at, 0, f);
  }
  return out;
}

/** Lines → paragraphs, keeping blocks earlier stages placed (tables). */
export const blocks: Stage = {
  name: 'blocks',
  run(doc, cfg) {
    const keep = vocabularyPolicy(() => documentText(doc.pages));
    const titles = new Set(doc.signals.outline.map((o) => titleKey(o.title)).filter((k) => k.length >= 3)); // keys under 3 characters match too much
    const pages = doc.pages.map((p) => {
      const built = groupLines(p, cfg.paragraphGapRatio, keep, titles);
      // Without a reading flow, earlier blocks (tables) are slotted in by position.
      return { ...p, blocks: p.flow ? built : slotIn(built, p.blocks) };
    });
    return { ...doc, pages };
  },
};
