/**
 * Helpers for stages that judge a whole document by its runs and then rewrite
 * them (typewriter, boldBody): visible characters counted, and every run of
 * every page and line mapped.
 */
import type { Doc, TextRun } from '../model.ts';
import { isSpace } from '../geometry.ts';

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
