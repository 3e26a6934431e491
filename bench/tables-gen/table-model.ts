/**
 * A generated table with its exact truth: cells on a grid with spans, the
 * features it exercises and the rule style it is drawn in.
 */
import type { Rng } from './random.ts';
import { ARABIC, GROUPS, HEADS, HEBREW, HEBREW_HEADS, LATIN_CITY, STUBS, numberText, sentence } from './words.ts';

export const STYLES = ['grid', 'header-rule', 'box-header', 'booktabs', 'none', 'zebra'] as const;
export type Style = (typeof STYLES)[number];

/** One cell; `r`/`c` are its top-left grid slot, `rs`/`cs` its spans. */
export type GenCell = { text: string; r: number; c: number; rs: number; cs: number; head: boolean };

export type Features = { multiline: boolean; groups: boolean; spanning: boolean; signed: boolean; marks: boolean; rtl: boolean; mixed: boolean };

export type GenTable = {
  style: Style; features: Features; dir: 'ltr' | 'rtl';
  nRows: number; nCols: number; cells: GenCell[];
  /** Rows that open a row group: drawn with a blank line's space above them. */
  groupStarts: number[];
  /** The column whose long texts wrap inside their cell, if any. */
  wrapCol: number | null;
};

function headerRows(r: Rng, nCols: number, f: Features, cells: GenCell[]): number {
  const heads = f.rtl ? HEBREW_HEADS : HEADS;
  const stubHead = f.rtl ? 'אזור' : r.pick(['Country', 'Sector', 'Item', 'Region', '']);
  if (!f.spanning || nCols < 5) {
    cells.push({ text: stubHead, r: 0, c: 0, rs: 1, cs: 1, head: true });
    for (let c = 1; c < nCols; c++) cells.push({ text: `${r.pick(heads)} ${f.rtl ? '' : 2000 + c}`.trim(), r: 0, c, rs: 1, cs: 1, head: true });
    return 1;
  }
  // Two header rows: years spanning pairs of value columns over the measures.
  cells.push({ text: stubHead, r: 0, c: 0, rs: 2, cs: 1, head: true });
  let c = 1;
  let year = 2010 + r.int(0, 10);
  while (c < nCols) {
    const cs = Math.min(2, nCols - c);
    cells.push({ text: String(year++), r: 0, c, rs: 1, cs, head: true });
    for (let k = 0; k < cs; k++) cells.push({ text: k === 0 ? heads[0]! : heads[1]!, r: 1, c: c + k, rs: 1, cs: 1, head: true });
    c += cs;
  }
  return 2;
}

function stubText(r: Rng, f: Features, i: number): string {
  if (f.rtl) return HEBREW[i % HEBREW.length]!;
  if (f.mixed && r.chance(0.5)) {
    const k = r.int(0, ARABIC.length - 1);
    return `${LATIN_CITY[k]} ${ARABIC[k]}`;
  }
  return STUBS[(i * 7 + r.int(0, 3)) % STUBS.length]!;
}

/** Builds one table of the given style with randomly chosen features. */
export function makeTable(r: Rng, style: Style, over: Partial<Features> = {}, maxCols = 7): GenTable {
  const f: Features = {
    multiline: r.chance(0.3), groups: r.chance(0.3), spanning: r.chance(0.3), signed: r.chance(0.5),
    marks: r.chance(0.3), rtl: false, mixed: r.chance(0.1), ...over,
  };
  const nCols = r.int(3, maxCols);
  const cells: GenCell[] = [];
  const head = headerRows(r, nCols, f, cells);
  const wrapCol = f.multiline && nCols >= 3 ? 1 : null;
  const bodyRows = r.int(4, 12);
  const groupStarts: number[] = [];
  let row = head;
  for (let i = 0; i < bodyRows; i++) {
    if (f.groups && (i === 0 || r.chance(0.25)) && i < bodyRows - 1) {
      cells.push({ text: r.pick(GROUPS), r: row, c: 0, rs: 1, cs: 1, head: false });
      groupStarts.push(row++);
    }
    cells.push({ text: stubText(r, f, i), r: row, c: 0, rs: 1, cs: 1, head: false });
    for (let c = 1; c < nCols; c++) {
      const text = c === wrapCol ? sentence(r, r.chance(0.5) ? r.int(6, 14) : r.int(1, 2)).replace(/\.$/, '')
        : numberText(r, { signed: f.signed, marks: f.marks, minus: f.rtl ? '-' : r.pick(['-', '−']) });
      cells.push({ text, r: row, c, rs: 1, cs: 1, head: false });
    }
    row++;
  }
  return { style, features: f, dir: f.rtl ? 'rtl' : 'ltr', nRows: row, nCols, cells, groupStarts, wrapCol };
}
