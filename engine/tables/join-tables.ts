/**
 * Doc-level stage: a table broken across a page boundary, or across the
 * layout columns of one page, becomes one table. The table that ends a page
 * (column) and the one that starts the next are merged when their column
 * structure matches; a header row repeated on the continuation (LaTeX
 * longtable, word processors, browsers) is dropped.
 */
import type { Block, Box, Cell, Page } from '../model.ts';
import type { Stage } from '../stage.ts';
import { spansText } from './cell-text.ts';
import type { TableBlock } from './table-parts.ts';

/** Share of the page height at top and bottom where running headers and footers live. */
const MARGIN_SHARE = 0.1;
/** Left edges of a table and its continuation may differ by this much (points). */
const X_TOLERANCE = 20;

function width(row: readonly Cell[]): number {
  return row.reduce((n, c) => n + (c.colspan ?? 1), 0);
}

function columnCount(t: TableBlock): number {
  return Math.max(0, ...t.rows.map(width));
}

function inMargins(box: Box, page: Page): boolean {
  return box.y1 < page.height * MARGIN_SHARE || box.y0 > page.height * (1 - MARGIN_SHARE);
}

/** Content other than `t` on the page, as boxes (blocks and leftover lines), furniture zones excluded. */
function otherContent(page: Page, t: TableBlock): Box[] {
  const boxes = [
    ...page.blocks.filter((b) => b !== t).map((b: Block) => b.prov.box),
    ...page.lines.map((l) => l.box),
  ];
  return boxes.filter((b) => !inMargins(b, page));
}

function lastTable(page: Page): TableBlock | null {
  const t = page.blocks.findLast((b): b is TableBlock => b.kind === 'table');
  if (!t) return null;
  return otherContent(page, t).some((b) => b.y0 >= t.prov.box.y1 - 1) ? null : t;
}

function firstTable(page: Page): TableBlock | null {
  const t = page.blocks.find((b): b is TableBlock => b.kind === 'table');
  if (!t) return null;
  return otherContent(page, t).some((b) => b.y1 <= t.prov.box.y0 + 1) ? null : t;
}

const rowText = (row: readonly Cell[]): string => row.map((c) => spansText(c.spans)).join('\u0001');

function continues(head: TableBlock, next: TableBlock): boolean {
  return columnCount(head) === columnCount(next)
    && Math.abs(head.prov.box.x0 - next.prov.box.x0) <= X_TOLERANCE;
}

/** `head` with `next`'s rows appended, minus a repeated header row. */
function merge(head: TableBlock, next: TableBlock): TableBlock {
  const first = head.rows[0];
  const rows = next.rows.filter((r, i) => !(i === 0 && first && rowText(r) === rowText(first)));
  // Provenance stays on the first page: the model has one page per block.
  return { ...head, rows: [...head.rows, ...rows] };
}

function replace(page: Page, from: Block, to: Block | null): Page {
  const blocks = to ? page.blocks.map((b) => (b === from ? to : b)) : page.blocks.filter((b) => b !== from);
  return { ...page, blocks };
}

/**
 * Whether `next` continues `head` in the next layout column of the same
 * page: it follows directly in reading order, sits to the right and starts
 * higher up. A continuation repeats the header row or starts with body rows;
 * a table that opens with a header row of its own is another table.
 */
function continuesInNextColumn(head: TableBlock, next: TableBlock): boolean {
  const a = head.prov.box, b = next.prov.box;
  if (b.x0 < a.x1 - 5 || b.y0 >= a.y0 || columnCount(head) !== columnCount(next)) return false;
  const first = next.rows[0];
  return !first?.some((c) => c.header) || (head.rows[0] !== undefined && rowText(first) === rowText(head.rows[0]));
}

/** Merges tables that run from the foot of one layout column to the top of the next. */
function joinColumns(page: Page): Page {
  const blocks: Block[] = [];
  for (const b of page.blocks) {
    const prev = blocks.at(-1);
    if (prev?.kind === 'table' && b.kind === 'table' && continuesInNextColumn(prev, b)) blocks[blocks.length - 1] = merge(prev, b);
    else blocks.push(b);
  }
  return blocks.length === page.blocks.length ? page : { ...page, blocks };
}

/** Merges tables continued across page breaks and layout columns. Pure: returns a new Doc. */
export const joinTables: Stage = {
  name: 'joinTables',
  run(doc) {
    const pages = doc.pages.map(joinColumns);
    // `open` is the table that may continue on the next page, and where it lives.
    let open: { table: TableBlock; page: number } | null = null;
    for (let i = 0; i < pages.length; i++) {
      const page = pages[i]!;
      const first: TableBlock | null = open ? firstTable(page) : null;
      if (open && first && continues(open.table, first)) {
        const merged = merge(open.table, first);
        const endsHere = lastTable(page) === first;
        pages[open.page] = replace(pages[open.page]!, open.table, merged);
        pages[i] = replace(page, first, null);
        if (endsHere) {
          open = { table: merged, page: open.page };
          continue;
        }
      }
      const last = lastTable(pages[i]!);
      open = last ? { table: last, page: i } : null;
    }
    return { ...doc, pages };
  },
};
