/**
 * Small geometry and text helpers over the document model, shared by stages,
 * and the PDF matrix product the page readers share.
 */
import type { Box, Line, TextRun } from './model.ts';
import { greatest, least } from './numbers.ts';

/** An affine matrix [a b c d e f], as in PDF. */
export type Matrix = [number, number, number, number, number, number];

/** m × n in PDF order (apply m, then n), as pdf.js's Util.transform(n, m) computes it. */
export function multiply(m: Readonly<Matrix>, n: Readonly<Matrix>): Matrix {
  return [
    m[0] * n[0] + m[1] * n[2], m[0] * n[1] + m[1] * n[3],
    m[2] * n[0] + m[3] * n[2], m[2] * n[1] + m[3] * n[3],
    m[4] * n[0] + m[5] * n[2] + n[4], m[4] * n[1] + m[5] * n[3] + n[5],
  ];
}

/** The smallest box containing all the given boxes. */
export function unionBox(boxes: Box[]): Box {
  let x0 = Infinity, y0 = Infinity, x1 = -Infinity, y1 = -Infinity;
  for (let i = 0; i < boxes.length; i++) {
    const b = boxes[i]!;
    x0 = least(x0, b.x0); y0 = least(y0, b.y0);
    x1 = greatest(x1, b.x1); y1 = greatest(y1, b.y1);
  }
  return Number.isFinite(x0) ? { x0, y0, x1, y1 } : { x0: 0, y0: 0, x1: 0, y1: 0 };
}

/** The smallest box containing the boxes of all the items (runs, lines), with no array of boxes built. */
export function unionOf(items: readonly { box: Box }[]): Box {
  let x0 = Infinity, y0 = Infinity, x1 = -Infinity, y1 = -Infinity;
  for (let i = 0; i < items.length; i++) {
    const b = items[i]!.box;
    x0 = least(x0, b.x0); y0 = least(y0, b.y0);
    x1 = greatest(x1, b.x1); y1 = greatest(y1, b.y1);
  }
  return Number.isFinite(x0) ? { x0, y0, x1, y1 } : { x0: 0, y0: 0, x1: 0, y1: 0 };
}

/** A box's width. */
export const boxWidth = (b: Box): number => b.x1 - b.x0;

/** The x of a box's centre. */
export const boxCentreX = (b: Box): number => (b.x0 + b.x1) / 2;

/** Text of a line: the runs' text concatenated (the lines stage already put spaces in). */
export function lineText(line: Line): string {
  // Asked of every line by many stages: no array is built, and one run's text is its own.
  const runs = line.runs;
  if (runs.length === 1) return runs[0]!.text;
  let text = '';
  for (let i = 0; i < runs.length; i++) text += runs[i]!.text;
  return text;
}

/**
 * The text of every line of the pages, lines joined by a newline: what
 * joining each line's text would give, with no list of line texts built.
 */
export function documentText(pages: readonly { lines: readonly Line[] }[]): string {
  let text = '', first = true;
  for (let j = 0; j < pages.length; j++) {
    const p = pages[j]!;
    for (let k = 0; k < p.lines.length; k++) {
      const l = p.lines[k]!;
      if (!first) text += '\n';
      first = false;
      for (let i = 0; i < l.runs.length; i++) {
        const r = l.runs[i]!;
        text += r.text;
      }
    }
  }
  return text;
}

/** Font size of a line, weighted by characters. */
export function lineFontSize(line: Line): number {
  let n = 0, sum = 0;
  const runs = line.runs;
  for (let i = 0; i < runs.length; i++) {
    const r = runs[i]!;
    const k = trimmedLength(r.text);
    n += k; sum += k * r.fontSize;
  }
  return n > 0 ? sum / n : (line.runs[0]?.fontSize ?? 0);
}

/** Whether a UTF-16 code unit is whitespace as `\s` defines it. */
export function isSpace(c: number): boolean {
  if (c < 0xa0) return c === 32 || (c >= 9 && c <= 13); // below the no-break space: the usual case, decided in two tests
  return c === 32 || (c >= 9 && c <= 13) || c === 0xa0 || c === 0x1680 || (c >= 0x2000 && c <= 0x200a)
    || c === 0x2028 || c === 0x2029 || c === 0x202f || c === 0x205f || c === 0x3000 || c === 0xfeff;
}

