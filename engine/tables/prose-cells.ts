/**
 * Running text set in columns is not a table. Multi-column prose, or a
 * paragraph beside a side label, lines up into cells when no rule says
 * otherwise; but a table's cells hold names, numbers and short phrases,
 * while these hold sentences. A whitespace table whose columns all hold
 * mostly sentences is left to the text.
 */
import type { Cell } from '../model.ts';
import { MIN_ROWS, type TableBlock } from './table-parts.ts';
import { MIN_COLUMNS } from './measures.ts';

/** Words from which a cell holds running text rather than a value or a label. */
const PROSE_CELL_WORDS = 6;
/** Words from which a cell opening in lower case continues a sentence from the line above. */
const CONTINUED_WORDS = 3;
/** Share of the non-empty cells holding running text from which the whole is prose. */
const PROSE_SHARE = 0.5;

/**
 * A cell of words ending in one broken at the line's end (`The exist-`): its
 * text runs on past the cell, as only prose does. A name set between hyphens
 * (zsh's `-math-` context) starts with one; a broken word does not.
 */
const BROKEN_END = /\s\p{L}*\p{Ll}[-\u2010]$/u;

/** Whether a cell holds a sentence or the run-on of one. */
export function prose(c: Cell): boolean {
  const text = c.spans.map((s) => s.text).join(' ').trim();
  const n = text.split(/\s+/).filter((w) => /\p{L}/u.test(w)).length;
  return n >= PROSE_CELL_WORDS || (n >= CONTINUED_WORDS && /^\p{Ll}/u.test(text)) || BROKEN_END.test(text);
}

const filled = (c: Cell | undefined): c is Cell => c !== undefined && c.spans.some((s) => s.text.trim() !== '');

/**
 * Whether a whitespace table reads as prose set in columns: every column
 * holds mostly sentences. A column of terms, names or values beside a column
 * of descriptions makes it a table (an option and what it does).
 */
export function isProseInColumns(t: TableBlock): boolean {
  const width = Math.max(0, ...t.rows.map((r) => r.length));
  const columns = Array.from({ length: width }, (_, k) => t.rows.map((r) => r[k]).filter(filled));
  return columns.every((cells) => cells.length > 0 && cells.filter(prose).length >= PROSE_SHARE * cells.length);
}

/** Share of a whitespace table's rows that set text in two cells or more, under which its "cells" never share a row. */
const MIN_ALIGNED_ROWS = 0.5;

/**
 * Whether a whitespace table's text rarely shares a row: a chart's axis
 * ticks and value labels, each on a baseline of its own, line up in columns
 * but not in rows. A table's rows fill two cells or more, but for a few
 * group labels.
 */
export function isLooseLabels(t: TableBlock): boolean {
  const full = t.rows.filter((r) => r.filter(filled).length >= MIN_COLUMNS).length;
  return full < MIN_ALIGNED_ROWS * t.rows.length;
}

/** Share of a table's cells that are single lower-case words from which its "cells" are one sentence cut at wide word gaps. */
const RIVER_SHARE = 0.8;
/** Columns such a cut makes at least: two lines of justified text rarely line up their word gaps more than twice. */
const RIVER_COLUMNS = 3;
/** A single word of running text: lower-case letters, perhaps a closing punctuation mark. */
const RUNNING_WORD = /^\p{Ll}+[.,;:]?$/u;

/**
 * Whether a whitespace table is a sentence cut at the word gaps that happen
 * to line up over two or three lines of justified prose ("rose | in | most |
 * regions."): nearly every cell is one lower-case word. A table's cells hold
 * names, values and labels, which are not all lower-case single words.
 */
export function isWordRiver(t: TableBlock): boolean {
  const cells = t.rows.flat().filter(filled);
  const width = Math.max(0, ...t.rows.map((r) => r.length));
  const words = cells.filter((c) => RUNNING_WORD.test(c.spans.map((s) => s.text).join(' ').trim())).length;
  return width >= RIVER_COLUMNS && cells.length > 0 && words >= RIVER_SHARE * cells.length;
}

/** A cell's text left open inside a sentence: it ends in a letter, a digit, a comma or a hyphen breaking a word. */
const OPEN_END = /[\p{L}\p{N},\u2010-]$/u;
/** Share of a table's row boundaries that lines of one paragraph cross for the whole to be prose. */
const RUN_ON_SHARE = 0.5;

const cellText = (c: Cell | undefined): string => (c?.spans ?? []).map((s) => s.text).join(' ').trim();

/**
 * Whether row `i` carries on the sentences of the row above: two cells or
 * more, each opening in lower case under a cell left open, and running text
 * above in one of them. A wrapped cell of a table fills one cell of the line
 * below, not every cell.
 */
function runsOn(rows: readonly Cell[][], i: number): boolean {
  const below = rows[i]!.map((c, k) => [rows[i - 1]![k], c] as const).filter(([, c]) => filled(c));
  return below.length >= MIN_ROWS && below.every(([a, b]) => OPEN_END.test(cellText(a)) && /^\p{Ll}/u.test(cellText(b)))
    && below.some(([a]) => a !== undefined && prose(a));
}

/**
 * Whether a whitespace table's rows are lines of running text: at half of
 * its row boundaries or more, the sentences in every cell run on into the
 * row below ("... a stronger focus on main-" over "tenance. For the ...",
 * "Committee" over "reviewed"). A table's row ends its items; a header row
 * says the table is one.
 */
export function isRunOnRows(t: TableBlock): boolean {
  const { rows } = t;
  if (rows.length < MIN_ROWS || rows[0]!.some((c) => c.header)) return false;
  let runOn = 0;
  for (let i = 1; i < rows.length; i++) if (runsOn(rows, i)) runOn++;
  return runOn >= RUN_ON_SHARE * (rows.length - 1);
}

/** Share of a table's cells left empty from which glyphs without letters or digits are scattered, not set in rows. */
const SCATTERED_SHARE = 0.5;

/**
 * Whether a whitespace table is a drawing made of glyphs (LaTeX's picture
 * lines, set in a font of line pieces that map to `%`, `,`, `#`): no cell
 * holds a letter or a digit, and most cells are empty, the pieces scattered
 * over the grid. A table of marks (✓, ×) names its rows and columns in
 * letters; a table of symbols (lshort's `((` → «) fills its cells.
 */
export function isGlyphArt(t: TableBlock): boolean {
  const cells = t.rows.flat();
  if (cells.some((c) => /[\p{L}\p{N}]/u.test(cellText(c)))) return false;
  return cells.filter((c) => !filled(c)).length >= SCATTERED_SHARE * cells.length;
}
