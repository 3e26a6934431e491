/**
 * Stage `boldBody`: in a document set almost entirely in a bold face (an
 * Arabic book in a "Bold" text font, an all-bold form or notice), bold is the
 * body weight and emphasises nothing. Such documents get their bold dropped
 * before any other stage reads it, as `typewriter` does for monospace, so
 * their paragraphs are not written as bold text, some bold and some not as the
 * lines happen to fall. Headings still stand out by size.
 */
import type { Doc, TextRun } from '../model.ts';
import type { Stage } from '../stage.ts';
import { faceIsMinor, mapRuns, visibleLength } from './doc-runs.ts';
import { BODY_FACE_SHARE, MIN_FACE_CHARS } from './measures.ts';

const isBold = (r: TextRun): boolean => r.bold;

/** Whether bold is this document's body weight: nearly all its visible characters are bold. */
export function boldIsBody(doc: Doc): boolean {
  if (faceIsMinor(doc, isBold)) return false;
  let visible = 0, bold = 0;
  for (const p of doc.pages) {
    for (const r of p.runs) {
      const n = visibleLength(r.text);
      visible += n;
      if (r.bold) bold += n;
    }
  }
  return visible >= MIN_FACE_CHARS && bold >= BODY_FACE_SHARE * visible;
}

const regular = (r: TextRun): TextRun[] => [r.bold ? { ...r, bold: false } : r];

/** Bold body text → regular runs; other documents pass through untouched. */
export const boldBody: Stage = {
  name: 'boldBody',
  run(doc) {
    if (!boldIsBody(doc)) return doc;
    return mapRuns(doc, regular);
  },
};
