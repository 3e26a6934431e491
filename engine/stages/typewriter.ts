/**
 * Stage `typewriter`: in a document set almost entirely in a monospace font
 * (typewriter-era reports, transcripts, plain-text printouts), monospace says
 * nothing about code: it is the body face. Such documents get their runs
 * marked as ordinary text before any other stage reads them, so prose stays
 * prose, headings carry no code spans, and tables are found by alignment like
 * any other (the table stages leave monospace lines alone, taking them for code).
 *
 * Figures a single space apart are cut into runs of their own, so that
 * columns of numbers stay apart.
 *
 * Code is told apart from typewriter prose by its punctuation: braces,
 * brackets, semicolons and operators are rare in prose and common in any
 * program listing, which therefore keeps its monospace.
 */
import type { Doc, TextRun } from '../model.ts';
import type { Stage } from '../stage.ts';
import { faceIsMinor, mapRuns, visibleLength } from './doc-runs.ts';
import { BODY_FACE_SHARE, MIN_FACE_CHARS } from './measures.ts';

/** Share of code punctuation above which monospace text reads as a program listing. */
const MAX_CODE_PUNCTUATION = 0.02;

const CODE_PUNCTUATION = /[{}[\];=<>|\\]/g;

/** Character counts over the document's runs: visible, in monospace, code punctuation among the monospace. */
function countRuns(runs: Iterable<TextRun>): { visible: number; mono: number; code: number } {
  let visible = 0, mono = 0, code = 0;
  for (const r of runs) {
    const n = visibleLength(r.text);
    visible += n;
    if (!r.monospace) continue;
    mono += n;
    code += r.text.match(CODE_PUNCTUATION)?.length ?? 0;
  }
  return { visible, mono, code };
}

const isMonospace = (r: TextRun): boolean => r.monospace;

/**
 * Whether monospace is this document's body face: nearly all its text is
 * monospace and that text does not read like a program.
 */
export function monospaceIsBody(doc: Doc): boolean {
  if (faceIsMinor(doc, isMonospace)) return false;
  const { visible, mono, code } = countRuns(doc.pages.flatMap((p) => p.runs));
  return visible >= MIN_FACE_CHARS && mono >= BODY_FACE_SHARE * visible && code <= MAX_CODE_PUNCTUATION * mono;
}

/** A figure in a table: digits with their separators, signs, percent and currency. */
const NUMBER = /^[-+($]?\d[\d.,]*%?\)?$/;
/** Dot or dash leaders that lead a row label to its figures. */
const LEADER = /^(?:\.{3,}|-{3,})$/;

/**
 * Cuts a monospace run between figures a single space apart ("960 1,040
 * 1,120"): a typist separates columns of figures by as little as one space,
 * and a run holding several columns would keep them glued in one cell. Every
 * character of a fixed-pitch run is equally wide, so each piece's box is exact.
 */
export function splitFigures(r: TextRun): TextRun[] {
  const parts = r.text.split(/( +)/);
  if (parts.length < 3) return [r]; // text, spaces, text: one gap at least
  const cw = (r.box.x1 - r.box.x0) / Math.max(1, r.text.length);
  const out: TextRun[] = [];
  let start = 0, pos = 0, text = '';
  parts.forEach((part, i) => {
    const prev = parts[i - 1], next = parts[i + 1];
    const cut = i % 2 === 1 && prev !== undefined && next !== undefined && (NUMBER.test(prev) || LEADER.test(prev)) && NUMBER.test(next); // odd parts: the spaces the split kept
    if (cut) {
      out.push({ ...r, text, box: { ...r.box, x0: r.box.x0 + start * cw, x1: r.box.x0 + pos * cw } });
      start = pos + part.length;
      text = '';
    } else text += part;
    pos += part.length;
  });
  if (out.length === 0) return [r];
  out.push({ ...r, text, box: { ...r.box, x0: r.box.x0 + start * cw, x1: r.box.x1 } });
  return out;
}

const plain = (r: TextRun): TextRun[] => (r.monospace ? splitFigures({ ...r, monospace: false }) : [r]);

/** Monospace body text → ordinary runs; other documents pass through untouched. */
export const typewriter: Stage = {
  name: 'typewriter',
  run(doc) {
    if (!monospaceIsBody(doc)) return doc;
    return mapRuns(doc, plain);
  },
};
