/**
 * Typewriter documents (government reports of the 1970s-90s, set in Courier
 * throughout): monospace text is then the body of the document, not code,
 * and table columns are set apart by as little as one space. Such a
 * document's monospace runs are split into words here (each character has
 * the same advance, so the words' boxes are exact) so that cells of one
 * run can fall into separate columns.
 */
import type { Doc, Line, TextRun } from '../model.ts';
import { union } from './chunks.ts';

/** Share of a document's characters that must be monospace for it to be typewritten. */
const TYPEWRITER_SHARE = 0.8;
/** Characters a typewritten document holds at least: a snippet of code alone is not one. */
const MIN_CHARS = 1000;

/** Whether the document is set in a monospace font nearly throughout. */
export function isTypewritten(doc: Doc): boolean {
  let mono = 0;
  let all = 0;
  for (const p of doc.pages) {
    for (const r of p.runs) {
      const n = r.text.replace(/\s+/g, '').length;
      all += n;
      if (r.monospace) mono += n;
    }
  }
  return all >= MIN_CHARS && mono >= TYPEWRITER_SHARE * all;
}

/** A monospace run split at its spaces, each word keeping the spaces before it in its text, as text runs do. */
function words(run: TextRun): TextRun[] {
  if (!run.monospace || !/\S\s+\S/.test(run.text)) return [run];
  const advance = (run.box.x1 - run.box.x0) / Math.max(run.text.trimStart().length, 1);
  const lead = run.text.length - run.text.trimStart().length;
  const out: TextRun[] = [];
  for (const m of run.text.matchAll(/\s*\S+/g)) {
    const spaces = m[0].length - m[0].trimStart().length;
    const start = m.index - lead + spaces;
    const end = m.index - lead + m[0].length;
    const box = { ...run.box, x0: run.box.x0 + start * advance, x1: run.box.x0 + end * advance };
    out.push({ ...run, text: m[0], box });
  }
  return out;
}

/** The page's lines with their monospace runs split into words. */
export function typewriterLines(lines: readonly Line[]): Line[] {
  return lines.map((line) => {
    const runs = line.runs.flatMap(words);
    return runs.length === line.runs.length ? line : { runs, box: union(runs.map((r) => r.box)) };
  });
}
