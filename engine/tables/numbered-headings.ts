/**
 * Headings stacked with their numbers read as a table: an appendix's "A
 * RESEARCH METHODS" set right above its first subsection's "A.1 Part One",
 * a chapter's "Chapter 1  Simple Test" above "1.1  Level 1",
 * the numbers flush left and the titles aligned after them. Two lines, two
 * columns, a gutter: a whitespace table. But every cell is in the headings'
 * bold face and every row opens with a section number; a table's body is
 * not all bold, and its stub holds labels, not "A.1".
 */
import type { Detected } from './table-parts.ts';
import { spansText } from './cell-text.ts';

/**
 * A section number: "3", "A", "A.1", "2.4.1", perhaps with a closing dot, and
 * perhaps named by a word before it ("Chapter 1", "Part II", "Appendix B").
 */
const SECTION_NUMBER = /^(?:\p{Lu}\p{Ll}+\s+)?(?:\d{1,2}|[A-Z]|[IVXLC]{1,6})(?:\.\d{1,2})*\.?$/u;

/** Whether the whitespace table `t` is numbered headings: all its text bold, each row a section number and a title. */
export function isNumberedHeadings(t: Detected): boolean {
  const runs = [...t.runs].filter((r) => r.text.trim() !== '');
  if (!runs.length || runs.some((r) => !r.bold)) return false;
  return t.block.rows.every((row) => {
    const cells = row.map((c) => spansText(c.spans).trim()).filter((s) => s !== '');
    return cells.length === 2 && SECTION_NUMBER.test(cells[0]!) && /\p{L}{2}/u.test(cells[1]!); // two cells: the number, then a title of letters
  });
}
