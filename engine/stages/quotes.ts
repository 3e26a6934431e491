/**
 * Stage `quotes`: block quotes from layout. Browsers, LaTeX and word
 * processors all set a quotation as a block indented about two to three ems
 * from the column's left edge, every line of it (a first-line indent is a
 * paragraph, a hanging one a list). Consecutive indented paragraphs, with the
 * code blocks and lists among them, become one quote when one of them shows
 * more than the indent: a side bar, or a right margin narrowed too. Indented
 * text alone may be list items whose bullets are drawn rather than printed.
 * Centred lines (captions, one-column tables) are not indented text, and
 * tables never join a quote: LaTeX centres narrow tables.
 */
import type { Block, Box, Line, Page, Rule } from '../model.ts';
import type { Stage } from '../stage.ts';
import { lineFontSize, lineRole, unionBox } from '../geometry.ts';
import { DEFAULT_FONT_PT } from './measures.ts';
import { maxOf, minOf } from '../numbers.ts';

/** A quotation is indented at least this many ems (the least of the producers' ~2-2.7em)... */
const MIN_INDENT_EM = 1.8;
/** ...and at most this many: text further in is set apart for other reasons (signatures, centred lines). */
const MAX_INDENT_EM = 6;
/** A narrowed right margin stops the longest line at least this many ems short (ragged lines end short anyway). */
const MIN_RIGHT_INDENT_EM = 1;
/** Share of a page's lines an x position needs to be a column's left edge. */
const EDGE_SHARE = 0.1;
/** Lines an x position needs at least to be a column's left edge, however few lines the page has. */
const MIN_EDGE_LINES = 3;
/** Left edges this many points apart are one edge: justified text starts a hair apart. */
const SAME_EDGE_PT = 2;
/** Share of the page's width between two left edges past which they are two columns, not an indent. */
const COLUMN_APART_SHARE = 0.3;
/** Share of a column's lines (ordered by right end) reaching its right edge: a long URL or code line overflows it. */
const RIGHT_EDGE_QUANTILE = 0.95;
/** Share of a box's height a vertical rule runs beside it to be its side bar. */
const SIDE_BAR_SHARE = 0.7;
/** Full lines a ragged paragraph needs before its line breaks say its measure was narrowed. */
const MIN_RAGGED_LINES = 3;
/** Slack (ems) at a ragged line's end besides the next line's first word: the space and hyphenation's leeway. */
const RAGGED_SLACK_EM = 0.3;
/** Font size (points) of the smallest text: a page with no block set in MIN_INDENT_EM ems of it holds no quote. */
const SMALLEST_TEXT_PT = 5;

type Column = { x0: number; x1: number };

/** The page's columns: left edges many lines start at, far enough apart to be columns rather than indents. */
export function pageColumns(lines: readonly Line[], width: number): Column[] {
  const counts = new Map<number, number>();
  for (let i = 0; i < lines.length; i++) {
    const x = Math.round(lines[i]!.box.x0);
    counts.set(x, (counts.get(x) ?? 0) + 1);
  }
  const need = Math.max(MIN_EDGE_LINES, EDGE_SHARE * lines.length);
  const edges = [...counts.keys()].sort((a, b) => a - b)
    // Neighbouring positions (within 2pt) count together: justified text starts a hair apart.
    .filter((x) => (counts.get(x - 2) ?? 0) + (counts.get(x - 1) ?? 0) + counts.get(x)! + (counts.get(x + 1) ?? 0) + (counts.get(x + 2) ?? 0) >= need); // x - 2 to x + 2: SAME_EDGE_PT either side
  const starts: number[] = [];
  for (const x of edges) if (!starts.length || x - starts[starts.length - 1]! > COLUMN_APART_SHARE * width) starts.push(x);
  if (!starts.length && lines.length) starts.push(minOf(lines.map((l) => l.box.x0)));
  return starts.map((x0, i) => {
    const next = starts[i + 1] ?? Infinity;
    // The right edge most lines reach; a long URL or code line may overflow it.
    const rights = lines.filter((l) => l.box.x0 >= x0 - SAME_EDGE_PT && l.box.x0 < next - SAME_EDGE_PT).map((l) => l.box.x1).sort((a, b) => a - b);
    return { x0, x1: Math.max(x0, rights[Math.floor(RIGHT_EDGE_QUANTILE * (rights.length - 1))] ?? x0) };
  });
}

function columnFor(cols: readonly Column[], x: number): Column | undefined {
  return cols.filter((c) => c.x0 <= x + SAME_EDGE_PT).at(-1);
}

/** Whether a vertical rule runs down the left of the box, within `reach` of its text (a quote's side bar). */
function sideBar(rules: readonly Rule[], box: Box, reach: number): boolean {
  const h = box.y1 - box.y0;
  return rules.some((r) => r.orientation === 'v' && r.box.x1 <= box.x0 + 1 && r.box.x1 >= box.x0 - reach
    && Math.min(r.box.y1, box.y1) - Math.max(r.box.y0, box.y0) >= SIDE_BAR_SHARE * h);
}

