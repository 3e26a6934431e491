/**
 * Table renderer: a GFM pipe table when the grid is simple (no spans), an HTML
 * table otherwise, since pipe tables cannot express colspan or rowspan.
 */
import type { Block, Cell } from '../model.ts';
import { renderInline } from './inline.ts';

type Table = Extract<Block, { kind: 'table' }>;

// renderInline already escapes pipes in text; code spans need theirs escaped for the table.
const cellText = (c: Cell) => {
  const md = renderInline(c.spans);
  return md.includes('|') ? md.replace(/(?<!\\)\|/g, '\\|') : md;
};

function escapeHtml(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

function renderPipe(rows: Cell[][]): string {
  const width = Math.max(1, ...rows.map((r) => r.length));
  const line = (r: Cell[]) => {
    const cells = Array.from({ length: width }, (_, i) => (r[i] ? cellText(r[i]) : ''));
    return `| ${cells.join(' | ')} |`;
  };
  const [head, ...body] = rows;
  const header = head && head.some((c) => c.header) ? head : null;
  const first = header ?? Array.from({ length: width }, () => ({ spans: [] }));
  const rest = header ? body : rows;
  return [line(first), `|${' --- |'.repeat(width)}`, ...rest.map(line)].join('\n');
}

function renderHtml(rows: Cell[][]): string {
  const tr = rows.map((r) => {
    const tds = r.map((c) => {
      const tag = c.header ? 'th' : 'td';
      const attrs = (c.colspan && c.colspan > 1 ? ` colspan="${c.colspan}"` : '') + (c.rowspan && c.rowspan > 1 ? ` rowspan="${c.rowspan}"` : '');
      return `<${tag}${attrs}>${escapeHtml(c.spans.map((s) => s.text).join('').trim())}</${tag}>`;
    });
    return `<tr>${tds.join('')}</tr>`;
  });
  return `<table>\n${tr.join('\n')}\n</table>`;
}

/** Pipe table if every cell is 1×1, else HTML. */
export function renderTable(b: Table): string {
  if (b.rows.length === 0) return '';
  const spans = b.rows.some((r) => r.some((c) => (c.colspan ?? 1) > 1 || (c.rowspan ?? 1) > 1));
  return spans ? renderHtml(b.rows) : renderPipe(b.rows);
}
