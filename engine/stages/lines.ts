/**
 * Stage `lines`: groups a page's text runs into visual lines. Runs sharing a
 * baseline band form one line across the whole page width, gaps included, so
 * the tables stage can see cell gaps; the reading-order stage later splits
 * lines at column gutters. Word spaces implied by geometry are written into
 * the run text.
 */
import type { Line, Page, TextRun } from '../model.ts';
import type { Stage } from '../stage.ts';
import { isSpace, unionOf, withoutLeadingSpace } from '../geometry.ts';
import { bidiRow, hasRtl, pageDirection, type BaseDir } from './bidi-lines.ts';
import { surelyMonospaced } from '../extract/font-style.ts';
import { CHUNK_GAP_EM } from '../tables/chunks.ts';
import { adoptTouchingRuns } from './touching-runs.ts';
import { sortedView, sortInPlace } from '../in-order.ts';
import { greatest, least, magnitude } from '../numbers.ts';

/** A gap wider than this many ems splits a row into separate lines. */
const SPLIT_GAP_EM = 1.8;
/** A gap wider than this many ems between runs is a word space. */
const SPACE_GAP_EM = 0.15;

const center = (r: TextRun) => (r.box.y0 + r.box.y1) / 2;
const height = (r: TextRun) => greatest(1, r.box.y1 - r.box.y0);

/** A run this much smaller than the line beside it may be a superscript or subscript. */
const SCRIPT_SIZE = 0.9;
/**
 * Its bottom must sit this many of the line's ems above the line's (a
 * superscript), or its top this far and its bottom a little below (a
 * subscript). Smaller text on the line's own baseline (inline code) has a
 * lower top, but its bottom is not below the line's.
 */
const SCRIPT_SHIFT_EM = 0.15;
/** A subscript's bottom sits at least this many of the line's ems below the line's bottom. */
const SUB_DROP_EM = 0.05;
/** Share of the line's height a script may hang below the line's bottom (a subscript's descender). */
const SCRIPT_DROP = 0.5;
/**
 * How far (ems) a script may stand from the text it belongs to: a word space,
 * as a footnote's ¹ or † stands before its note's text, or a mark after a
 * word set with a space ("LaTeX ¹") or after a logo's own kerning.
 */
const SCRIPT_GAP_EM = 0.6;
/**
 * How far (in the line's heights) a script may reach above the line's top
 * (below its bottom: half a height). A dagger mark (authors' notes), from a
 * symbol font with a taller box, rises some two thirds of the line's height
 * above it where a superscript digit of the same size rises half.
 */
const SCRIPT_RISE = 0.75;
/** Two scripts whose bottoms are this many of their ems apart at most sit on one baseline. */
const SAME_BASELINE_EM = 0.1;

/**
 * Whether `r` is a superscript or subscript of the row `main`: smaller, raised
 * or lowered but within the row's band, and touching one of its runs.
 */
function scriptOf(r: TextRun, main: readonly TextRun[]): TextRun['script'] | null {
  for (let i = 0; i < main.length; i++) {
    const m = main[i]!;
    const em = m.fontSize;
    if (r.fontSize > SCRIPT_SIZE * em || r.dir !== m.dir || m.rotation !== r.rotation) continue;
    const touches = magnitude(r.box.x0 - m.box.x1) <= SCRIPT_GAP_EM * em || magnitude(m.box.x0 - r.box.x1) <= SCRIPT_GAP_EM * em;
    if (!touches) continue;
    const h = m.box.y1 - m.box.y0;
    if (r.box.y0 < m.box.y0 - SCRIPT_RISE * h || r.box.y1 > m.box.y1 + SCRIPT_DROP * h) continue;
    if (r.box.y1 < m.box.y1 - SCRIPT_SHIFT_EM * em) return 'sup';
    if (r.box.y0 > m.box.y0 + SCRIPT_SHIFT_EM * em && r.box.y1 > m.box.y1 + SUB_DROP_EM * em) return 'sub';
  }
  return null;
}

/**
 * A row of nothing but superscripts or subscripts (a², H₂O, footnote marks)
 * joins the row whose text it belongs to, its runs marked as scripts, so they
 * stay inline instead of becoming a line of their own.
 */
function mergeScripts(rows: TextRun[][]): TextRun[][] {
  const out = rows.map(markScripts);
  const tops = out.map(largest);
  for (let i = 0; i < out.length; i++) {
    const row = out[i]!;
    for (let j = i - 1; j <= i + 1; j += 2) { // the row above, then the row below
      const main = out[j];
      // Most rows are no smaller than their neighbours: nothing to look at.
      if (!main?.length || !row.length || tops[i]! > SCRIPT_SIZE * tops[j]!) continue;
      const scripts = chainScripts(row, row.map((r) => scriptOf(r, main)));
      if (scripts.some((s) => s === null)) continue;
      main.push(...row.map((r, k) => ({ ...r, script: scripts[k]! })));
      row.length = 0;
    }
  }
  return out.filter((r) => r.length > 0);
}

