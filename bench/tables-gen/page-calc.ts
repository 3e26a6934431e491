/**
 * Writes a generated page as a flat ODF spreadsheet (.fods) that LibreOffice
 * Calc exports to PDF, as a sheet holds tables: a bold title in its own row,
 * the table below it, stacked tables one empty row apart, side-by-side tables
 * one empty column apart; Calc's default header (sheet name) and footer
 * (page number), the whole print range scaled to one page. Running text and
 * newspaper columns are not sheet content, so pages with them as the subject
 * (negatives, two-column pages) are not drawn here.
 */
import type { Block, PageDoc, PlacedTable } from './page-model.ts';
import { NS, StyleSet, el, xml } from './odf-cells.ts';
import { fitWidths, odfCells } from './table-odf.ts';

export const calcDraws = (doc: PageDoc): boolean =>
  doc.blocks.some((b) => b.k === 'table' || b.k === 'side') && !doc.blocks.some((b) => b.k === 'columns');

/** The .fods text of a page. */
export function pageCalc(doc: PageDoc): string {
  const styles = new StyleSet('c');
  const bold = styles.name('table-cell', el('style:text-properties', { 'fo:font-weight': 'bold' }));
  const rows: string[][] = [];
  const widths: number[] = [];
  const widen = (at: number, ws: number[]): void => ws.forEach((w, k) => { widths[at + k] = Math.max(widths[at + k] ?? 0, w); });
  const put = (tables: PlacedTable[]): void => {
    let col = 0;
    const block: string[][] = [];
    for (const p of tables) {
      const cells = odfCells(p.t, { name: '', pad: p.pad, sizePt: doc.sizePt, cellTag: 'calc' }, styles);
      const ws = fitWidths(p.t, p.pad, doc.sizePt);
      widen(col, ws);
      cells.forEach((cs, i) => {
        const row = (block[i] ??= []);
        while (row.length < col) row.push('<table:table-cell/>');
        row.push(...cs);
      });
      col += ws.length + 1;
      widen(col - 1, [24]);
    }
    rows.push(...block, []);
  };
  for (const b of doc.blocks as Block[]) {
    if (b.k === 'caption') rows.push([`<table:table-cell table:style-name="${bold}" office:value-type="string"><text:p>${xml(`${b.label} ${b.text}`)}</text:p></table:table-cell>`]);
    else if (b.k === 'table') put([b.table]);
    else if (b.k === 'side') put(b.tables);
  }
  const cols = widths.map((w) => `<table:table-column table:style-name="${styles.name('table-column', el('style:table-column-properties', { 'style:column-width': `${w ?? 24}pt` }))}"/>`);
  const sheet = styles.name('table', el('style:table-properties', { 'table:display': 'true', ...(doc.dir === 'rtl' ? { 'style:writing-mode': 'rl-tb' } : {}) }), '');
  const sheetXml = `<table:table table:name="Sheet1" table:style-name="${sheet}">${cols.join('')}`
    + rows.map((cs) => `<table:table-row>${cs.length ? cs.join('') : '<table:table-cell/>'}</table:table-row>`).join('\n') + '</table:table>';
  return `<?xml version="1.0" encoding="UTF-8"?>
<office:document ${NS} office:version="1.3" office:mimetype="application/vnd.oasis.opendocument.spreadsheet">
<office:font-face-decls><style:font-face style:name="Body" svg:font-family="'${doc.font}'"/></office:font-face-decls>
<office:styles><style:default-style style:family="table-cell">${el('style:text-properties', { 'style:font-name': 'Body', 'fo:font-size': `${doc.sizePt}pt`, 'style:font-name-complex': 'Body', 'style:font-size-complex': `${doc.sizePt}pt` })}</style:default-style></office:styles>
<office:automatic-styles><style:page-layout style:name="pm1">${el('style:page-layout-properties', { 'fo:page-width': '210mm', 'fo:page-height': '297mm', 'fo:margin-top': '18mm', 'fo:margin-bottom': '18mm', 'fo:margin-left': '18mm', 'fo:margin-right': '18mm', 'style:scale-to-pages': '1' })}</style:page-layout>
${styles.defs.join('\n')}</office:automatic-styles>
<office:master-styles><style:master-page style:name="Default" style:page-layout-name="pm1"><style:header><text:p text:style-name="Standard"><text:sheet-name>???</text:sheet-name></text:p></style:header><style:footer><text:p>Page <text:page-number>1</text:page-number></text:p></style:footer></style:master-page></office:master-styles>
<office:body><office:spreadsheet>
${sheetXml}
</office:spreadsheet></office:body></office:document>
`;
}
