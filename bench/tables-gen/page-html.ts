/** Writes a generated page as HTML for Chromium. */
import { chartSvg, schematicSvg } from './figures.ts';
import { circuitSvg } from './circuit.ts';
import type { Block, PageDoc } from './page-model.ts';
import { BASE_CSS, tableHtml } from './table-html.ts';

function blockHtml(b: Block): string {
  switch (b.k) {
    case 'heading': return `<h2>${b.text}</h2>`;
    case 'para': return `<p>${b.text}</p>`;
    case 'caption': return `<p><b>${b.label}</b> ${b.text}</p>`;
    case 'table': return tableHtml(b.table.t, b.table.pad);
    case 'side': return `<div style="display:flex;gap:24pt;align-items:flex-start">${b.tables.map((p) => `<div>${tableHtml(p.t, p.pad)}</div>`).join('')}</div>`;
    case 'columns': return `<div style="column-count:${b.n};column-gap:${b.gapPt}pt${b.align ? `;text-align:${b.align}` : ''}">${b.blocks.map(blockHtml).join('')}</div>`;
    case 'side-label': return `<div style="display:flex;gap:16pt;margin:8pt 0"><div style="width:7em;flex:none"><b>${b.label}</b></div><div><p>${b.text}</p></div></div>`;
    case 'chart': return chartSvg(b.chart);
    case 'schematic': return schematicSvg(b.schematic);
    case 'circuit': return circuitSvg(b.circuit);
  }
}

export function pageHtml(doc: PageDoc): string {
  return `<!doctype html><html dir="${doc.dir}"><head><meta charset="utf-8"><style>${BASE_CSS}
body { font-family: '${doc.font}'; font-size: ${doc.sizePt}pt; line-height: 1.3 }</style></head><body>${doc.blocks.map(blockHtml).join('')}</body></html>`;
}
