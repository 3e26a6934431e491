/**
 * Doc-level stage: a table broken across a page boundary, or across the
 * layout columns of one page, becomes one table. The table that ends a page
 * (column) and the one that starts the next are merged when their column
 * structure matches and the continuation repeats the header or has none;
 * the repeated header rows (LaTeX longtable, word processors, browsers) are
 * dropped and every other row is kept. Under `tablesAcrossPages: 'keep'` the
 * parts on different pages stay apart.
 */
import type { Block, Box, Cell, Page } from '../model.ts';
import type { Stage } from '../stage.ts';
import { spansText } from './cell-text.ts';
import type { TableBlock } from './table-parts.ts';
import { REGION_GAP_LINES } from './measures.ts';

/** Share of the page height at top and bottom where running headers and footers live. */
const MARGIN_SHARE = 0.1;
/** Left edges of a table and its continuation may differ by this many ems of the page's text (a ragged whitespace table). */
const X_TOLERANCE_EM = 2;
/** Text size assumed for a page without text runs. */
const FALLBACK_EM = 10;

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

/** The median text size of a page's runs. */
function pageEm(page: Page): number {
  const sizes = page.runs.map((r) => r.fontSize).sort((a, b) => a - b);
  return sizes[sizes.length >> 1] ?? FALLBACK_EM;
}

const rowText = (row: readonly Cell[]): string => row.map((c) => spansText(c.spans)).join('\u0001');

/** Leading rows of `t` marked as header rows. */
function headerRows(t: TableBlock): Cell[][] {
  const n = t.rows.findIndex((r) => !r.some((c) => c.header));
  return t.rows.slice(0, n < 0 ? t.rows.length : n);
}

/** How many leading rows of `next` repeat `head`'s header rows word for word (0 when none do). */
function repeatedHeader(head: TableBlock, next: TableBlock): number {
  const header = headerRows(head);
  const first = head.rows[0];
  // A header the detector did not mark (no bold, no rule) still repeats as the table's first row.
  const rows = header.length > 0 ? header : first ? [first] : [];
  let n = 0;
  while (n < rows.length && next.rows[n] && rowText(next.rows[n]!) === rowText(rows[n]!)) n++;
  return n;
}

/**
 * Whether `next`, at the top of a page, continues `head`, which ends the page
 * before: the same columns at the same place, and either `head`'s header
 * repeated or no header of its own. A table that opens with a header of its
 * own is another table, however alike its columns.
 */
function continues(head: TableBlock, next: TableBlock, em: number): boolean {
  if (columnCount(head) !== columnCount(next) || Math.abs(head.prov.box.x0 - next.prov.box.x0) > X_TOLERANCE_EM * em) return false;
  return repeatedHeader(head, next) > 0 || !opensWithHeader(head, next);
}

/** Whether a row's text is all bold. */
function boldRow(row: readonly Cell[] | undefined): boolean {
  const spans = (row ?? []).flatMap((c) => c.spans.filter((s) => s.text.trim() !== ''));
  return spans.length > 0 && spans.every((s) => s.bold);
}

/**
 * Whether `next` opens with a header row of its own. A first row marked as
 * header only because a rule runs under it is a body row in a fully ruled
 * grid; it counts when it is set in bold, or when `head`'s header is not
 * bold either (then the mark is all there is to go by).
 */
function opensWithHeader(head: TableBlock, next: TableBlock): boolean {
  const first = next.rows[0];
  if (!first?.some((c) => c.header)) return false;
  return boldRow(first) || !boldRow(head.rows[0]);
}

/** A cell's text ending a sentence or a clause: its row is complete. */
const CLOSED = /[.!?:;]\s*$/u;

/**
 * Whether `row`, the first body row of a continuation, is the rest of `last`,
 * the row a page break cut (word processors and browsers let a row break
 * across pages): no stub of its own, and every cell it fills goes on from a
 * cell of `last` left open mid-sentence, in lower case (`hospitals` under
 * `Of roads and railways as well as schools and`). A row with a blank stub
 * whose cells hold figures or open in capitals is a row of its own.
 */
function carriesOn(last: readonly Cell[], row: readonly Cell[]): boolean {
  if (row.length !== last.length || row.some((c) => (c.colspan ?? 1) !== 1) || spansText(row[0]!.spans).trim() !== '') return false;
  const filled = row.map((c, k) => [spansText(c.spans).trim(), spansText(last[k]!.spans).trim()] as const).filter(([t]) => t !== '');
  return filled.length > 0 && filled.every(([t, above]) => /^\p{Ll}/u.test(t) && /\p{L}$/u.test(above) && !CLOSED.test(above));
}

/** `last` with the text of `rest` (the rest of its cells, carried over a page break) added to its cells. */
function joinRow(last: readonly Cell[], rest: readonly Cell[]): Cell[] {
  return last.map((c, k) => {
    const more = rest[k]!.spans.filter((s) => s.text.trim() !== '');
    if (!more.length) return c;
    return { ...c, spans: [...c.spans, { ...more[0]!, text: ` ${more[0]!.text.trimStart()}` }, ...more.slice(1)] };
  });
}

