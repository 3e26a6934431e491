/**
 * Writes a generated page as a flat ODF text document (.fodt) that
 * LibreOffice Writer exports to PDF: tables as Writer tables (full width
 * with equal columns, as Writer inserts them, or sized to their content),
 * newspaper columns and side-by-side tables as sections with columns, side
 * labels as hanging indents. Charts, schematics and circuits are not drawn here.
 */
import type { Block, PageDoc, PlacedTable } from './page-model.ts';
import { rngFor, type Rng } from './random.ts';
import { NS, StyleSet, el, headRows, xml } from './odf-cells.ts';
import { fitToLine, odfRows } from './table-odf.ts';

/** Whether Writer draws the page here (charts and schematics are left to the other producers). */
export const writerDraws = (doc: PageDoc): boolean => !doc.blocks.some((b) => b.k === 'chart' || b.k === 'schematic' || b.k === 'circuit');

/** `linePt`: the width text is set in here (the page's, or a section column's). */
type Ctx = { doc: PageDoc; v: Rng; styles: StyleSet; tables: number; sections: number; linePt: number };

/** The page's text width: A4 less 18 mm margins each side, in pt. */
const PAGE_LINE_PT = ((210 - 2 * 18) / 25.4) * 72;

function tableXml(p: PlacedTable, x: Ctx, breakBefore: boolean): string {
  const n = ++x.tables;
  const full = x.v.chance(0.55);
  const { textPt, widths } = fitToLine(p.t, p.pad, x.doc.sizePt, x.linePt);
  const total = widths.reduce((s, w) => s + w, 0);
  const tProps: Record<string, string> = full
    ? { 'style:width': '17cm', 'table:align': 'margins', 'fo:margin-top': '4pt', 'fo:margin-bottom': '6pt' }
    : { 'style:width': `${total}pt`, 'table:align': 'left', 'fo:margin-top': '4pt', 'fo:margin-bottom': '6pt' };
  if (breakBefore) tProps['fo:break-before'] = 'column';
  if (x.doc.dir === 'rtl') tProps['style:writing-mode'] = 'rl-tb';
  const tStyle = x.styles.name('table', el('style:table-properties', tProps));
  const cols = widths.map((w) => `<table:table-column table:style-name="${x.styles.name('table-column', el('style:table-column-properties',
    full ? { 'style:rel-column-width': `${p.t.wrapCol === null ? 1000 : Math.round((1000 * w) / total)}*` } : { 'style:column-width': `${w}pt` }))}"/>`);
  const rows = odfRows(p.t, { name: `Table${n}`, pad: p.pad, sizePt: x.doc.sizePt, cellTag: 'writer', ...(textPt < x.doc.sizePt ? { textPt } : {}) }, x.styles);
  const h = headRows(p.t);
  return `<table:table table:name="Table${n}" table:style-name="${tStyle}">${cols.join('')}`
    + `<table:table-header-rows>${rows.slice(0, h).join('')}</table:table-header-rows>${rows.slice(h).join('')}</table:table>`;
}

function section(x: Ctx, n: number, gapPt: number, body: () => string): string {
  const line = x.linePt;
  x.linePt = (line - (n - 1) * gapPt) / n;
  const inner = body();
  x.linePt = line;
  const s = x.styles.name('section', `<style:section-properties><style:columns fo:column-count="${n}" fo:column-gap="${gapPt}pt"/></style:section-properties>`);
  return `<text:section text:style-name="${s}" text:name="Section${++x.sections}">${inner}</text:section>`;
}

function blockXml(b: Block, x: Ctx, align?: 'left' | 'justify'): string {
  const body = x.styles.name('paragraph', el('style:paragraph-properties', { 'fo:margin-top': '0pt', 'fo:margin-bottom': '6pt', 'fo:text-align': align === 'justify' ? 'justify' : 'start' }), 'Standard');
  const bold = x.styles.name('text', el('style:text-properties', { 'fo:font-weight': 'bold' }));
  switch (b.k) {
    case 'heading': return `<text:h text:outline-level="2" text:style-name="${x.styles.name('paragraph', el('style:text-properties', { 'fo:font-size': `${Math.round(x.doc.sizePt * 1.4)}pt`, 'fo:font-weight': 'bold' }), 'Standard')}">${xml(b.text)}</text:h>`;
    case 'para': return `<text:p text:style-name="${body}">${xml(b.text)}</text:p>`;
    case 'caption': return `<text:p text:style-name="${body}"><text:span text:style-name="${bold}">${xml(b.label)}</text:span> ${xml(b.text)}</text:p>`;
    case 'table': return tableXml(b.table, x, false);
    case 'side': return section(x, 2, 24, () => b.tables.map((p, i) => tableXml(p, x, i > 0)).join(''));
    case 'columns': return section(x, b.n, b.gapPt, () => b.blocks.map((i) => blockXml(i, x, b.align ?? 'left')).join(''));
    case 'side-label': {
      const indent = `${7 * x.doc.sizePt + 16}pt`;
      const s = x.styles.name('paragraph', el('style:paragraph-properties', { 'fo:margin-left': indent, 'fo:text-indent': `-${indent}`, 'fo:margin-top': '8pt', 'fo:margin-bottom': '8pt' }), 'Standard');
      return `<text:p text:style-name="${s}"><text:span text:style-name="${bold}">${xml(b.label)}</text:span><text:tab/>${xml(b.text)}</text:p>`;
    }
    case 'chart': case 'schematic': case 'circuit': return '';
  }
}

/** The .fodt text of a page; `key` (the case id) picks Writer's own choices (table widths). */
export function pageWriter(doc: PageDoc, key: string): string {
  const x: Ctx = { doc, v: rngFor(`writer:${key}`), styles: new StyleSet('a'), tables: 0, sections: 0, linePt: PAGE_LINE_PT };
  const body = doc.blocks.map((b) => blockXml(b, x)).join('\n');
  const rtl: Record<string, string> = doc.dir === 'rtl' ? { 'style:writing-mode': 'rl-tb' } : {};
  return `<?xml version="1.0" encoding="UTF-8"?>
<office:document ${NS} office:version="1.3" office:mimetype="application/vnd.oasis.opendocument.text">
<office:font-face-decls><style:font-face style:name="Body" svg:font-family="'${doc.font}'"/></office:font-face-decls>
<office:styles><style:default-style style:family="paragraph">${el('style:paragraph-properties', rtl)}${el('style:text-properties', { 'style:font-name': 'Body', 'fo:font-size': `${doc.sizePt}pt`, 'style:font-name-complex': 'Body', 'style:font-size-complex': `${doc.sizePt}pt` })}</style:default-style>
<style:style style:name="Standard" style:family="paragraph"/></office:styles>
<office:automatic-styles><style:page-layout style:name="pm1">${el('style:page-layout-properties', { 'fo:page-width': '210mm', 'fo:page-height': '297mm', 'fo:margin-top': '18mm', 'fo:margin-bottom': '18mm', 'fo:margin-left': '18mm', 'fo:margin-right': '18mm', ...rtl })}</style:page-layout>
${x.styles.defs.join('\n')}</office:automatic-styles>
<office:master-styles><style:master-page style:name="Standard" style:page-layout-name="pm1"/></office:master-styles>
<office:body><office:text>
${body}
</office:text></office:body></office:document>
`;
}
