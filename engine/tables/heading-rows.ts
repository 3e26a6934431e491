/**
 * A section heading with its first subsection right below it ("2  Working
 * with the class" over "2.1  General Information") lines its numbers and
 * titles up in two columns, as a table would. Rows that are each a section
 * number and a title, every number one part deeper than the one above
 * ("3", "3.1", "3.1.1"), are those headings, not a table.
 */
import type { Cell } from '../model.ts';
import { spansText } from './cell-text.ts';
import { MIN_ROWS } from './measures.ts';

/** At most this many headings stand back to back (chapter, section, subsection, …). */
const MAX_ROWS = 4;

const SECTION = /^\d{1,3}(?:\.\d{1,3}){0,4}\.?$/;

/** Whether the rows are back-to-back numbered headings; see the module comment. */
export function isHeadingRun(rows: readonly Cell[][]): boolean {
  if (rows.length < MIN_ROWS || rows.length > MAX_ROWS) return false;
  const numbers: string[] = [];
  for (const row of rows) {
    const texts = row.map((c) => spansText(c.spans).trim()).filter((t) => t !== '');
    if (texts.length !== 2 || !SECTION.test(texts[0]!) || !/^\p{L}/u.test(texts[1]!)) return false; // a number, then a title
    numbers.push(texts[0]!.replace(/\.$/, ''));
  }
  return numbers.every((n, i) => i === 0 || n === `${numbers[i - 1]}.1`);
}