/**
 * The run (or span) without the spacing its text starts with: itself when
 * there is none, as for most, so no copy is made.
 */
export function withoutLeadingSpace<T extends { text: string }>(r: T): T {
  return isSpace(r.text.charCodeAt(0)) ? { ...r, text: r.text.replace(/^\s+/, '') } : r;
}

/** `text.trim().length`, without building the trimmed string. */
export function trimmedLength(text: string): number {
  let a = 0, b = text.length;
  while (a < b && isSpace(text.charCodeAt(a))) a++;
  while (b > a && isSpace(text.charCodeAt(b - 1))) b--;
  return b - a;
}

/** Number of non-whitespace characters (UTF-16 units) in a text, without building a new string. */
export function visibleLength(text: string): number {
  let n = 0;
  for (let i = 0; i < text.length; i++) if (!isSpace(text.charCodeAt(i))) n++;
  return n;
}

/** Share of the line's visible characters for which the predicate holds. */
export function runShare(line: Line, pred: (r: TextRun) => boolean): number {
  // No run of the kind: the share is 0, with no text scanned.
  if (!line.runs.some(pred)) return 0;
  let n = 0, yes = 0;
  for (let i = 0; i < line.runs.length; i++) {
    const r = line.runs[i]!;
    const k = visibleLength(r.text);
    n += k;
    if (pred(r)) yes += k;
  }
  return n > 0 ? yes / n : 0;
}

/** Most frequent value, with ties broken by first seen. */
export function mode<T>(values: T[]): T | undefined {
  const counts = new Map<T, number>();
  let best: T | undefined, bestN = 0;
  for (const v of values) {
    const n = (counts.get(v) ?? 0) + 1;
    counts.set(v, n);
    if (n > bestN) { best = v; bestN = n; }
  }
  return best;
}

/** Median of a list of numbers (0 for an empty list). */
export function median(values: number[]): number {
  if (values.length === 0) return 0;
  const s = [...values].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
}

/** The structure role most of a line's characters carry (tagged PDFs), if any. */
export function lineRole(line: Line): string | undefined {
  if (!line.runs.some((r) => r.role)) return undefined; // untagged text: no map to build
  const weight = new Map<string, number>();
  for (let i = 0; i < line.runs.length; i++) {
    const r = line.runs[i]!;
    if (r.role) weight.set(r.role, (weight.get(r.role) ?? 0) + r.text.length);
  }
  let best: string | undefined, bestW = 0;
  for (const [k, w] of weight) if (w > bestW) { best = k; bestW = w; }
  return best;
}

/** The structure-tree block element (tagged PDFs) most of a line's characters belong to, if any. */
export function lineStructBlock(line: Line): number | undefined {
  if (!line.runs.some((r) => r.structBlock !== undefined)) return undefined; // untagged text: no map to build
  const weight = new Map<number, number>();
  for (let i = 0; i < line.runs.length; i++) {
    const r = line.runs[i]!;
    if (r.structBlock !== undefined) weight.set(r.structBlock, (weight.get(r.structBlock) ?? 0) + r.text.length);
  }
  let best: number | undefined, bestW = 0;
  for (const [k, w] of weight) if (w > bestW) { best = k; bestW = w; }
  return best;
}

const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/gu;
/** A code unit from U+1100 (Hangul Jamo) on: every character of those scripts is one, or a surrogate pair. */
const FROM_JAMO = /[\u1100-\uffff]/;

/** True when CJK characters make up a good share of the text; CJK fonts are fixed-pitch by design, so pitch means nothing there. */
export function isMostlyCjk(text: string): boolean {
  if (!FROM_JAMO.test(text)) return false; // no character of those scripts: asked of every monospace run
  return (text.match(CJK)?.length ?? 0) > 0.3 * greatest(1, text.replace(/\s/g, '').length);
}

/** Whether a run is set as code: in a fixed-pitch face that is no CJK face (those are fixed-pitch by design). */
export const isCodeRun = (r: TextRun): boolean => r.monospace && !isMostlyCjk(r.text);
