/**
 * Stage `code`: paragraphs set entirely in a monospace font become code
 * blocks. Adjacent code paragraphs merge, with blank lines restored from the
 * vertical gaps, and indentation is rebuilt from x positions in character
 * widths, since the text layer drops leading spaces.
 */
import type { Block, Line } from '../model.ts';
import type { Stage } from '../stage.ts';
import { isMostlyCjk, isSpace, median, runShare, unionBox } from '../geometry.ts';
import { CODE_LINE_SHARE } from './measures.ts';
import { minOf } from '../numbers.ts';

type Para = Extract<Block, { kind: 'paragraph' }>;
type Code = Extract<Block, { kind: 'code' }>;

/** Character width (points) assumed when no run has text to measure: a 10 pt fixed-pitch face's. */
const DEFAULT_CHAR_PT = 6;
/** Line heights a code line's pitch is at most: a generous leading; larger steps are blank lines. */
const MAX_PITCH_LINES = 1.35;
/** Blank lines kept at most between two code lines, however wide the gap. */
const MAX_BLANK_LINES = 3;

// Most lines have no monospace run: no share to count.
const isCodeLine = (l: Line) => l.runs.some((r) => r.monospace) && runShare(l, (r) => r.monospace) >= CODE_LINE_SHARE;

/** Typographic bullets never start code; a monospace bullet is a list item in a code font. */
const TYPOGRAPHIC_BULLET = /^\s*[•◦▪▫‣●○■□►▸]/u;

/**
 * One line of nothing but numbers and punctuation (footnote marks, a page
 * number, a stray dot) says nothing by being set in a fixed-pitch face:
 * digits are fixed-pitch in most fonts.
 */
const BARE_NUMBERS = /^[\d\s.,:;()*+\-–]*$/u;

const isBareNumbers = (b: Para): boolean => b.lines?.length === 1 && BARE_NUMBERS.test(b.spans.map((s) => s.text).join(''));

/** A lone line of numbers in a fixed-pitch face, as plain text rather than inline code. */
function plainNumbers(b: Block): Block {
  // Most paragraphs have no code span: their text is not joined.
  if (b.kind !== 'paragraph' || !b.spans.some((s) => s.code) || !isBareNumbers(b)) return b;
  return { ...b, spans: b.spans.map(({ code: _code, ...s }) => s) };
}

/** A paragraph is code when every line is monospace (and it is not CJK prose, a bulleted item or a lone line of numbers). */
export function isCodeParagraph(b: Block): b is Para {
  if (b.kind !== 'paragraph' || !b.lines?.length || !b.lines.every(isCodeLine)) return false;
  const text = b.lines.map((l) => l.runs.map((r) => r.text).join('')).join('\n');
  if (isMostlyCjk(text)) return false;
  if (isBareNumbers(b)) return false;
  return !TYPOGRAPHIC_BULLET.test(text);
}

/** Length of a text without its leading spacing (`text.trimStart().length`), with no string built. */
function lengthAfterSpacing(text: string): number {
  let i = 0;
  while (i < text.length && isSpace(text.charCodeAt(i))) i++;
  return text.length - i;
}

function charWidth(lines: Line[]): number {
  // The lines stage prefixes word spaces that have no width in the box; leave them out.
  const widths: number[] = [];
  for (let i = 0; i < lines.length; i++) {
    const runs = lines[i]!.runs;
    for (let j = 0; j < runs.length; j++) {
      const r = runs[j]!;
      const n = lengthAfterSpacing(r.text);
      if (n > 0) widths.push((r.box.x1 - r.box.x0) / n); // text beyond its spacing: some that is not spacing
    }
  }
  return median(widths) || DEFAULT_CHAR_PT;
}

