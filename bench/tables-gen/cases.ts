/**
 * The cases of one seed: pages with tables in every rule style and layout,
 * and negatives (multi-column prose, a paragraph beside a side label, charts
 * with labels, vector schematics) that must give no table.
 */
import { rng, type Rng } from './random.ts';
import { BASE_CSS, tableHtml } from './table-html.ts';
import { STYLES, makeTable, type GenTable, type Style } from './table-model.ts';
import { sentence } from './words.ts';
import { chartSvg, schematicSvg } from './figures.ts';

export const LAYOUTS = ['single', 'stacked', 'side', 'twocol'] as const;
export const NEGATIVES = ['prose-columns', 'side-label', 'chart', 'schematic'] as const;
export type Layout = (typeof LAYOUTS)[number];
export type Negative = (typeof NEGATIVES)[number];

export type Case =
  | { id: string; kind: 'table'; style: Style; layout: Layout; rtl: boolean; tables: GenTable[]; html: string }
  | { id: string; kind: 'negative'; negative: Negative; html: string };

const para = (r: Rng): string => `<p>${Array.from({ length: r.int(2, 4) }, () => sentence(r, r.int(8, 16))).join(' ')}</p>`;

function page(r: Rng, body: string, dir: 'ltr' | 'rtl' = 'ltr'): string {
  const font = r.pick(['DejaVu Sans', 'DejaVu Serif']);
  const size = r.pick([8.5, 9, 10, 11]);
  return `<!doctype html><html dir="${dir}"><head><meta charset="utf-8"><style>${BASE_CSS}
body { font-family: '${font}'; font-size: ${size}pt; line-height: 1.3 }</style></head><body>${body}</body></html>`;
}

function tableCase(r: Rng, id: string, style: Style, layout: Layout): Case {
  const rtl = layout === 'single' && r.chance(0.12);
  const over = rtl ? { rtl: true, mixed: false, multiline: false } : {};
  const title = (i: number): string => `<p><b>Table ${i}.</b> ${sentence(r, r.int(4, 8))}</p>`;
  let tables: GenTable[];
  let body: string;
  if (layout === 'side') {
    tables = [makeTable(r, style, { multiline: false, spanning: false }, 4), makeTable(r, style, { multiline: false, spanning: false }, 4)];
    body = `${para(r)}<div style="display:flex;gap:24pt;align-items:flex-start">${tables.map((t) => `<div>${tableHtml(t, r)}</div>`).join('')}</div>${para(r)}`;
  } else if (layout === 'stacked') {
    tables = [makeTable(r, style), makeTable(r, style)];
    body = `${para(r)}${title(1)}${tableHtml(tables[0]!, r)}${title(2)}${tableHtml(tables[1]!, r)}${para(r)}`;
  } else if (layout === 'twocol') {
    tables = [makeTable(r, style, { multiline: false, spanning: false }, 3)];
    body = `<div style="column-count:2;column-gap:18pt">${para(r)}${para(r)}${tableHtml(tables[0]!, r)}${para(r)}${para(r)}</div>`;
  } else {
    tables = [makeTable(r, style, over)];
    const text = rtl ? `<p>${'נתונים על האוכלוסייה לפי ערים בשנה האחרונה. '.repeat(3)}</p>` : para(r);
    body = `${text}${r.chance(0.5) ? title(1) : ''}${tableHtml(tables[0]!, r)}${rtl ? text : para(r)}`;
  }
  return { id, kind: 'table', style, layout, rtl, tables, html: page(r, body, rtl ? 'rtl' : 'ltr') };
}

function negativeCase(r: Rng, id: string, negative: Negative): Case {
  let body: string;
  if (negative === 'prose-columns') {
    body = `<h2>${sentence(r, 4)}</h2><div style="column-count:${r.int(2, 3)};column-gap:14pt;text-align:${r.pick(['left', 'justify'])}">`
      + `${Array.from({ length: 8 }, () => para(r)).join('')}</div>`;
  } else if (negative === 'side-label') {
    body = Array.from({ length: 5 }, () => `<div style="display:flex;gap:16pt;margin:8pt 0"><div style="width:7em;flex:none"><b>${sentence(r, 2).replace(/\.$/, '')}</b></div>`
      + `<div>${para(r)}</div></div>`).join('');
  } else if (negative === 'chart') {
    body = `${para(r)}<p><b>Figure 1.</b> ${sentence(r, 6)}</p>${chartSvg(r)}${para(r)}`;
  } else {
    body = `${para(r)}${schematicSvg(r)}<p><b>Figure 2.</b> ${sentence(r, 6)}</p>`;
  }
  return { id, kind: 'negative', negative, html: page(r, body) };
}

/** Every case of a seed: each style in each layout `perCell` times, and `negatives` of each negative kind. */
export function casesFor(seed: number, perCell: number, negatives: number): Case[] {
  const r = rng(seed);
  const out: Case[] = [];
  for (const style of STYLES) {
    for (const layout of LAYOUTS) {
      for (let i = 0; i < perCell; i++) out.push(tableCase(r, `s${seed}-${style}-${layout}-${i}`, style, layout));
    }
  }
  for (const n of NEGATIVES) for (let i = 0; i < negatives; i++) out.push(negativeCase(r, `s${seed}-neg-${n}-${i}`, n));
  return out;
}