/** Width of a line's first word, prorated from its first run's box. */
function firstWordWidth(line: Line): number {
  const run = line.runs[0]!;
  const text = run.text.trimStart();
  const word = text.split(/\s/)[0] ?? '';
  return text.length ? (run.box.x1 - run.box.x0) * (word.length / text.length) : 0;
}

/**
 * Whether the paragraph's measure is narrowed on the right too: its full
 * lines (all but the last) stop well short of the column's right edge while
 * filling the narrower measure the way prose does: justified to one edge, or
 * ragged with each line broken because the next word did not fit. Short list
 * items whose bullets are drawn rather than printed end where they end.
 */
function narrowedMeasure(lines: readonly Line[], col: Column, em: number): boolean {
  const full = lines.slice(0, -1);
  if (full.length < 2) return false; // one full line has no line break to read
  const right = maxOf(full.map((l) => l.box.x1));
  // The last line is the shortest of a paragraph, never longer than the measure.
  if (col.x1 - right < MIN_RIGHT_INDENT_EM * em || lines[lines.length - 1]!.box.x1 > right + 1) return false;
  if (full.every((l) => right - l.box.x1 <= 1)) return true;
  return full.length >= MIN_RAGGED_LINES && full.every((l, i) => right - l.box.x1 < RAGGED_SLACK_EM * em + firstWordWidth(lines[i + 1]!));
}

/**
 * How a paragraph reads as a quotation: null unless every line starts at
 * one indented x (centred lines, first-line and hanging indents are other
 * things). `strong` when something besides the indent says quote: a side
 * bar (browsers), or a measure narrowed on the right as well (LaTeX, word
 * processors). An indent alone is `weak`: list items whose bullets are drawn
 * rather than printed look the same.
 */
function quotedParagraph(b: Extract<Block, { kind: 'paragraph' }>, cols: readonly Column[], rules: readonly Rule[]): 'strong' | 'weak' | null {
  const lines = b.lines ?? [];
  const col = columnFor(cols, b.prov.box.x0);
  if (!lines.length || !col) return null;
  const em = lineFontSize(lines[0]!) || DEFAULT_FONT_PT;
  const indent = b.prov.box.x0 - col.x0;
  if (indent < MIN_INDENT_EM * em || indent > MAX_INDENT_EM * em) return null;
  if (lines.some((l) => Math.abs(l.box.x0 - b.prov.box.x0) > SAME_EDGE_PT)) return null;
  // Tagged PDFs say when indented text is a list item.
  if (lines.some((l) => /^(?:LI|Lbl|LBody)$/.test(lineRole(l) ?? ''))) return null;
  // A centred line leaves as much room on the right as on the left.
  if (lines.length === 1 && col.x1 - b.prov.box.x1 - indent <= em) return null;
  return sideBar(rules, b.prov.box, indent) || narrowedMeasure(lines, col, em) ? 'strong' : 'weak';
}

function indentedBlock(b: Block, cols: readonly Column[]): boolean {
  const col = columnFor(cols, b.prov.box.x0);
  if (!col) return false;
  const em = b.kind === 'paragraph' && b.lines?.[0] ? lineFontSize(b.lines[0]) : DEFAULT_FONT_PT;
  const indent = b.prov.box.x0 - col.x0;
  return indent >= MIN_INDENT_EM * em && indent <= MAX_INDENT_EM * em;
}

function quote(children: Block[]): Block {
  return { kind: 'quote', children, prov: { page: children[0]!.prov.page, box: unionBox(children.map((c) => c.prov.box)) } };
}

/** Wraps runs of indented paragraphs (with code and lists among them) into quote blocks. */
export function quoteBlocks(page: Page): Block[] {
  // Nothing set in from the leftmost text: no quote, and no columns to find.
  const left = minOf(page.lines.map((l) => l.box.x0));
  if (!page.blocks.some((b) => b.prov.box.x0 - left >= MIN_INDENT_EM * SMALLEST_TEXT_PT)) return page.blocks;
  const cols = pageColumns(page.lines, page.width);
  const out: Block[] = [];
  let run: Block[] = [];
  let strong = false;
  const flush = (): void => {
    if (strong) out.push(quote(run));
    else out.push(...run);
    run = [];
    strong = false;
  };
  for (const b of page.blocks) {
    const kind = b.kind === 'paragraph' ? quotedParagraph(b, cols, page.bars ?? page.rules) : null;
    const member = kind !== null || ((b.kind === 'code' || b.kind === 'list') && indentedBlock(b, cols));
    if (member) {
      run.push(b);
      strong ||= kind === 'strong';
    } else {
      flush();
      out.push(b);
    }
  }
  flush();
  return out;
}

/** Indented paragraphs → block quotes. */
export const quotes: Stage = {
  name: 'quotes',
  run: (doc) => ({ ...doc, pages: doc.pages.map((p) => ({ ...p, blocks: quoteBlocks(p) })) }),
};
