/**
 * Stage `typewriter`: in a document set almost entirely in a monospace font
 * (typewriter-era reports, transcripts, plain-text printouts), monospace says
 * nothing about code: it is the body face. Such documents get their runs
 * marked as ordinary text before any other stage reads them, so prose stays
 * prose, headings carry no code spans, and tables are found by alignment like
 * any other (the table stages leave monospace lines alone, taking them for code).
 *
 * Code is told apart from typewriter prose by its punctuation: braces,
 * brackets, semicolons and operators are rare in prose and common in any
 * program listing, which therefore keeps its monospace.
 */
import type { Doc, TextRun } from '../model.ts';
import type { Stage } from '../stage.ts';

/** Share of visible characters in a monospace font from which monospace is the body face. */
const MONO_BODY_SHARE = 0.85;
/** Fewer visible characters than this is a snippet, too little to judge the document by. */
const MIN_CHARS = 200;
/** Share of code punctuation above which monospace text reads as a program listing. */
const MAX_CODE_PUNCTUATION = 0.02;

const CODE_PUNCTUATION = /[{}[\];=<>|\\]/;
const SPACE = /\s/;

/** Character counts over the document's runs: visible, in monospace, code punctuation among the monospace. */
function countRuns(runs: Iterable<TextRun>): { visible: number; mono: number; code: number } {
  let visible = 0, mono = 0, code = 0;
  for (const r of runs) {
    for (const c of r.text) {
      if (SPACE.test(c)) continue;
      visible++;
      if (!r.monospace) continue;
      mono++;
      if (CODE_PUNCTUATION.test(c)) code++;
    }
  }
  return { visible, mono, code };
}

/**
 * Whether monospace is this document's body face: nearly all its text is
 * monospace and that text does not read like a program.
 */
export function monospaceIsBody(doc: Doc): boolean {
  const { visible, mono, code } = countRuns(doc.pages.flatMap((p) => p.runs));
  return visible >= MIN_CHARS && mono >= MONO_BODY_SHARE * visible && code <= MAX_CODE_PUNCTUATION * mono;
}

const plain = (r: TextRun): TextRun => (r.monospace ? { ...r, monospace: false } : r);

/** Monospace body text → ordinary runs; other documents pass through untouched. */
export const typewriter: Stage = {
  name: 'typewriter',
  run(doc) {
    if (!monospaceIsBody(doc)) return doc;
    return { ...doc, pages: doc.pages.map((p) => ({ ...p, runs: p.runs.map(plain), lines: p.lines.map((l) => ({ ...l, runs: l.runs.map(plain) })) })) };
  },
};
