/** Draws a generated table as HTML in its rule style; Chromium prints it to PDF. */
import type { Rng } from './random.ts';
import { PADS, type Pad } from './page-model.ts';
import type { GenTable, Style } from './table-model.ts';

const esc = (s: string): string => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The CSS of each rule style, scoped to tables carrying the style's class. */
export const STYLE_CSS: Record<Style, string> = {
  grid: '.grid td, .grid th { border: 0.75pt solid #000 }',
  'header-rule': '.header-rule thead th { border-bottom: 0.75pt solid #000 }',
  'box-header': '.box-header { border: 0.75pt solid #000 } .box-header thead th { border-bottom: 0.75pt solid #000 }',
  booktabs: '.booktabs { border-top: 1.2pt solid #000; border-bottom: 1.2pt solid #000 } .booktabs thead tr:last-child th { border-bottom: 0.6pt solid #000 }',
  none: '',
  zebra: '.zebra tbody tr:nth-child(even) td { background: #e4e4e4 } .zebra thead th { background: #c8c8c8 }',
};

export const BASE_CSS = `
@page { size: A4; margin: 18mm }
body { margin: 0 }
table { border-collapse: collapse; margin: 8pt 0; break-inside: avoid }
td, th { text-align: left; vertical-align: top }
td.num { text-align: right }
th { font-weight: bold }
th[colspan] { text-align: center }
tr.group td { padding-top: 1.1em }
${Object.values(STYLE_CSS).join('\n')}`;

/** The table's HTML. Cell padding, width of the wrapping column and alignment vary with the generator. */
export function tableHtml(t: GenTable, padOrRng: Pad | Rng): string {
  const pad = typeof padOrRng === 'string' ? padOrRng : padOrRng.pick(PADS);
  const byRow = new Map<number, GenTable['cells']>();
  for (const c of t.cells) byRow.set(c.r, [...(byRow.get(c.r) ?? []), c]);
  const headRows = Math.min(...t.cells.filter((c) => !c.head).map((c) => c.r));
  const rowHtml = (i: number): string => {
    const cells = (byRow.get(i) ?? []).sort((a, b) => a.c - b.c);
    const group = t.groupStarts.includes(i);
    const filled = new Set(cells.map((c) => c.c));
    const tag = i < headRows ? 'th' : 'td';
    const out = cells.map((c) => {
      const attrs = [c.cs > 1 ? ` colspan="${c.cs}"` : '', c.rs > 1 ? ` rowspan="${c.rs}"` : '',
        tag === 'td' && c.c > 0 && c.c !== t.wrapCol ? ' class="num"' : ''].join('');
      return `<${tag}${attrs} style="padding:${pad}${c.c === t.wrapCol && tag === 'td' ? ';width:11em' : ''}">${esc(c.text)}</${tag}>`;
    });
    // A group label row leaves its value cells empty.
    if (group) for (let k = 1; k < t.nCols; k++) if (!filled.has(k)) out.push(`<td style="padding:${pad}"></td>`);
    return `<tr${group ? ' class="group"' : ''}>${out.join('')}</tr>`;
  };
  const rows = Array.from({ length: t.nRows }, (_, i) => i);
  return `<table class="${t.style}" dir="${t.dir}"><thead>${rows.filter((i) => i < headRows).map(rowHtml).join('')}</thead>`
    + `<tbody>${rows.filter((i) => i >= headRows).map(rowHtml).join('')}</tbody></table>`;
}
