/**
 * Table block → Markdown. A GFM pipe table when no cell spans, since that is
 * what readers and diff tools expect; an HTML table otherwise, because pipe
 * tables cannot express colspan/rowspan.
 */
import type { Cell, Span } from '../model.ts';
import type { TableBlock } from './table-parts.ts';
import { maxOf } from '../numbers.ts';

/** One span as inline Markdown; pipes are escaped because every cell lives inside a pipe row. */
function spanMarkdown(s: Span): string {
  const text = s.text.replace(/\s+/g, ' ');
  if (!text.trim()) return text;
  const lead = text.match(/^\s*/)![0];
  const trail = text.match(/\s*$/)![0];
  let core = text.trim();
  if (s.code) {
    const ticks = core.includes('`') ? '``' : '`';
    core = `${ticks}${core.includes('`') ? ` ${core} ` : core}${ticks}`;
  } else {
    core = core.replace(/([\\*_`[\]<])/g, '\\$1');
    if (s.bold && s.italic) core = `***${core}***`;
    else if (s.bold) core = `**${core}**`;
    else if (s.italic) core = `*${core}*`;
    if (s.href) core = `[${core}](${s.href})`;
  }
  return lead + core.replace(/\|/g, '\\|') + trail;
}

function cellMarkdown(c: Cell | undefined): string {
  // A header cell is emphasised by being the header; bold on top of that is noise.
  const spans = (c?.spans ?? []).map((s) => (c?.header ? { ...s, bold: false } : s));
  return spans.map(spanMarkdown).join('').trim();
}

function escapeHtml(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

function cellHtml(c: Cell): string {
  const tag = c.header ? 'th' : 'td';
  const attrs = (c.colspan && c.colspan > 1 ? ` colspan="${c.colspan}"` : '')
    + (c.rowspan && c.rowspan > 1 ? ` rowspan="${c.rowspan}"` : '');
  const text = c.spans.map((s) => {
    const t = escapeHtml(s.text.replace(/\s+/g, ' '));
    if (s.code) return `<code>${t}</code>`;
    if (s.bold) return `<strong>${t}</strong>`;
    return s.italic ? `<em>${t}</em>` : t;
  }).join('').trim();
  return `<${tag}${attrs}>${text}</${tag}>`;
}

function hasSpans(rows: readonly Cell[][]): boolean {
  return rows.some((r) => r.some((c) => (c.colspan ?? 1) > 1 || (c.rowspan ?? 1) > 1));
}

function pipeRow(cells: readonly string[]): string {
  return `| ${cells.join(' | ')} |`;
}

function gfm(rows: readonly Cell[][]): string {
  const width = maxOf(rows.map((r) => r.length));
  const texts = rows.map((r) => Array.from({ length: width }, (_, i) => cellMarkdown(r[i])));
  // Without a detected header row, an empty one keeps every data row a data row.
  const headed = rows[0]?.some((c) => c.header) ?? false;
  const header = headed ? texts[0]! : Array<string>(width).fill('');
  const body = headed ? texts.slice(1) : texts;
  return [pipeRow(header), pipeRow(Array<string>(width).fill('---')), ...body.map(pipeRow)].join('\n');
}

/**
 * Renders a table block: GFM pipe table without spans (cells on one line,
 * `|` escaped), HTML `<table>` with colspan/rowspan otherwise. Returns ''
 * for a table with no rows.
 */
export function renderTable(block: TableBlock): string {
  const rows = block.rows.filter((r) => r.length > 0);
  if (!rows.length) return '';
  if (!hasSpans(rows)) return gfm(rows);
  const trs = rows.map((r) => `<tr>${r.map(cellHtml).join('')}</tr>`);
  return ['<table>', ...trs, '</table>'].join('\n');
}
