/**
 * A numbered list set with hanging labels is not a table. A bibliography's
 * `[1]`, `[2]`, … or a list's `1.`, `2.`, … stand in a column of their own,
 * and each entry's text wraps in the column beside them: two columns that a
 * whitespace search reads as a table of labels and sentences. A table's
 * first column names its rows; this one only counts them.
 */
import type { Cell } from '../model.ts';
import { MIN_ROWS, type TableBlock } from './table-parts.ts';
import { prose } from './prose-cells.ts';
import { spansText } from './cell-text.ts';

/** An entry's label: a number in brackets or parentheses, or followed by a full stop or a parenthesis. */
const ENUMERATOR = /^(?:\[(\d{1,4})\]|\((\d{1,4})\)|(\d{1,4})[.)])$/;
/** Share of the entries' text cells holding running text from which the entries are a list's, not a table's rows. */
const PROSE_SHARE = 0.5;

const text = (c: Cell | undefined): string => (c ? spansText(c.spans).trim() : '');

/** The number an entry's label counts, or null when the cell is no label. */
function labelNumber(c: Cell | undefined): number | null {
  const m = ENUMERATOR.exec(text(c));
  return m ? Number(m[1] ?? m[2] ?? m[3]) : null;
}

/**
 * Whether a two-column whitespace table is a numbered list: its first column
 * holds only labels that count up by one (or start again at one: a second
 * list under a label), beside entries of running text. A label-column cell
 * that is no number may head a group when nothing stands beside it.
 */
export function isEnumeratedList(t: TableBlock): boolean {
  const rows = t.rows;
  if (rows.some((r) => r.length !== 2)) return false;
  let last = 0, labels = 0, entries = 0, sentences = 0;
  for (const [label, entry] of rows) {
    const n = labelNumber(label);
    if (n === null) {
      // A continuation line of an entry, or a group's label alone on its line.
      if (text(label) !== '' && text(entry) !== '') return false;
      continue;
    }
    if (n !== last + 1 && n !== 1) return false;
    last = n;
    labels++;
    if (text(entry) === '') continue;
    entries++;
    if (prose(entry!)) sentences++;
  }
  return labels >= MIN_ROWS && entries > 0 && sentences >= PROSE_SHARE * entries;
}
