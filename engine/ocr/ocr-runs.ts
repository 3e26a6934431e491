/**
 * Tesseract's lines → TextRuns in PDF points with a top-left origin, like the
 * text layer's. Tesseract reports no font size; a line's height stands in for
 * it, and heights within a fifth of the page's usual one are taken as the
 * usual one, so that skew and tall glyphs (brackets, accents) do not make
 * body lines look like headings. So is the height of a line tesseract did
 * not read surely: what makes a line tall may be no text at all (a
 * redaction bar, a stamp, a logo), and its words then come out unsure.
 * Chinese and Japanese put no spaces between words, so the words tesseract
 * splits such a line into are joined back into one run where they touch; a
 * wide gap (a table column) still separates them.
 */
import type { TextRun } from '../model.ts';
import { median, unionBox } from '../geometry.ts';
import type { OcrLine, OcrWord } from './ocr-engine.ts';

/** Words below this confidence (0-100) are noise: speckles, rules, image texture. */
const MIN_CONFIDENCE = 30;
/** A line height within this share of the page's usual one is the usual one. */
const SIZE_SNAP = 0.2;
/** Unspaced-script words closer than this many ems are one run. */
const JOIN_GAP_EM = 1;

const UNSPACED = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\u3000-\u303f\uff00-\uffef]/u;

/** Below this confidence, a word of symbols or of one or two Latin letters is usually a speck, a rule or a bit of a picture. */
const SHORT_WORD_CONFIDENCE = 60;

/** Whether a recognised word is noise rather than text: unsure, or a short unsure scrap ("|", "=.", "Vv"). */
function isNoise(text: string, confidence: number): boolean {
  if (confidence < MIN_CONFIDENCE) return true;
  if (confidence >= SHORT_WORD_CONFIDENCE) return false;
  const scrap = !/[\p{L}\p{N}]/u.test(text) || ([...text].length <= 2 && !/\p{N}/u.test(text) && !UNSPACED.test(text));
  return scrap;
}

/** A line whose words tesseract read less surely than this (0-100) has the usual size: an unsure reading is no heading. */
const SIZE_CONFIDENCE = 75;

/**
 * Whether tesseract read every word of the line surely. Noise counts: the
 * unreadable thing in a line (a bar, a stamp) is what may make it tall.
 */
const readSurely = (line: OcrLine): boolean => line.words.every((w) => w.text.trim() === '' || w.confidence >= SIZE_CONFIDENCE);

/**
 * Font size per line: its height in points, snapped to the page's usual
 * height when close or when the line was not read surely (a misread scrap
 * of a logo, a redaction bar read as letters).
 */
function lineSizes(lines: readonly OcrLine[], scale: number): number[] {
  const heights = lines.map((l) => Math.max(1, (l.bbox.y1 - l.bbox.y0) / scale));
  const usual = median(heights);
  return heights.map((h, i) => (Math.abs(h - usual) <= SIZE_SNAP * usual || !readSurely(lines[i]!) ? usual : h));
}

/** Whether the word `b` continues `a` with no space: touching characters of an unspaced script. */
function joins(a: TextRun, b: OcrWord, scale: number): boolean {
  const gap = b.bbox.x0 / scale - a.box.x1;
  const touching = UNSPACED.test(a.text.at(-1) ?? '') || UNSPACED.test(b.text.trim()[0] ?? '');
  return touching && gap < JOIN_GAP_EM * a.fontSize;
}

/** Tesseract lines → TextRuns: one per word, or per touching stretch of an unspaced script. */
export function linesToRuns(lines: readonly OcrLine[], scale: number): TextRun[] {
  const sizes = lineSizes(lines, scale);
  const runs: TextRun[] = [];
  lines.forEach((line, i) => {
    let prev: TextRun | null = null;
    for (const w of line.words) {
      const text = w.text.trim();
      if (!text || isNoise(text, w.confidence)) continue;
      const box = { x0: w.bbox.x0 / scale, y0: w.bbox.y0 / scale, x1: w.bbox.x1 / scale, y1: w.bbox.y1 / scale };
      if (prev && joins(prev, w, scale)) {
        prev.text += text;
        prev.box = unionBox([prev.box, box]);
        continue;
      }
      prev = { text, box, fontName: 'ocr', fontSize: sizes[i]!, bold: false, italic: false, monospace: false, dir: 'ltr' };
      runs.push(prev);
    }
  });
  return runs;
}
