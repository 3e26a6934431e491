/**
 * Helpers for stages that judge a whole document by its runs and then rewrite
 * them (typewriter, boldBody): visible characters counted, and every run of
 * every page and line mapped.
 */
import type { Doc, TextRun } from '../model.ts';
import { isSpace } from '../geometry.ts';
import { BODY_FACE_SHARE } from './measures.ts';

/**
 * Visible characters of a text: code points that are not whitespace (a
 * surrogate pair is one; whitespace is all single code units). One pass over
 * the code units, with no match arrays: every run of a document is counted.
 */
export function visibleLength(text: string): number {
  let n = text.length;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (isSpace(c)) n--;
    else if (c >= 0xd800 && c <= 0xdbff && i + 1 < text.length) {
      const d = text.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) {
        n--;
        i++;
      }
    }
  }
  return n;
}

/** The document with `f` applied to every run, on the pages and in their lines. */
export function mapRuns(doc: Doc, f: (r: TextRun) => TextRun[]): Doc {
  return {
    ...doc,
    pages: doc.pages.map((p) => ({ ...p, runs: p.runs.flatMap(f), lines: p.lines.map((l) => ({ ...l, runs: l.runs.flatMap(f) })) })),
  };
}

/**
 * A quick no to "is this face the body face?": true when the runs for which
 * `face` holds cannot make up {@link BODY_FACE_SHARE} of the document's
 * visible characters, however many of theirs are visible. Their lengths are
 * summed, and the other runs counted only until they outweigh that: in most
 * documents a few pages settle it, where the exact count reads every run.
 */
export function faceIsMinor(doc: Doc, face: (r: TextRun) => boolean): boolean {
  let most = 0;
  for (let j = 0; j < doc.pages.length; j++) {
    const p = doc.pages[j]!;
    for (let k = 0; k < p.runs.length; k++) {
      const r = p.runs[k]!;
      if (face(r)) most += r.text.length;
    }
  }
  let other = 0;
  for (let k = 0; k < doc.pages.length; k++) {
    const p = doc.pages[k]!;
    for (let i = 0; i < p.runs.length; i++) {
      const r = p.runs[i]!;
      if (face(r)) continue;
      other += visibleLength(r.text);
      if (most < BODY_FACE_SHARE * other) return true;
    }
  }
  return false;
}