/**
 * A run of a script row that stands a script's gap from a run already taken
 * as a script, on its baseline, is that kind of script too: a list of marks
 * runs on past the word it belongs to ("Author²,ᵈ⁾").
 */
function chainScripts(row: readonly TextRun[], scripts: (TextRun['script'] | null)[]): (TextRun['script'] | null)[] {
  const out = [...scripts];
  for (let changed = true; changed;) {
    changed = false;
    row.forEach((r, k) => {
      if (out[k] !== null) return;
      const em = r.fontSize;
      const m = row.findIndex((o, n) => out[n] !== null && magnitude(o.box.y1 - r.box.y1) <= SAME_BASELINE_EM * em
        && (magnitude(r.box.x0 - o.box.x1) <= SCRIPT_GAP_EM * em || magnitude(o.box.x0 - r.box.x1) <= SCRIPT_GAP_EM * em));
      if (m >= 0) { out[k] = out[m]!; changed = true; }
    });
  }
  return out;
}

function largest(row: readonly TextRun[]): number {
  let top = 0;
  for (let i = 0; i < row.length; i++) {
    const r = row[i]!;
    top = greatest(top, r.fontSize);
  }
  return top;
}

/** Marks the scripts among a row's own runs (a superscript close enough to the baseline to share its row). */
function markScripts(row: TextRun[]): TextRun[] {
  const top = largest(row);
  if (row.every((r) => r.fontSize > SCRIPT_SIZE * top)) return row;
  const main = row.filter((r) => r.fontSize > SCRIPT_SIZE * top);
  return row.map((r) => {
    const script = r.fontSize > SCRIPT_SIZE * top ? null : scriptOf(r, main);
    return script ? { ...r, script } : r;
  });
}

function rows(runs: TextRun[]): TextRun[][] {
  const sorted = sortedView(runs, (a, b) => center(a) - center(b) || a.box.x0 - b.box.x0);
  const out: { runs: TextRun[]; c: number; h: number }[] = [];
  for (let i = 0; i < sorted.length; i++) {
    const r = sorted[i]!;
    const row = out.at(-1);
    // Same row when the vertical centres are within ~40% of the smaller height.
    // The row is measured by its tallest run: small code set inside a heading
    // sits off the heading's centre but well within it.
    if (row && magnitude(center(r) - row.c) < 0.4 * least(row.h, height(r))) { // 40% of the smaller height
      row.runs.push(r);
      if (height(r) > row.h) {
        row.c = center(r);
        row.h = height(r);
      }
    } else {
      out.push({ runs: [r], c: center(r), h: height(r) });
    }
  }
  return mergeScripts(adoptTouchingRuns(out.map((r) => r.runs)));
}

function withSpace(prev: TextRun, r: TextRun): TextRun {
  const gap = r.dir === 'rtl' ? prev.box.x0 - r.box.x1 : r.box.x0 - prev.box.x1;
  const em = greatest(1, least(prev.fontSize, r.fontSize));
  // isSpace is \s to the code unit: no pattern is run at every pair of runs.
  if (gap > SPACE_GAP_EM * em && !isSpace(prev.text.charCodeAt(prev.text.length - 1)) && !isSpace(r.text.charCodeAt(0))) return { ...r, text: ' ' + r.text };
  return r;
}

function isRtl(runs: readonly TextRun[]): boolean {
  let n = 0;
  for (let i = 0; i < runs.length; i++) {
    const r = runs[i]!;
    if (r.dir === 'rtl') n++;
  }
  return n > runs.length / 2;
}

/**
 * A short run whose monospace flag has no support of its own (a one-glyph
 * subset: a math letter, a superscript digit) is code only beside code, like
 * a fallback glyph inside an inline code span; elsewhere it is prose.
 */
function withoutLoneMonospace(runs: TextRun[]): TextRun[] {
  if (!runs.some((r) => r.monospace && !surelyMonospaced(r))) return runs;
  // Code spreads from sure runs through neighbouring flagged ones (`‛` `␀` `.txt`), both ways.
  const code = runs.map(surelyMonospaced);
  for (let i = 1; i < runs.length; i++) if (!code[i] && runs[i]!.monospace && code[i - 1]) code[i] = true;
  for (let i = runs.length - 2; i >= 0; i--) if (!code[i] && runs[i]!.monospace && code[i + 1]) code[i] = true; // from the last but one
  return runs.map((r, i) => (r.monospace && !code[i] ? { ...r, monospace: false } : r));
}

