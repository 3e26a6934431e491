/**
 * A gutter that only parts labels from their text is no column gutter. A
 * bibliography set as a list (`[3]` in a box of its own, then the entry), or
 * any list with hanging labels, leaves a strip of white between the labels
 * and the entries over its whole height. When the list fills a layout
 * column, the strip holds over enough lines to pass for a gutter, and the
 * labels were read as a column of their own, before all the entries.
 *
 * Such a strip cuts lines in two: on every line stopping at it, the piece
 * before it is a short label and the same line goes on after it. Between
 * two layout columns, the lines stop at the gutter and go on in the next
 * column on lines of their own.
 */
import type { Line, TextRun } from '../model.ts';
import { MIN_GUTTER_PT } from './measures.ts';

type Gutter = { x0: number; x1: number };

/** Characters a label holds at most: `[123]`, `(iv)`, `12.`. */
const LABEL_CHARS = 5;
/** Ems left of a gutter's edge within which a label stops: labels set left in their box end short of the widest. */
const LABEL_REACH_EM = 1.5;
/** Share of the lines stopping at the strip that must be label and text for the strip to be a label gutter. */
const LABEL_SHARE = 0.8;
/** Lines a label gutter parts at least: a list, not a stray pair of lines. */
const MIN_LABELS = 4;

/** Index of the run of `line` that stops at the gutter's left edge (within reach), or -1. */
function stopAt(line: Line, g: Gutter): number {
  for (let i = 0; i < line.runs.length; i++) {
    const r = line.runs[i]!;
    if (r.box.x1 <= g.x0 + 1 && r.box.x1 >= g.x0 - LABEL_REACH_EM * r.fontSize && r.text.trim() !== '') return i;
  }
  return -1;
}

/** Non-blank characters of the piece of `runs` ending at index `end`, back to a gap as wide as a gutter. */
function pieceLength(runs: readonly TextRun[], end: number): number {
  let n = runs[end]!.text.trim().length;
  for (let i = end - 1; i >= 0; i--) {
    const r = runs[i]!;
    if (runs[i + 1]!.box.x0 - r.box.x1 >= MIN_GUTTER_PT) break;
    n += r.text.replace(/\s/g, '').length;
  }
  return n;
}

/** Whether the strip `g` only parts short labels from the text on their lines. */
export function isLabelGutter(g: Gutter, lines: readonly Line[]): boolean {
  let stopping = 0, labels = 0;
  for (let k = 0; k < lines.length; k++) {
    const runs = lines[k]!.runs;
    const i = stopAt(lines[k]!, g);
    if (i < 0) continue;
    stopping++;
    const goesOn = runs.some((r) => r.box.x0 >= g.x1 - 1 && r.text.trim() !== '');
    if (goesOn && pieceLength(runs, i) <= LABEL_CHARS) labels++;
  }
  return labels >= MIN_LABELS && labels >= LABEL_SHARE * stopping;
}
