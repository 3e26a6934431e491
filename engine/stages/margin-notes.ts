/**
 * Notes set in a page's outer margin beside the text block (a referee's
 * "Are these quotations necessary?", a textbook's gloss): short lines wholly
 * outside the block's edges, narrow, set smaller than its text. Read by their height
 * among the text's lines, they cut paragraphs in two, mid-sentence. They are
 * taken out of the flow and read as one note after the paragraph they stand
 * beside.
 */
import type { FlowItem, Line } from '../model.ts';
import { isSpace, lineFontSize, median } from '../geometry.ts';
import { maxOf, minOf } from '../numbers.ts';

/** Characters a line holds at least to mark the text block's edges. */
const BODY_LINE_CHARS = 30;
/** Lines of that length a page needs before its text block is known. */
const MIN_BODY_LINES = 8;
/** Share of the body lines allowed to start left of the block's edge (and to end right of its other edge). */
const EDGE_SHARE = 0.1;
/** A note's text is set this much smaller than the block's, at least (aomart: 8 pt beside 10.9). */
const MAX_SIZE_SHARE = 0.9;
/** A note's lines are at most this share of the text block's width: a margin is narrow, a layout column is not. */
const MAX_WIDTH_SHARE = 0.35;
/** Ems of the note's text between a note and the block's edge, at least. */
const GAP_EM = 1;
/** Lines a note has at least. */
const MIN_NOTE_LINES = 2;
/** Line heights between two lines of one note, at most. */
const NOTE_LEADING = 1.6;
/** Ems of the text left short at a paragraph's last line, or of indent at the next paragraph's first. */
const PARAGRAPH_EM = 1.5;

type Block = { x0: number; x1: number; size: number };

/** Whether a line holds BODY_LINE_CHARS visible characters or more: counted only until it does. */
function isBodyLine(l: Line): boolean {
  let n = 0;
  for (let k = 0; k < l.runs.length; k++) {
    const text = l.runs[k]!.text;
    for (let i = 0; i < text.length; i++) if (!isSpace(text.charCodeAt(i)) && ++n >= BODY_LINE_CHARS) return true;
  }
  return false;
}

/** The page's text block from its longer lines: edges most of them reach, and their font size; null on a sparse page. */
function textBlock(lines: readonly Line[]): Block | null {
  const body = lines.filter(isBodyLine);
  if (body.length < MIN_BODY_LINES) return null;
  const starts = body.map((l) => l.box.x0).sort((a, b) => a - b);
  const ends = body.map((l) => l.box.x1).sort((a, b) => b - a);
  const k = Math.floor(EDGE_SHARE * body.length);
  return { x0: starts[k]!, x1: ends[k]!, size: median(body.map(lineFontSize)) };
}

/** The page's margin notes, each a group of lines top to bottom. */
export function marginNotes(lines: readonly Line[]): { notes: Line[][] } {
  const block = textBlock(lines);
  if (!block) return { notes: [] };
  const side = (l: Line): 'left' | 'right' | null => {
    const size = lineFontSize(l);
    if (size > MAX_SIZE_SHARE * block.size || l.box.x1 - l.box.x0 > MAX_WIDTH_SHARE * (block.x1 - block.x0) || l.runs.some((r) => r.rotation)) return null;
    if (l.box.x1 < block.x0 - GAP_EM * size) return 'left';
    return l.box.x0 > block.x1 + GAP_EM * size ? 'right' : null;
  };
  const notes: Line[][] = [];
  // Each line's side, found once for both.
  const sides = lines.map(side);
  for (const s of ['left', 'right'] as const) {
    const outside = lines.filter((_, i) => sides[i] === s).sort((a, b) => a.box.y0 - b.box.y0);
    let note: Line[] = [];
    for (const l of outside) {
      const last = note.at(-1);
      if (last && l.box.y0 - last.box.y0 > NOTE_LEADING * (last.box.y1 - last.box.y0)) {
        notes.push(note);
        note = [];
      }
      note.push(l);
    }
    if (note.length) notes.push(note);
  }
  // A lone line in the margin (a page number, a mark, a running head set beside the text) stays where it is.
  return { notes: notes.filter((n) => n.length >= MIN_NOTE_LINES) };
}

/** Where a paragraph ends at or after flow index `i`: its last line falls short of the right edge, or the next is indented or far below. */
function paragraphEnd(flow: readonly FlowItem[], i: number, right: number, left: number): number {
  for (let k = i; k < flow.length; k++) {
    const cur = flow[k]!, next = flow[k + 1];
    if (cur.kind !== 'line' || next?.kind !== 'line') return k;
    const em = lineFontSize(cur.line);
    const short = cur.line.box.x1 < right - PARAGRAPH_EM * em;
    const indented = next.line.box.x0 > left + PARAGRAPH_EM * em;
    const far = next.line.box.y0 - cur.line.box.y0 > NOTE_LEADING * (cur.line.box.y1 - cur.line.box.y0);
    if (short || indented || far) return k;
  }
  return flow.length - 1;
}

/** The flow with each note read after the paragraph beside its first line. */
export function placeNotes(flow: FlowItem[], notes: readonly Line[][]): FlowItem[] {
  if (!notes.length) return flow;
  const out = [...flow];
  const lines = out.flatMap((f) => (f.kind === 'line' ? [f.line] : []));
  const left = minOf(lines.map((l) => l.box.x0)), right = maxOf(lines.map((l) => l.box.x1));
  for (const note of [...notes].sort((a, b) => b[0]!.box.y0 - a[0]!.box.y0)) {
    const top = note[0]!.box.y0;
    const at = out.findIndex((f) => f.kind === 'line' && f.line.box.y1 >= top);
    const after = at < 0 ? out.length - 1 : paragraphEnd(out, at, right, left);
    out.splice(after + 1, 0, ...note.map((line): FlowItem => ({ kind: 'line', line })));
  }
  return out;
}
