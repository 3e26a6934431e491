/**
 * Long tables that a producer breaks over several pages (issue 24,
 * `tables_across_pages`), with exact truth: every body row carries a unique
 * key in its first cell, so a reader can check that each row arrives exactly
 * once. Chromium repeats a `<thead>` on every printed page; with
 * `repeatHeader: false` the header is an ordinary first row that prints once.
 * A `pair` is two different tables that merely sit on consecutive pages.
 */
import { rng } from './random.ts';
import { BASE_CSS, STYLE_CSS } from './table-html.ts';
import type { Style } from './table-model.ts';
import { HEADS, STUBS, numberText } from './words.ts';

/** One long table: its header cells and body rows, as the page shows them. */
export type LongTable = { header: string[]; rows: string[][] };

/** What to generate: `rows` body rows in `cols` columns, in a rule style, header repeated on each page or not. */
export type LongTableSpec = { seed: number; rows: number; cols: number; style: Style; repeatHeader: boolean };

/** Row key of body row `i` (1-based): unique, so a lost or doubled row shows. */
export const rowKey = (i: number): string => `K${String(i).padStart(3, '0')}`;

/** A table of `spec.rows` keyed rows: key, a stub label, then numbers. */
export function longTable(spec: LongTableSpec): LongTable {
  const r = rng(spec.seed);
  const header = ['Key', 'Item', ...Array.from({ length: spec.cols - 2 }, (_, k) => HEADS[(k * 5 + spec.seed) % HEADS.length]!)];
  const rows = Array.from({ length: spec.rows }, (_, i) => [rowKey(i + 1), r.pick(STUBS),
    ...Array.from({ length: spec.cols - 2 }, () => numberText(r, { signed: true, marks: false }))]);
  return { header, rows };
}

const esc = (s: string): string => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const cells = (tag: 'td' | 'th', row: readonly string[]): string =>
  row.map((c, k) => `<${tag}${tag === 'td' && k > 1 ? ' class="num"' : ''} style="padding:2pt 7pt">${esc(c)}</${tag}>`).join('');

/** The table's HTML; without a repeated header the header row sits in the body and prints once. */
export function longTableHtml(t: LongTable, style: Style, repeatHeader: boolean): string {
  const head = `<tr>${cells('th', t.header)}</tr>`;
  const body = t.rows.map((row) => `<tr>${cells('td', row)}</tr>`).join('');
  return repeatHeader
    ? `<table class="${style}"><thead>${head}</thead><tbody>${body}</tbody></table>`
    : `<table class="${style}"><tbody>${head}${body}</tbody></table>`;
}

/** A page of prose around tables, in the generator's print CSS; long tables may break across pages. */
export function longTablePage(body: string): string {
  return `<!doctype html><html><head><meta charset="utf-8"><style>${BASE_CSS}
table { break-inside: auto } tr { break-inside: avoid }
${Object.values(STYLE_CSS).join('\n')}
body { font-family: 'DejaVu Sans'; font-size: 9pt; line-height: 1.3 }</style></head>
<body><p>The figures below were collected over the year and are listed by key.</p>${body}<p>End of the listing.</p></body></html>`;
}

/** One long table on its own pages. */
export function longTableCase(spec: LongTableSpec): { html: string; table: LongTable } {
  const table = longTable(spec);
  return { html: longTablePage(longTableHtml(table, spec.style, spec.repeatHeader)), table };
}

/**
 * Two different tables with the same column count, the first ending its page
 * and the second opening the next, each with its own header: they must stay
 * two tables.
 */
export function consecutiveTablesCase(seed: number, style: Style): { html: string; tables: [LongTable, LongTable] } {
  const a = longTable({ seed, rows: 6, cols: 4, style, repeatHeader: true });
  const b = longTable({ seed: seed + 1, rows: 6, cols: 4, style, repeatHeader: true });
  b.header = ['Code', 'Region', 'Budget', 'Actual'];
  b.rows = b.rows.map((row, i) => [`Z${String(i + 1).padStart(3, '0')}`, ...row.slice(1)]);
  const html = longTablePage(`${longTableHtml(a, style, true)}<div style="break-after:page"></div>${longTableHtml(b, style, true)}`);
  return { html, tables: [a, b] };
}
