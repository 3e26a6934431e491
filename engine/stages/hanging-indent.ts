/**
 * Paragraphs set with a hanging indent: a bibliography ("[21] Markus
 * Kirschmer and John Voight…" with its turnover lines indented under the
 * text), a glossary, a transcript's list of appearances. Nothing but the
 * indent parts two entries: no gap, no marker a list would know, and the line
 * before may be as long as any. Once a paragraph's lines after its first all
 * hang to the right of it, a line back at the first line's edge opens the
 * next entry.
 */
import type { Line } from '../model.ts';
import { isMostlyCjk, lineFontSize, lineText } from '../geometry.ts';

/** Ems right of the first line's edge that its turnover lines start at least, to hang. */
const HANG_EM = 0.8;
/** Ems apart two lines' left edges may be and still share an edge. */
const SAME_EDGE_EM = 0.5;

/** Whether most of a line's characters are monospace: code, whose indents are its own. */
function isCode(line: Line): boolean {
  let mono = 0, all = 0;
  for (let i = 0; i < line.runs.length; i++) {
    const r = line.runs[i]!;
    all += r.text.length;
    if (r.monospace) mono += r.text.length;
  }
  return mono * 2 > all; // over half
}

/**
 * Whether `line` opens a new entry after the paragraph `cur`: its turnover
 * lines hang right of its first line and `line` starts back at the first
 * line's edge, or `cur` is all turnover lines (an entry run on from the last
 * page or column) hanging right of `line`. A paragraph of one line is never
 * parted so: its first line may be indented, the next back at the margin.
 */
export function startsHangingEntry(cur: readonly Line[], line: Line): boolean {
  // Code keeps its own indents; a turnover line in a typewriter face (a URL broken over lines in a
  // bibliography entry) does not make the entry code.
  if (cur.length < 2 || isCode(line) || isCode(cur[0]!)) return false; // a first line and a turnover line at least
  const first = cur[0]!;
  const em = lineFontSize(first);
  const hang = HANG_EM * em;
  if (cur.every((l) => l.box.x0 >= line.box.x0 + hang)) return true;
  if (Math.abs(line.box.x0 - first.box.x0) > SAME_EDGE_EM * em) return false;
  for (let i = 1; i < cur.length; i++) if (cur[i]!.box.x0 < first.box.x0 + hang) return false;
  return true;
}

/** A numbered entry's label opening a line, as bibliographies number them: `[12]`. */
const ENTRY_LABEL = /^\s*\[(\d{1,4})\]/;

/** The number of the entry a line opens, or null. */
function entryNumber(line: Line): number | null {
  const m = ENTRY_LABEL.exec(lineText(line));
  return m ? Number(m[1]) : null;
}

/**
 * Whether `first` opens a numbered entry ("[3] Sten Andler…"), in prose.
 * Its lines are one paragraph whatever their face: a URL broken over lines
 * in a typewriter face, in a bibliography set as a list, is no code.
 */
export function opensEntry(first: Line): boolean {
  // A shell's job number (`[1] 4242`) opens code; CJK faces are fixed-pitch by design (a Chinese entry is no code).
  return entryNumber(first) !== null && (!isCode(first) || isMostlyCjk(lineText(first)));
}

/** Whether `line` opens the entry numbered after the one `first` opens, at the same left edge. */
export function opensNextEntry(first: Line, line: Line): boolean {
  const n = entryNumber(first);
  return n !== null && entryNumber(line) === n + 1 && Math.abs(line.box.x0 - first.box.x0) <= SAME_EDGE_EM * lineFontSize(first);
}
