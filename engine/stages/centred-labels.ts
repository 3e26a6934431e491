/**
 * Centred section labels: a short line in capitals, alone and centred over
 * the paragraph under it ("ABSTRACT" in AASTeX, "REFERENCES", "1.
 * INTRODUCTION" in journals that set section titles in plain capitals). It is
 * set in the body's face, so neither its style nor (often) its spacing sets
 * it apart: its position and its capitals do. `blocks` breaks the paragraph
 * after such a line; `headings` makes it a heading.
 */
import type { Block, Line } from '../model.ts';
import { boxCentreX, boxWidth, lineFontSize, lineText } from '../geometry.ts';

type Para = Extract<Block, { kind: 'paragraph' }>;

/** A label has at most this many characters ("ACKNOWLEDGMENTS", "2. OBSERVATIONS AND DATA REDUCTION"). */
const MAX_LABEL_CHARS = 48;
/** …at least this many capitals (a lone "A" or "II" is a marker or a numeral; a script without case has none)… */
const MIN_LABEL_CAPITALS = 3;
/** …and letters are at least this share of its characters besides spaces (a centred formula "ΔPCO2 = 0,75 ΔHCO3" is no label). */
const MIN_LETTER_SHARE = 0.6;
/** Its centre is within this many ems of the centre of the line under it (an indented first line shifts that one). */
const CENTRE_TOLERANCE_EM = 1.5;
/** The line under it is at least this many times as wide: the label stands alone, not one of a stack of centred lines. */
const WIDER_FACTOR = 1.6;
/** The text under it runs at least this many ems wide: prose in a column, not a table cell. */
const MIN_TEXT_WIDTH_EM = 15;

/** The block above may reach this many ems into the label's line (ascenders, descenders), no further. */
const LINE_OVERLAP_EM = 0.3;

/** Whether a line's text reads as a label in capitals: letters, none lower-case, short. */
export function isCapsLabel(text: string): boolean {
  const t = text.trim();
  // A lower-case letter rules out most lines at once, before any letter is counted.
  if (t.length === 0 || t.length > MAX_LABEL_CHARS || /\p{Ll}/u.test(t)) return false;
  const capitals = t.match(/\p{Lu}/gu)?.length ?? 0;
  const letters = t.match(/\p{L}/gu)?.length ?? 0;
  return capitals >= MIN_LABEL_CAPITALS && letters >= MIN_LETTER_SHARE * t.replace(/\s/gu, '').length && !/[,;]$/.test(t);
}

/** Whether `label` is a centred caps label over `next`, the first line of the text it heads. */
export function isCentredLabel(label: Line, next: Line): boolean {
  // Asked of most lines: the text is read before the line is measured.
  if (!isCapsLabel(lineText(label))) return false;
  const em = lineFontSize(label);
  // The text under it is prose, in lower case: a second line in capitals continues a title ("APPENDIX A" over its name).
  if (em <= 0 || !/\p{Ll}/u.test(lineText(next))) return false;
  if (next.box.y0 < label.box.y1 - 0.5 * em) return false; // not below it
  if (boxWidth(next.box) < WIDER_FACTOR * boxWidth(label.box) || boxWidth(next.box) < MIN_TEXT_WIDTH_EM * em) return false;
  return Math.abs(boxCentreX(label.box) - boxCentreX(next.box)) <= CENTRE_TOLERANCE_EM * em
    && label.box.x0 > next.box.x0 + em && label.box.x1 < next.box.x1 - em;
}

/** The page's one-line paragraphs that are centred caps labels over the paragraph after them. */
export function centredLabels(blocks: readonly Block[]): Set<Para> {
  const out = new Set<Para>();
  blocks.forEach((b, i) => {
    const next = blocks[i + 1];
    if (b.kind !== 'paragraph' || next?.kind !== 'paragraph') return;
    const only = b.lines?.length === 1 ? b.lines[0] : undefined;
    const first = next.lines?.[0];
    // The text under it is a paragraph of its own lines, not another label.
    if (!only || !first || (next.lines?.length ?? 0) < 2 || !isCentredLabel(only, first)) return; // a paragraph: two lines or more
    // A word set apart from its own line (a bold word in small capitals mid-sentence) shares that line's height.
    const before = blocks[i - 1];
    const em = lineFontSize(only);
    if (before && before.prov.box.x0 < only.box.x1 && only.box.x0 < before.prov.box.x1
      && before.prov.box.y1 > only.box.y0 + LINE_OVERLAP_EM * em && before.prov.box.y0 < only.box.y1) return;
    out.add(b);
  });
  return out;
}
