/**
 * Turns the runs that fall in one table cell into inline spans: lines of a
 * wrapped cell are joined with spaces (or glued where a word was broken at
 * the cell's edge), and neighbouring runs with the same emphasis are merged
 * so the cell reads as one piece of text.
 */
import type { Span, TextRun } from '../model.ts';
import { brokenWordBoundaries, hyphenBoundaries, type BreakContext } from './broken-words.ts';
import { HALF } from './measures.ts';
import { readsRtl, rtlCellBrackets, rtlCellLines } from './rtl-cell-lines.ts';
import { noteCell } from './cell-trace.ts';

/** Gap (ems) between two runs of one line above which a space is inserted. */
const SPACE_GAP_EM = 0.12;

function sameLine(a: TextRun, b: TextRun): boolean {
  const overlap = Math.min(a.box.y1, b.box.y1) - Math.max(a.box.y0, b.box.y0);
  return overlap > HALF * Math.min(a.box.y1 - a.box.y0, b.box.y1 - b.box.y0);
}

/** Groups runs into visual lines, top to bottom, each left to right. */
function visualLines(runs: readonly TextRun[]): TextRun[][] {
  const sorted = [...runs].sort((a, b) => a.box.y0 - b.box.y0 || a.box.x0 - b.box.x0);
  const lines: TextRun[][] = [];
  for (let i = 0; i < sorted.length; i++) {
    const run = sorted[i]!;
    const line = lines.find((l) => sameLine(l[0]!, run));
    if (line) line.push(run);
    else lines.push([run]);
  }
  for (const l of lines) l.sort((a, b) => a.box.x0 - b.box.x0);
  return lines;
}

function styleOf(run: TextRun): Omit<Span, 'text'> {
  const s: Omit<Span, 'text'> = {};
  if (run.bold) s.bold = true;
  if (run.italic) s.italic = true;
  if (run.monospace) s.code = true;
  if (run.href) s.href = run.href;
  return s;
}

function sameStyle(a: Omit<Span, 'text'>, b: Omit<Span, 'text'>): boolean {
  return !!a.bold === !!b.bold && !!a.italic === !!b.italic && !!a.code === !!b.code && a.href === b.href;
}

/** Appends text to the span list, extending the last span when the style matches. */
function push(spans: Span[], text: string, style: Omit<Span, 'text'>): void {
  const last = spans[spans.length - 1];
  if (last && sameStyle(last, style)) last.text += text;
  else spans.push({ text, ...style });
}

/**
 * The spans of a cell whose runs are given in any order; whitespace
 * collapsed, no newlines. With `ctx`, a word broken at the cell's edge is
 * joined without a space, and a hyphenated one without its hyphen (broken-words.ts).
 */
export function cellSpans(runs: readonly TextRun[], ctx?: BreakContext): Span[] {
  const spans: Span[] = [];
  let first = true;
  const lines = rtlCellLines(visualLines(runs));
  const glued = ctx && lines.length > 1 ? brokenWordBoundaries(lines, ctx) : [];
  const hyphens = ctx && lines.length > 1 ? hyphenBoundaries(lines, ctx.words) : [];
  for (let li = 0; li < lines.length; li++) {
    const line = lines[li]!;
    let prev: TextRun | null = null;
    const hyphen = hyphens[li - 1];
    if (hyphen) glued[li - 1] = true;
    const last = spans[spans.length - 1];
    if (hyphen === 'drop' && last) last.text = last.text.replace(/-\s*$/, '');
    for (let k = 0; k < line.length; k++) {
      const run = line[k]!;
      const text = (prev === null && glued[li - 1] ? run.text.trimStart() : run.text).replace(/\s+/g, ' ');
      // Between the boxes, whichever side: a right-to-left line runs from right to left (rtl-cell-lines.ts).
      const gap = prev ? Math.max(run.box.x0 - prev.box.x1, prev.box.x0 - run.box.x1) : 0;
      const needSpace = !first && (prev === null ? !glued[li - 1] : gap > SPACE_GAP_EM * run.fontSize);
      // A space between differently styled runs goes into the plain run, not into code.
      if (needSpace && !/^\s/.test(text)) push(spans, ' ', prev ? styleOf(prev) : {});
      push(spans, text, styleOf(run));
      prev = run;
      first = false;
    }
  }
  const top = lines[0];
  const out = top && readsRtl(top) ? rtlCellBrackets(trimSpans(spans)) : trimSpans(spans);
  noteCell(out, runs);
  return out;
}

function trimSpans(spans: Span[]): Span[] {
  for (const s of spans) s.text = s.text.replace(/\s{2,}/g, ' ');
  const head = spans[0];
  if (head) head.text = head.text.trimStart();
  const tail = spans[spans.length - 1];
  // Dot leaders run from a row label to its first value; they are not part of the label (an ellipsis, three dots, is).
  if (tail) tail.text = tail.text.replace(/(?<=[^.\s])\s*(?:\.\s*){4,}$/, '').trimEnd();
  return spans.filter((s) => s.text !== '');
}

/** Plain text of spans, for comparisons. */
export function spansText(spans: readonly Span[]): string {
  return spans.map((s) => s.text).join('').replace(/\s+/g, ' ').trim();
}
