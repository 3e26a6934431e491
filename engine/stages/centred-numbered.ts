/**
 * Centred numbered heads in italic: a line such as "1. Wide text (A level-3
 * head)" set in italic, alone and centred over the paragraph under it, as
 * REVTeX sets the level below its lettered subsections. It is set at body
 * size or smaller and not bold, so no style makes it a heading; its number,
 * its face and its place do. Without this it reads as a one-item list.
 */
import type { Block } from '../model.ts';
import { boxCentreX, boxWidth, lineFontSize, lineText, runShare } from '../geometry.ts';
import { sectionNumber } from './heading-numbers.ts';

type Para = Extract<Block, { kind: 'paragraph' }>;

/** Share of a line's runs in italic from which the line reads as italic (a space or a mark may sit among them). */
const ITALIC_RUN_SHARE = 0.85;
/** A head has at most this many characters: a title, not a numbered sentence. */
const MAX_HEAD_CHARS = 80;
/** Its centre is within this many ems of the centre of the paragraph under it. */
const CENTRE_TOLERANCE_EM = 1;
/** The paragraph under it is at least this many times as wide: a column of prose under a short centred line. */
const WIDER_FACTOR = 1.5;
/** The paragraph under it has at least this many lines: running text, not another centred line. */
const MIN_TEXT_LINES = 2;

/** Whether `b` is a centred numbered italic head over `next`. */
export function isCentredNumberedHead(b: Block, next: Block | undefined): b is Para {
  if (b.kind !== 'paragraph' || next?.kind !== 'paragraph' || b.lines?.length !== 1) return false;
  const line = b.lines[0]!;
  const text = lineText(line).trim();
  const n = sectionNumber(text);
  // A title after the number, without a sentence's closing punctuation.
  if (!n || text.length > MAX_HEAD_CHARS || /[.,;:]$/.test(text)) return false;
  if (runShare(line, (r) => r.italic && !r.bold) < ITALIC_RUN_SHARE) return false;
  if ((next.lines?.length ?? 0) < MIN_TEXT_LINES) return false;
  const em = lineFontSize(line), box = next.prov.box;
  if (box.y0 < line.box.y1 || boxWidth(box) < WIDER_FACTOR * boxWidth(line.box)) return false;
  return Math.abs(boxCentreX(line.box) - boxCentreX(box)) <= CENTRE_TOLERANCE_EM * em;
}

/** The page's centred numbered italic heads. */
export function centredNumberedHeads(blocks: readonly Block[]): Set<Para> {
  const out = new Set<Para>();
  blocks.forEach((b, i) => {
    if (isCentredNumberedHead(b, blocks[i + 1])) out.add(b);
  });
  return out;
}
