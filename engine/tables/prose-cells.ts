/**
 * Running text set in columns is not a table. Multi-column prose, or a
 * paragraph beside a side label, lines up into cells when no rule says
 * otherwise; but a table's cells hold names, numbers and short phrases,
 * while these hold sentences. A whitespace table whose cells are mostly
 * sentences is left to the text.
 */
import type { Cell } from '../model.ts';
import type { TableBlock } from './table-parts.ts';

/** Words from which a cell holds running text rather than a value or a label. */
const PROSE_CELL_WORDS = 6;
/** Words from which a cell opening in lower case continues a sentence from the line above. */
const CONTINUED_WORDS = 3;
/** Share of the non-empty cells holding running text from which the whole is prose. */
const PROSE_SHARE = 0.5;

/** Whether a cell holds a sentence or the run-on of one. */
function prose(c: Cell): boolean {
  const text = c.spans.map((s) => s.text).join(' ').trim();
  const n = text.split(/\s+/).filter((w) => /\p{L}/u.test(w)).length;
  return n >= PROSE_CELL_WORDS || (n >= CONTINUED_WORDS && /^\p{Ll}/u.test(text));
}

/** Whether a whitespace table reads as prose set in columns; see the module comment. */
export function isProseInColumns(t: TableBlock): boolean {
  const cells = t.rows.flat().filter((c) => c.spans.some((s) => s.text.trim() !== ''));
  return cells.length > 0 && cells.filter(prose).length >= PROSE_SHARE * cells.length;
}
