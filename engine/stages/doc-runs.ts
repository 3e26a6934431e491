/**
 * Helpers for stages that judge a whole document by its runs and then rewrite
 * them (typewriter, boldBody): visible characters counted, and every run of
 * every page and line mapped.
 */
import type { Doc, TextRun } from '../model.ts';

const SPACE = /\s/g;
const SURROGATE_PAIR = /[\ud800-\udbff][\udc00-\udfff]/g;

/**
 * Visible characters of a text: code points that are not whitespace (a
 * surrogate pair is one; whitespace is all single code units). Counted per
 * text, not tested per character.
 */
export function visibleLength(text: string): number {
  return text.length - (text.match(SPACE)?.length ?? 0) - (text.match(SURROGATE_PAIR)?.length ?? 0);
}

/** The document with `f` applied to every run, on the pages and in their lines. */
export function mapRuns(doc: Doc, f: (r: TextRun) => TextRun[]): Doc {
  return {
    ...doc,
    pages: doc.pages.map((p) => ({ ...p, runs: p.runs.flatMap(f), lines: p.lines.map((l) => ({ ...l, runs: l.runs.flatMap(f) })) })),
  };
}