const fromLeft = (a: TextRun, b: TextRun): number => a.box.x0 - b.box.x0;
const fromRight = (a: TextRun, b: TextRun): number => b.box.x1 - a.box.x1;

/** One row's line. The row is rows()'s own array, sorted in place: nothing else holds it. */
function rowLine(row: TextRun[], base: BaseDir | null): Line {
  // Rows with right-to-left letters are reordered as a whole (bidi-lines.ts).
  // Pieces end where table cells do, so a row of right-to-left cells keeps one run per cell.
  const bidi = base ? bidiRow(row, base, CHUNK_GAP_EM, SPACE_GAP_EM) : null;
  const rtl = isRtl(bidi ?? row);
  const ordered = withoutLoneMonospace(bidi ?? sortInPlace(row, rtl ? fromRight : fromLeft));
  const runs: TextRun[] = [];
  for (let i = 0; i < ordered.length; i++) {
    const r = ordered[i]!;
    const prev = runs.at(-1);
    runs.push(prev ? withSpace(prev, r) : withoutLeadingSpace(r));
  }
  return { runs, box: unionOf(runs) };
}

/** Splits a line where a gap is wider than `gapEm` ems (column gutters, cell gaps). */
export function splitAtGaps(line: Line, gapEm = SPLIT_GAP_EM): Line[] {
  if (line.runs.some((r) => r.dir === 'ttb')) return [line];
  const rtl = isRtl(line.runs);
  const parts: TextRun[][] = [];
  for (const r of line.runs) {
    const cur = parts.at(-1);
    const prev = cur?.at(-1);
    const gap = prev ? (rtl ? prev.box.x0 - r.box.x1 : r.box.x0 - prev.box.x1) : 0;
    if (!cur || !prev || gap > gapEm * greatest(1, r.fontSize)) parts.push([withoutLeadingSpace(r)]);
    else cur.push(r);
  }
  if (parts.length === 1) return [line];
  return parts.map((runs) => ({ runs, box: unionOf(runs) }));
}

function verticalLines(runs: TextRun[]): Line[] {
  // Vertical text reads top to bottom, columns right to left; one column is one line.
  const cols: TextRun[][] = [];
  for (const r of [...runs].sort((a, b) => b.box.x0 - a.box.x0 || a.box.y0 - b.box.y0)) {
    const col = cols.at(-1);
    if (col && magnitude(col[0]!.box.x0 - r.box.x0) < 0.5 * r.fontSize) col.push(r); // within half an em: one column
    else cols.push([r]);
  }
  return cols.map((c) => {
    const runs = c.sort((a, b) => a.box.y0 - b.box.y0);
    return { runs, box: unionOf(runs) };
  });
}

const sideways = (r: TextRun) => r.rotation === 90 || r.rotation === 270; // degrees: a quarter turn either way

/**
 * Text turned a quarter against the page's text and standing wholly beside
 * it, in a side margin (an arXiv identifier, a "printed on … by …" stamp
 * down the edge), is furniture: it belongs to no line of the page. Turned
 * text among the page's text (column headers) stays.
 */
function withoutMarginStamps(runs: TextRun[]): TextRun[] {
  if (!runs.some(sideways)) return runs;
  let left = Infinity, right = -Infinity;
  for (let i = 0; i < runs.length; i++) {
    const r = runs[i]!;
    if (sideways(r)) continue;
    left = least(left, r.box.x0);
    right = greatest(right, r.box.x1);
  }
  if (left > right) return runs;
  return runs.filter((r) => !sideways(r) || (r.box.x1 > left && r.box.x0 < right));
}

/** Builds the lines of one page, top to bottom, left to right within a row. */
export function buildLines(page: Page): Line[] {
  const upright: TextRun[] = [], vertical: TextRun[] = [];
  for (let i = 0; i < page.runs.length; i++) {
    const r = page.runs[i]!;
    (r.dir === 'ttb' ? vertical : upright).push(r);
  }
  const horizontal = withoutMarginStamps(upright);
  // Only pages with right-to-left letters pay for finding their direction.
  const base = page.runs.some((r) => hasRtl(r.text)) ? pageDirection(page.runs) : null;
  const out = rows(horizontal).map((row) => rowLine(row, base));
  return vertical.length ? [...out, ...verticalLines(vertical)] : out;
}

/** Runs → lines on every page. */
export const lines: Stage = {
  name: 'lines',
  run: (doc) => ({ ...doc, pages: doc.pages.map((p) => ({ ...p, lines: buildLines(p) })) }),
};
