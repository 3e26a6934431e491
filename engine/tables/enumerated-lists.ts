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
/** A bibliography's key in brackets, as author-year alpha styles make them: `[TL94]`, `[SPKA03]`, `[Knu97a]`. */
const KEY = /^\[(\p{Lu}[\p{L}+]{0,7}\d{2,4}[a-z]?)\]$/u;
/** A list set with hanging labels: the labels' column and the entries'. */
const LIST_COLUMNS = 2;
/** Share of the entries' text cells holding running text from which the entries are a list's, not a table's rows. */
const PROSE_SHARE = 0.5;

const text = (c: Cell | undefined): string => (c ? spansText(c.spans).trim() : '');

/** What an entry's label counts by: a number, or a key in brackets; null when the cell is no label. */
function labelOf(c: Cell | undefined): number | string | null {
  const t = text(c);
  const m = ENUMERATOR.exec(t);
  if (m) return Number(m.slice(1).find((g) => g !== undefined));
  return KEY.exec(t)?.[1] ?? null;
}

/**
 * Whether `label` follows `last` in a list: a number one more than the last
 * (or again one: a second list under a group's label), a key after the last in
 * alphabetical order. The first may be any: a list goes on from the page before.
 */
function follows(last: number | string | null, label: number | string): boolean {
  if (last === null) return true;
  if (typeof label === 'number') return typeof last === 'number' && (label === last + 1 || label === 1);
  return typeof last === 'string' && label.localeCompare(last, 'en') >= 0;
}

/**
 * Whether a two-column whitespace table is a numbered list: its first column
 * holds only labels in order (numbers counting up by one, or a bibliography's
 * keys in alphabetical order) beside entries of running text. A label-column
 * cell that is no label may head a group when nothing stands beside it; a
 * header row (a running head above the list) is not the list's.
 */
export function isEnumeratedList(t: TableBlock): boolean {
  const rows = t.rows;
  if (rows.some((r) => r.length !== LIST_COLUMNS)) return false;
  let last: number | string | null = null, labels = 0, entries = 0, sentences = 0;
  for (const row of rows) {
    if (row.every((c) => c.header)) continue;
    const label = labelOf(row[0]), entry = row[1];
    if (label === null) {
      // A continuation line of an entry, or a group's label alone on its line.
      if (text(row[0]) !== '' && text(entry) !== '') return false;
      continue;
    }
    if (!follows(last, label)) return false;
    last = label;
    labels++;
    if (text(entry) === '') continue;
    entries++;
    if (prose(entry!)) sentences++;
  }
  return labels >= MIN_ROWS && entries > 0 && sentences >= PROSE_SHARE * entries;
}
