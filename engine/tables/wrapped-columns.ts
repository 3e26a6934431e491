/**
 * Columns of running text read as a table: the foot of a newspaper-style
 * page, where two or three columns of prose set on one baseline grid pair up
 * line by line ("You may examine the AD docket on | placed in the public
 * docket of this"). Each "cell" is one line, too short for the word count of
 * prose-cells.ts, and half of them open with a capital.
 *
 * What gives them away is how their lines end: text wrapped to a measure
 * breaks a line where the next word no longer fits, so the first word of each
 * line is wider than the room the line before it left. A table's rows are
 * set one by one: a short cell leaves room that the next row's first word
 * would fill. Numbers set flush right leave no room at all, so a column must
 * also hold words to count as wrapped text.
 */
import type { TextRun } from '../model.ts';
import type { Detected } from './table-parts.ts';
import { MIN_COLUMNS, SAME_LINE_EM } from './measures.ts';

/** Line pairs a column needs before its breaks say anything (a paragraph's last line ends short, so two would be chance). */
const MIN_PAIRS = 4;
/** Share of a column's line breaks that a wrapped text's measure explains, from which the column is running text. */
const WRAPPED_SHARE = 0.8;
/** Words with a letter a column's lines hold on average, from which they are running text and not values. */
const MIN_WORDS = 3;
/** Line pitches past which two lines are no longer one paragraph's (a blank line or more between them). */
const PARAGRAPH_PITCHES = 1.6;
/** Ems of slack a measure may leave: a composer that wraps a line a little early (a space's stretch, kerning). */
const SLACK_EM = 0.25;

/** A line ending a sentence or a label: a paragraph may end there, whatever room it leaves. */
const SENTENCE_END = /[.:;!?][)\]'"’”]*\s*$/u;

type Line = { x0: number; x1: number; y: number; words: number; text: string; first: TextRun; last: TextRun };

/** The x-ranges the runs' projection leaves between its gaps: the columns, left to right. */
function projection(runs: readonly TextRun[]): { x0: number; x1: number }[] {
  const sorted = [...runs].sort((a, b) => a.box.x0 - b.box.x0);
  const out: { x0: number; x1: number }[] = [];
  for (const r of sorted) {
    const last = out.at(-1);
    if (last && r.box.x0 <= last.x1) last.x1 = Math.max(last.x1, r.box.x1);
    else out.push({ x0: r.box.x0, x1: r.box.x1 });
  }
  return out;
}

/** A column's runs as lines: runs on one baseline (within `SAME_LINE_EM`) joined left to right, top to bottom. */
function linesOf(runs: readonly TextRun[], em: number): Line[] {
  const sorted = [...runs].sort((a, b) => a.box.y1 - b.box.y1 || a.box.x0 - b.box.x0);
  const out: Line[] = [];
  for (const r of sorted) {
    const words = r.text.split(/\s+/).filter((w) => /\p{L}/u.test(w)).length;
    const last = out.at(-1);
    if (last && r.box.y1 - last.y <= SAME_LINE_EM * em) {
      last.x1 = Math.max(last.x1, r.box.x1);
      last.words += words;
      last.text += ` ${r.text}`;
      last.last = r;
    } else out.push({ x0: r.box.x0, x1: r.box.x1, y: r.box.y1, words, text: r.text, first: r, last: r });
  }
  return out;
}

/** The width of a line's first word and the space before it, from its first run's mean advance. */
function firstWordWidth(line: Line): number {
  const r = line.first;
  const text = r.text.trimStart();
  const advance = (r.box.x1 - r.box.x0) / Math.max(1, r.text.length);
  const word = text.split(/\s/, 1)[0] ?? '';
  return (word.length + 1) * advance;
}

/**
 * Whether a column's lines are wrapped running text: they hold words, and
 * nearly every break inside a paragraph falls where the next line's first
 * word would not have fitted on the line before.
 */
function wrappedText(lines: readonly Line[], right: number, em: number): boolean {
  if (lines.reduce((n, l) => n + l.words, 0) < MIN_WORDS * lines.length) return false;
  const pitches = lines.slice(1).map((l, k) => l.y - lines[k]!.y).sort((a, b) => a - b);
  const pitch = pitches[pitches.length >> 1] ?? 0;
  let pairs = 0, wrapped = 0;
  for (let k = 0; k + 1 < lines.length; k++) {
    const [a, b] = [lines[k]!, lines[k + 1]!];
    if (b.y - a.y > PARAGRAPH_PITCHES * pitch) continue; // a paragraph break: its last line ends where it ends
    if (SENTENCE_END.test(a.text) || a.last.bold !== b.first.bold) continue; // a paragraph or a heading may end here
    pairs++;
    if (firstWordWidth(b) > right - a.x1 - SLACK_EM * em) wrapped++;
  }
  return pairs >= MIN_PAIRS && wrapped >= WRAPPED_SHARE * pairs;
}

/** Whether every column of the whitespace table `t` is running text wrapped to a measure. */
export function isWrappedColumns(t: Detected, em: number): boolean {
  const runs = [...t.runs].filter((r) => r.text.trim() !== '');
  const cols = projection(runs);
  if (cols.length < MIN_COLUMNS) return false;
  return cols.every((col) => wrappedText(linesOf(runs.filter((r) => r.box.x0 >= col.x0 && r.box.x1 <= col.x1), em), col.x1, em));
}
