/**
 * How far OCR output is trusted. Tesseract reading a page in the wrong
 * language (or a page that is a photo, not text) still returns words, but
 * with low confidence: a Chinese page read as English averages about 25 out
 * of 100, against 75 to 90 for the same page read as Chinese. Structure built
 * from such words (headings, tables) is invented, so:
 *
 * - mean word confidence ≥ {@link OCR_STRUCTURE_CONFIDENCE}: the words go
 *   through every stage like a text layer;
 * - ≥ {@link OCR_PLAIN_CONFIDENCE}: the words are kept as plain paragraphs,
 *   with no headings, lists or tables, and a warning;
 * - below: the page's OCR text is omitted, with a warning.
 *
 * The mean is weighted by characters, so one long garbled word counts more
 * than a stray confident digit.
 */
import type { Block, Line, Page, TextRun } from '../model.ts';
import { buildLines } from '../stages/lines.ts';
import { median, unionBox } from '../geometry.ts';
import { spansFromLines } from '../spans.ts';
import type { OcrLine } from './ocr-engine.ts';

/** Mean word confidence (0-100) from which OCR words may form structure. */
export const OCR_STRUCTURE_CONFIDENCE = 60;
/** Mean word confidence below which a page's OCR text is omitted. */
export const OCR_PLAIN_CONFIDENCE = 40;

/** How a page's OCR words are used, by their confidence. */
export type OcrTrust = 'structure' | 'plain' | 'omit';

/** The character-weighted mean confidence of all recognised words (0 when there are none). */
export function meanConfidence(lines: readonly OcrLine[]): number {
  let chars = 0, sum = 0;
  for (const l of lines) for (const w of l.words) {
    const n = [...w.text.trim()].length;
    chars += n;
    sum += n * w.confidence;
  }
  return chars > 0 ? sum / chars : 0;
}

/** Share of Latin letters among the letters recognised: a reading in a non-Latin language that comes out Latin is suspect. */
export function latinShare(lines: readonly OcrLine[]): number {
  let letters = 0, latin = 0;
  for (const l of lines) for (const w of l.words) for (const c of w.text) {
    if (!/\p{L}/u.test(c)) continue;
    letters++;
    if (/\p{Script=Latin}/u.test(c)) latin++;
  }
  return letters > 0 ? latin / letters : 0;
}

/** The use a page's OCR words may be put to, given their mean confidence. */
export function ocrTrust(confidence: number): OcrTrust {
  if (confidence >= OCR_STRUCTURE_CONFIDENCE) return 'structure';
  return confidence >= OCR_PLAIN_CONFIDENCE ? 'plain' : 'omit';
}

/** A vertical gap between lines beyond this many line heights starts a new paragraph. */
const PARAGRAPH_GAP = 0.8;

/**
 * OCR words as plain paragraphs, top to bottom: lines from their rows, a new
 * paragraph at a wide vertical gap. Paragraph blocks without source lines
 * pass through the later stages untouched (no heading, code or table is made of them).
 */
export function plainParagraphs(runs: TextRun[], page: Pick<Page, 'number' | 'width' | 'height'>): Block[] {
  const lines = buildLines({ ...page, runs, rules: [], lines: [], blocks: [] });
  const height = median(lines.map((l) => l.box.y1 - l.box.y0)) || 10;
  const groups: Line[][] = [];
  lines.forEach((l, i) => {
    const prev = lines[i - 1];
    if (!prev || l.box.y0 - prev.box.y1 > PARAGRAPH_GAP * height) groups.push([l]);
    else groups.at(-1)!.push(l);
  });
  // Hyphens are kept as printed: OCR text has no vocabulary to judge them by.
  return groups.map((g) => ({ kind: 'paragraph', spans: spansFromLines(g, () => true), prov: { page: page.number, box: unionBox(g.map((l) => l.box)) } }));
}