/**
 * `head` with `next`'s rows appended, minus `next`'s leading rows that
 * repeat `head`'s header; a first row that carries on `head`'s last row
 * (carriesOn) is joined to it.
 */
function merge(head: TableBlock, next: TableBlock): TableBlock {
  const rest = next.rows.slice(repeatedHeader(head, next));
  const last = head.rows.at(-1);
  // Provenance stays on the first page: the model has one page per block.
  // A head of one row has only its header: nothing for a page break to have cut.
  if (!last || !rest[0] || head.rows.length === 1 || !carriesOn(last, rest[0])) return { ...head, rows: [...head.rows, ...rest] };
  return { ...head, rows: [...head.rows.slice(0, -1), joinRow(last, rest[0]), ...rest.slice(1)] };
}

function replace(page: Page, from: Block, to: Block | null): Page {
  const blocks = to ? page.blocks.map((b) => (b === from ? to : b)) : page.blocks.filter((b) => b !== from);
  return { ...page, blocks };
}

/** Points a table in the next layout column may start left of the previous table's right edge (a rule drawn past it). */
const COLUMN_OVERLAP_PT = 5;

/**
 * Whether `next` continues `head` in the next layout column of the same
 * page: it follows directly in reading order, sits to the right and starts
 * higher up. A continuation repeats the header row or starts with body rows;
 * a table that opens with a header row of its own is another table.
 */
function continuesInNextColumn(head: TableBlock, next: TableBlock): boolean {
  const a = head.prov.box, b = next.prov.box;
  if (b.x0 < a.x1 - COLUMN_OVERLAP_PT || b.y0 >= a.y0 || columnCount(head) !== columnCount(next)) return false;
  return repeatedHeader(head, next) > 0 || !opensWithHeader(head, next);
}

/**
 * Whether `label`, a paragraph between `head` at a layout column's foot and
 * its continuation, is a row-group label whose rows go on in the next column
 * (`Over 65` under the last row): one line set at the table's left edge,
 * no wider than a column's share of the table, within a row's gap below it.
 */
function groupLabel(head: TableBlock, label: Block, em: number): label is Extract<Block, { kind: 'paragraph' }> {
  if (label.kind !== 'paragraph' || (label.lines && label.lines.length !== 1)) return false;
  const t = head.prov.box, b = label.prov.box;
  const height = b.y1 - b.y0;
  return b.y0 >= t.y1 - height && b.y0 - t.y1 <= REGION_GAP_LINES * height && Math.abs(b.x0 - t.x0) <= X_TOLERANCE_EM * em
    && b.x1 - b.x0 <= (t.x1 - t.x0) / columnCount(head);
}

/** `head` with a row holding `label`'s text in its first cell. */
function withLabelRow(head: TableBlock, label: Extract<Block, { kind: 'paragraph' }>): TableBlock {
  const row: Cell[] = [{ spans: label.spans }, ...Array.from({ length: columnCount(head) - 1 }, (): Cell => ({ spans: [] }))];
  return { ...head, rows: [...head.rows, row] };
}

/** Merges tables that run from the foot of one layout column to the top of the next, with a row-group label left between them. */
function joinColumns(page: Page): Page {
  const blocks: Block[] = [];
  // The page's em, found only for a label between two tables: sorting every page's runs for it cost more than the stage's work.
  let em: number | undefined;
  for (const b of page.blocks) {
    const prev = blocks.at(-1);
    const head = blocks.length >= 2 ? blocks[blocks.length - 2] : undefined; // the block before prev, without copying the list per block
    if (prev?.kind === 'table' && b.kind === 'table' && continuesInNextColumn(prev, b)) blocks[blocks.length - 1] = merge(prev, b);
    else if (head?.kind === 'table' && prev && b.kind === 'table' && groupLabel(head, prev, (em ??= pageEm(page))) && continuesInNextColumn(head, b)) {
      blocks.pop();
      blocks[blocks.length - 1] = merge(withLabelRow(head, prev), b);
    } else blocks.push(b);
  }
  return blocks.length === page.blocks.length ? page : { ...page, blocks };
}

/** Merges tables continued across page breaks and layout columns. Pure: returns a new Doc. */
export const joinTables: Stage = {
  name: 'joinTables',
  run(doc, cfg) {
    const pages = doc.pages.map(joinColumns);
    if (cfg.tablesAcrossPages === 'keep') return { ...doc, pages };
    // `open` is the table that may continue on the next page, and where it lives.
    let open: { table: TableBlock; page: number } | null = null;
    for (let i = 0; i < pages.length; i++) {
      const page = pages[i]!;
      const first: TableBlock | null = open ? firstTable(page) : null;
      if (open && first && continues(open.table, first, pageEm(page))) {
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