/** Rebuilds code text from line geometry: columns from x, blank lines from gaps. */
export function codeText(lines: Line[]): string {
  if (lines.length === 0) return '';
  const cw = charWidth(lines);
  const left = minOf(lines.map((l) => l.box.x0));
  // Line pitch: the usual baseline distance, but never more than a generous leading.
  const height = median(lines.map((l) => l.box.y1 - l.box.y0));
  const steps = lines.slice(1).map((l, i) => l.box.y0 - lines[i]!.box.y0).filter((d) => d > 0);
  const pitch = Math.min(median(steps) || Infinity, height * MAX_PITCH_LINES);
  const out: string[] = [];
  lines.forEach((line, i) => {
    if (i > 0) {
      const gap = Math.round((line.box.y0 - lines[i - 1]!.box.y0) / pitch) - 1;
      for (let k = 0; k < Math.min(gap, MAX_BLANK_LINES); k++) out.push('');
    }
    let text = '';
    line.runs.forEach((r, k) => {
      // The first run is indented from the block's left edge; the others are
      // spaced from the run before them, so a grid wider than the glyphs
      // (fixed columns) does not add up to extra spaces along the line.
      const prev = line.runs[k - 1];
      const col = prev ? text.length + Math.round((r.box.x0 - prev.box.x1) / cw) : Math.max(0, Math.round((r.box.x0 - left) / cw));
      if (text.length < col) text += ' '.repeat(col - text.length);
      // A word space the lines stage saw stays unless both sides are code:
      // between two code runs a space is a whole cell, and a gap under half
      // a cell (a token drawn in another code font) is none.
      else if (/^\s/.test(r.text) && !/\s$/.test(text) && text.length > 0 && !(prev?.monospace && r.monospace)) text += ' ';
      text += r.text.replace(/^\s+/, '');
    });
    out.push(text.trimEnd());
  });
  return out.join('\n');
}

function toCode(paras: Para[]): Code {
  const lines = paras.flatMap((p) => p.lines ?? []);
  return { kind: 'code', text: codeText(lines), prov: { page: paras[0]!.prov.page, box: unionBox(paras.map((p) => p.prov.box)) } };
}

/**
 * A comment's opening, as listings set comments in a text face: `//`, `/*` (or `/∗`), `#`, `--`, `%`, then a space
 * (`--verbose` is an option, not a comment).
 */
const COMMENT_START = /^\s*(?:\/\/|\/[*∗]|#|--|%)(?:\s|$)/u;

/**
 * A line of code whose comment is set in a text face: fixed-pitch runs, then
 * from the first run that is not fixed-pitch on, a comment (`x = 1; // one`),
 * or a comment alone. Prose that opens with inline code (`` `f` returns``) is not.
 */
function isCommentedCode(l: Line): boolean {
  const runs = [...l.runs].filter((r) => r.text.trim() !== '').sort((a, b) => a.box.x0 - b.box.x0);
  const text = runs.find((r) => !r.monospace);
  return text !== undefined && COMMENT_START.test(text.text);
}

/** A fixed-pitch line of numbers and punctuation (a program's output `1`, a closing `)`, a tree's `- ...`). */
const isBareCodeLine = (l: Line): boolean => isCodeLine(l) && BARE_NUMBERS.test(l.runs.map((r) => r.text).join(''));

/**
 * A paragraph right after code whose every line is code with its comment in
 * italics (LaTeX's listings with `commentstyle=\itshape`), a comment alone, or
 * fixed-pitch numbers and punctuation, which alone would not be code, is part
 * of the listing.
 */
const isListingLine = (b: Block): b is Para =>
  b.kind === 'paragraph' && !!b.lines?.length && b.lines.every((l) => isBareCodeLine(l) || isCommentedCode(l));

/** Turns monospace paragraphs into code blocks, merging neighbours on one page. */
export function codeBlocks(blocks: Block[]): Block[] {
  const out: Block[] = [];
  let run: Para[] = [];
  const flush = () => {
    if (run.length) out.push(toCode(run));
    run = [];
  };
  for (const b of blocks) {
    const prev = run.at(-1);
    // Code paragraphs merge unless something else sits between them or they are far apart.
    const apart = prev !== undefined && (b.prov.box.y0 - prev.prov.box.y1 > 3 * (prev.lines![0]!.box.y1 - prev.lines![0]!.box.y0) || b.prov.box.y0 < prev.prov.box.y0);
    if (isCodeParagraph(b)) {
      if (apart) flush();
      run.push(b);
    } else if (prev && !apart && isListingLine(b)) {
      run.push(b);
    } else {
      flush();
      out.push(plainNumbers(b));
    }
  }
  flush();
  return out;
}

/** Monospace paragraphs → fenced code. */
export const code: Stage = {
  name: 'code',
  run: (doc) => ({ ...doc, pages: doc.pages.map((p) => ({ ...p, blocks: codeBlocks(p.blocks) })) }),
};
