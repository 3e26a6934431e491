/**
 * The cases of one seed: pages with tables in every rule style and layout,
 * and negatives (multi-column prose, a paragraph beside a side label, charts
 * with labels, vector schematics, circuit drawings with notes) that must give
 * no table. Each case is a
 * page model (`page-model.ts`) that every producer draws; `html` is
 * Chromium's drawing of it.
 */
import { rng, type Rng } from './random.ts';
import { PADS, type Block, type PageDoc, type PlacedTable } from './page-model.ts';
import { pageHtml } from './page-html.ts';
import { STYLES, makeTable, type GenTable, type Style } from './table-model.ts';
import { sentence } from './words.ts';
import { makeChart, makeSchematic } from './figures.ts';
import { makeCircuit } from './circuit.ts';

export const LAYOUTS = ['single', 'stacked', 'side', 'twocol'] as const;
export const NEGATIVES = ['prose-columns', 'side-label', 'chart', 'schematic', 'circuit'] as const;
export type Layout = (typeof LAYOUTS)[number];
export type Negative = (typeof NEGATIVES)[number];

export type Case =
  | { id: string; kind: 'table'; style: Style; layout: Layout; rtl: boolean; tables: GenTable[]; doc: PageDoc; html: string }
  | { id: string; kind: 'negative'; negative: Negative; doc: PageDoc; html: string };

const paraText = (r: Rng): string => Array.from({ length: r.int(2, 4) }, () => sentence(r, r.int(8, 16))).join(' ');
const para = (r: Rng): Block => ({ k: 'para', text: paraText(r) });
const placed = (r: Rng, t: GenTable): PlacedTable => ({ t, pad: r.pick(PADS) });

/** The page around the blocks: font and size are drawn after the body, as they always were (seeds stay the same). */
function page(r: Rng, blocks: Block[], dir: 'ltr' | 'rtl' = 'ltr'): PageDoc {
  const font = r.pick(['DejaVu Sans', 'DejaVu Serif'] as const);
  const sizePt = r.pick([8.5, 9, 10, 11]);
  return { dir, font, sizePt, blocks };
}

function tableCase(r: Rng, id: string, style: Style, layout: Layout): Case {
  const rtl = layout === 'single' && r.chance(0.12);
  const over = rtl ? { rtl: true, mixed: false, multiline: false } : {};
  const title = (i: number): Block => ({ k: 'caption', label: `Table ${i}.`, text: sentence(r, r.int(4, 8)) });
  let tables: GenTable[];
  const blocks: Block[] = [];
  if (layout === 'side') {
    tables = [makeTable(r, style, { multiline: false, spanning: false }, 4), makeTable(r, style, { multiline: false, spanning: false }, 4)];
    blocks.push(para(r));
    blocks.push({ k: 'side', tables: tables.map((t) => placed(r, t)) });
    blocks.push(para(r));
  } else if (layout === 'stacked') {
    tables = [makeTable(r, style), makeTable(r, style)];
    blocks.push(para(r), title(1), { k: 'table', table: placed(r, tables[0]!) });
    blocks.push(title(2), { k: 'table', table: placed(r, tables[1]!) }, para(r));
  } else if (layout === 'twocol') {
    tables = [makeTable(r, style, { multiline: false, spanning: false }, 3)];
    const inner: Block[] = [para(r), para(r)];
    inner.push({ k: 'table', table: placed(r, tables[0]!) });
    inner.push(para(r), para(r));
    blocks.push({ k: 'columns', n: 2, gapPt: 18, blocks: inner });
  } else {
    tables = [makeTable(r, style, over)];
    const text: Block = rtl ? { k: 'para', text: 'נתונים על האוכלוסייה לפי ערים בשנה האחרונה. '.repeat(3) } : para(r);
    blocks.push(text);
    if (r.chance(0.5)) blocks.push(title(1));
    blocks.push({ k: 'table', table: placed(r, tables[0]!) });
    blocks.push(rtl ? text : para(r));
  }
  const doc = page(r, blocks, rtl ? 'rtl' : 'ltr');
  return { id, kind: 'table', style, layout, rtl, tables, doc, html: pageHtml(doc) };
}

function negativeCase(r: Rng, id: string, negative: Negative): Case {
  const blocks: Block[] = [];
  if (negative === 'prose-columns') {
    blocks.push({ k: 'heading', text: sentence(r, 4) });
    const n = r.int(2, 3);
    const align = r.pick(['left', 'justify'] as const);
    blocks.push({ k: 'columns', n, gapPt: 14, align, blocks: Array.from({ length: 8 }, () => para(r)) });
  } else if (negative === 'side-label') {
    for (let i = 0; i < 5; i++) {
      const label = sentence(r, 2).replace(/\.$/, '');
      blocks.push({ k: 'side-label', label, text: paraText(r) });
    }
  } else if (negative === 'chart') {
    blocks.push(para(r), { k: 'caption', label: 'Figure 1.', text: sentence(r, 6) }, { k: 'chart', chart: makeChart(r) }, para(r));
  } else if (negative === 'schematic') {
    blocks.push(para(r), { k: 'schematic', schematic: makeSchematic(r) }, { k: 'caption', label: 'Figure 2.', text: sentence(r, 6) });
  } else {
    blocks.push(para(r), { k: 'circuit', circuit: makeCircuit(r) }, { k: 'caption', label: 'Figure 3.', text: sentence(r, 6) });
  }
  const doc = page(r, blocks);
  return { id, kind: 'negative', negative, doc, html: pageHtml(doc) };
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
