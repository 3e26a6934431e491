/**
 * A generated page as data, so every producer (Chromium, LaTeX, LibreOffice)
 * draws the same tables and the same text around them, and the truth comes
 * from the same model whichever producer drew it.
 */
import type { Chart, Schematic } from './figures.ts';
import type { Circuit } from './circuit.ts';
import type { GenTable } from './table-model.ts';

/** Cell padding (vertical, horizontal) as CSS gives it; each producer maps it to its own spacing. */
export const PADS = ['1pt 5pt', '2pt 7pt', '4pt 8pt', '3pt 12pt'] as const;
export type Pad = (typeof PADS)[number];

export type PlacedTable = { t: GenTable; pad: Pad };

export type Block =
  | { k: 'heading'; text: string }
  | { k: 'para'; text: string }
  /** A bold label such as "Table 1." followed by text: a title or a figure caption. */
  | { k: 'caption'; label: string; text: string }
  | { k: 'table'; table: PlacedTable }
  /** Tables set side by side, top-aligned. */
  | { k: 'side'; tables: PlacedTable[] }
  /** Newspaper columns; `align` is set only where the page chose it. */
  | { k: 'columns'; n: number; gapPt: number; align?: 'left' | 'justify'; blocks: Block[] }
  /** A bold side label beside a paragraph. */
  | { k: 'side-label'; label: string; text: string }
  | { k: 'chart'; chart: Chart }
  | { k: 'schematic'; schematic: Schematic }
  | { k: 'circuit'; circuit: Circuit };

export type PageDoc = { dir: 'ltr' | 'rtl'; font: 'DejaVu Sans' | 'DejaVu Serif'; sizePt: number; blocks: Block[] };

/** Every table a page holds, in reading order (the truth's order). */
export function pageTables(blocks: readonly Block[]): GenTable[] {
  return blocks.flatMap((b) => (b.k === 'table' ? [b.table.t] : b.k === 'side' ? b.tables.map((p) => p.t) : b.k === 'columns' ? pageTables(b.blocks) : []));
}
