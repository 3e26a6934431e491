import { describe, expect, it } from 'vitest';
import type { TextRun } from '../model.ts';
import { isWrappedColumns } from './wrapped-columns.ts';
import type { Detected } from './table-parts.ts';
import { doc, page, run } from '../../test/support/tables/pages.ts';
import { tables } from './tables.ts';
import { DEFAULT_CONFIG } from '../stage.ts';

const detected = (runs: TextRun[]): Detected => ({ block: { kind: 'table', rows: [], prov: { page: 1, box: { x0: 0, y0: 0, x1: 1, y1: 1 } } }, runs: new Set(runs) });

/** Words wrapped to `measure` characters a line (6 pt a character), as a composer breaks ragged-right prose. */
function wrap(text: string, measure: number): string[] {
  const lines: string[] = [];
  let cur = '';
  for (const w of text.split(' ')) {
    if (cur && cur.length + 1 + w.length > measure) {
      lines.push(cur);
      cur = w;
    } else cur = cur ? `${cur} ${w}` : w;
  }
  return cur ? [...lines, cur] : lines;
}

const PROSE_A = 'You may examine the AD docket on the internet by searching for and locating Docket No. FAA-2020-0746 or in person at Docket Operations between nine and five, Monday through Friday, except Federal holidays. The AD docket contains this proposed AD, the regulatory evaluation and any comments received.';
const PROSE_B = 'placed in the public docket of this NPRM. Submissions containing CBI should be sent to Doug Rudolph, Aerospace Engineer, FAA, General Aviation and Rotorcraft Section, International Validation Branch, 901 Locust, Room 301, Kansas City, Missouri. Any commentary that the FAA receives which is not specifically designated as CBI will be placed in the public docket.';

/** Two columns' lines on one baseline grid, from x = 50 and x = 300, 12 pt apart. */
function columns(left: string[], right: string[]): TextRun[] {
  return [...left.map((t, i) => run(t, 50, 100 + 12 * i)), ...right.map((t, i) => run(t, 300, 100 + 12 * i))];
}

describe('columns of running text wrapped to a measure', () => {
  it('are text: every line breaks where the next word would not fit (the foot of a three-column page)', () => {
    const [a, b] = [wrap(PROSE_A, 34), wrap(PROSE_B, 34)];
    const n = Math.min(a.length, b.length);
    expect(isWrappedColumns(detected(columns(a.slice(0, n), b.slice(0, n))), 10)).toBe(true);
  });

  it('a table of names and descriptions is not: a short name leaves room for the next row\'s first word', () => {
    const names = ['Belgium and Luxembourg', 'Finland', 'the Czech Republic', 'Spain', 'Portugal and the Azores', 'Malta'];
    const notes = ['joined in the first round', 'joined in the second round', 'joined in the fifth round', 'founding member of the union', 'joined in the third round', 'joined in the fifth round'];
    expect(isWrappedColumns(detected(columns(names, notes)), 10)).toBe(false);
  });

  it('nor is a column of numbers set flush right beside wrapped text: it holds no words', () => {
    const a = wrap(PROSE_A, 34);
    const numbers = a.map((_, i) => String(1000 + i * 37));
    const runs = [...a.map((t, i) => run(t, 50, 100 + 12 * i)), ...numbers.map((t, i) => run(t, 300, 100 + 12 * i))];
    expect(isWrappedColumns(detected(runs), 10)).toBe(false);
  });

  it('nor are three lines: a paragraph\'s breaks need more pairs to say anything', () => {
    const [a, b] = [wrap(PROSE_A, 34).slice(0, 3), wrap(PROSE_B, 34).slice(0, 3)];
    expect(isWrappedColumns(detected(columns(a, b)), 10)).toBe(false);
  });
});

describe('the tables stage on wrapped columns', () => {
  it('leaves the foot of a three-column page, two columns of prose on one baseline grid, to the text', () => {
    const [a, b] = [wrap(PROSE_A, 30), wrap(PROSE_B, 30)];
    const n = Math.min(a.length, b.length);
    // The first column runs on its own baselines, a paragraph set a little apart.
    const first = wrap(`${PROSE_B} ${PROSE_A}`, 30).map((t, i) => run(t, 40, 95 + 11 * i));
    const rest = [...a.slice(0, n).map((t, i) => run(t, 240, 100 + 12 * i)), ...b.slice(0, n).map((t, i) => run(t, 430, 100 + 12 * i))];
    const out = tables.run(doc(page([...first, ...rest])), DEFAULT_CONFIG);
    expect(out.pages[0]!.blocks.filter((x) => x.kind === 'table')).toHaveLength(0);
  });
});
