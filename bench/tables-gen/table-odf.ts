/**
 * A generated table as an ODF table (`table:table`), shared by the Writer
 * and Calc producers: header rows, spans with covered cells, borders and
 * shading per rule style, right-aligned numbers, a wrapping text column.
 */
import type { Pad } from './page-model.ts';
import { StyleSet, bodyIndexOf, cellLook, el, headRows, xml } from './odf-cells.ts';
import type { GenTable } from './table-model.ts';

/** Column widths in pt, estimated from the longest text of each column as a writer sizing columns to fit would. */
export function fitWidths(t: GenTable, pad: Pad, sizePt: number): number[] {
  const h = parseFloat(pad.split(' ')[1]!);
  return Array.from({ length: t.nCols }, (_, c) => {
    if (c === t.wrapCol) return 11 * sizePt + 2 * h;
    // Bold header text runs about a tenth wider than the body's.
    const longest = Math.max(1, ...t.cells.filter((x) => x.c === c && x.cs === 1).map((x) => x.text.length * (x.head ? 1.1 : 1)));
    return Math.ceil(longest * 0.6 * sizePt + 2 * h + 4);
  });
}

/** Per column, the width its longest single word needs (with the cell's padding): no narrower, or the word breaks. */
export function wordWidths(t: GenTable, pad: Pad, sizePt: number): number[] {
  const h = parseFloat(pad.split(' ')[1]!);
  return Array.from({ length: t.nCols }, (_, c) => {
    const words = t.cells.filter((x) => x.c === c && x.cs === 1).flatMap((x) => x.text.split(/\s+/).map((w) => w.length * (x.head ? 1.1 : 1)));
    return Math.ceil(Math.max(1, ...words) * 0.6 * sizePt + 2 * h + 4);
  });
}

/** The smallest text a table is shrunk to so that its words fit its column. */
export const MIN_TEXT_PT = 6;

/**
 * A Writer table's text size and column widths (pt) in a line `linePt` wide. A table sized to its content is
 * narrowed to the line, as Writer's "fit to width" does (wider, it runs past the column and the paper's edge, and
 * the truth would hold cells no reader can see). Narrowed below its longest words, a column breaks them
 * (`Luxe/mbo/urg`) and the truth's word is nowhere on the page: the text is set smaller first, half a point at a
 * time, as a typesetter would; then each column keeps its words' width and gets a share of the room left.
 */
export function fitToLine(t: GenTable, pad: Pad, sizePt: number, linePt: number): { textPt: number; widths: number[] } {
  const sum = (ws: number[]): number => ws.reduce((s, w) => s + w, 0);
  let textPt = sizePt;
  while (textPt > MIN_TEXT_PT && sum(wordWidths(t, pad, textPt)) > linePt) textPt -= 0.5;
  const natural = fitWidths(t, pad, textPt);
  const words = wordWidths(t, pad, textPt).map((w, c) => Math.min(w, natural[c]!));
  const share = Math.min(1, Math.max(0, (linePt - sum(words)) / Math.max(1, sum(natural) - sum(words))));
  return { textPt, widths: natural.map((w, c) => Math.floor(words[c]! + (w - words[c]!) * share)) };
}

/** `textPt`: the cells' text size when it differs from the page's (Writer: a table shrunk to fit its column). */
export type OdfTableOpts = { name: string; pad: Pad; sizePt: number; textPt?: number; cellTag: 'writer' | 'calc' };

/** The cells of each row of an ODF table (no row or table wrapper), with their styles from `styles`. */
export function odfCells(t: GenTable, o: OdfTableOpts, styles: StyleSet): string[][] {
  const [v, h] = o.pad.split(' ').map((x) => parseFloat(x)) as [number, number];
  const head = headRows(t);
  const bodyIndex = bodyIndexOf(t);
  const rows: string[][] = [];
  for (let r = 0; r < t.nRows; r++) {
    const group = t.groupStarts.includes(r);
    const cells: string[] = [];
    for (let c = 0; c < t.nCols;) {
      const cell = t.cells.find((x) => x.r === r && x.c === c);
      const covering = t.cells.find((x) => x.c <= c && x.c + x.cs > c && x.r <= r && x.r + x.rs > r);
      if (!cell && covering) { cells.push('<table:covered-table-cell/>'); c++; continue; }
      const slot = cell ?? { r, c, rs: 1, cs: 1, head: r < head, text: '' };
      const look = cellLook(t, slot, bodyIndex(r));
      const top = group ? v + 1.1 * o.sizePt : v;
      const num = !slot.head && c > 0 && c !== t.wrapCol;
      const align = slot.head ? (slot.cs > 1 ? 'center' : 'start') : num ? 'end' : 'start';
      const cellProps: Record<string, string> = { ...look, 'fo:padding-top': `${top}pt`, 'fo:padding-bottom': `${v}pt`, 'fo:padding-left': `${h}pt`, 'fo:padding-right': `${h}pt` };
      if (o.cellTag === 'calc') {
        cellProps['style:vertical-align'] = 'top';
        if (c === t.wrapCol) cellProps['fo:wrap-option'] = 'wrap';
      }
      const text = slot.head || o.textPt
        ? el('style:text-properties', { ...(slot.head ? { 'fo:font-weight': 'bold' } : {}), ...(o.textPt ? { 'fo:font-size': `${o.textPt}pt`, 'style:font-size-complex': `${o.textPt}pt` } : {}) })
        : '';
      const style = o.cellTag === 'calc'
        ? styles.name('table-cell', el('style:table-cell-properties', cellProps) + el('style:paragraph-properties', { 'fo:text-align': align }) + text)
        : styles.name('table-cell', el('style:table-cell-properties', cellProps));
      const pStyle = o.cellTag === 'writer' ? styles.name('paragraph', el('style:paragraph-properties', { 'fo:text-align': align, 'fo:margin-top': '0pt', 'fo:margin-bottom': '0pt' }) + text) : '';
      const span = `${slot.cs > 1 ? ` table:number-columns-spanned="${slot.cs}"` : ''}${slot.rs > 1 ? ` table:number-rows-spanned="${slot.rs}"` : ''}`;
      const p = slot.text ? `<text:p${pStyle ? ` text:style-name="${pStyle}"` : ''}>${xml(slot.text)}</text:p>` : pStyle ? `<text:p text:style-name="${pStyle}"/>` : '';
      cells.push(`<table:table-cell table:style-name="${style}" office:value-type="string"${span}>${p}</table:table-cell>`);
      for (let k = 1; k < slot.cs; k++) cells.push('<table:covered-table-cell/>');
      c += slot.cs;
    }
    rows.push(cells);
  }
  return rows;
}

/** The rows of an ODF table, each wrapped in `table:table-row`. */
export const odfRows = (t: GenTable, o: OdfTableOpts, styles: StyleSet): string[] =>
  odfCells(t, o, styles).map((cells) => `<table:table-row>${cells.join('')}</table:table-row>`);
