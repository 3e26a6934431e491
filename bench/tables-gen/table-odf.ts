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

export type OdfTableOpts = { name: string; pad: Pad; sizePt: number; cellTag: 'writer' | 'calc' };

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
      const text = slot.head ? el('style:text-properties', { 'fo:font-weight': 'bold' }) : '';
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
