/**
 * Spans → inline Markdown: emphasis, inline code, links and escaping of the
 * characters that would otherwise change the Markdown's meaning.
 */
import type { Span } from '../model.ts';

/** Escapes inline Markdown punctuation in plain text. */
export function escapeInline(text: string): string {
  return text
    .replace(/([\\`*_[\]<>])/g, '\\$1')
    // Only an underscore inside a word is harmless in GFM; keep those readable.
    .replace(/(\w)\\_(?=\w)/g, '$1_');
}

/** Escapes what would start a block construct at the beginning of a line. */
export function escapeLineStart(text: string): string {
  return text
    .replace(/^(\s*)(#{1,6}(?=\s|$)|>|[-+*](?=\s)|=+\s*$|-{3,}\s*$)/, '$1\\$2')
    .replace(/^(\s*\d{1,9})([.)])(?=\s|$)/, '$1\\$2');
}

function codeSpan(text: string): string {
  const longest = Math.max(0, ...[...text.matchAll(/`+/g)].map((m) => m[0].length));
  const fence = '`'.repeat(longest + 1);
  const pad = text.startsWith('`') || text.endsWith('`') ? ' ' : '';
  return `${fence}${pad}${text}${pad}${fence}`;
}

function sameStyle(a: Span, b: Span): boolean {
  return !!a.bold === !!b.bold && !!a.italic === !!b.italic && !!a.code === !!b.code && a.href === b.href;
}

/** Merges adjacent spans that share a style, so emphasis markers are not repeated. */
export function mergeSpans(spans: Span[]): Span[] {
  const out: Span[] = [];
  for (const s of spans) {
    const last = out.at(-1);
    if (last && sameStyle(last, s)) out[out.length - 1] = { ...last, text: last.text + s.text };
    else out.push({ ...s });
  }
  return out;
}

function styled(s: Span): string {
  const core = s.text.trim();
  if (core === '') return s.text;
  const lead = s.text.slice(0, s.text.indexOf(core));
  const trail = s.text.slice(lead.length + core.length);
  let md = s.code ? codeSpan(core) : escapeInline(core);
  if (!s.code && s.italic) md = `*${md}*`;
  if (!s.code && s.bold) md = `**${md}**`;
  if (s.href) md = `[${md}](${s.href.replace(/[()\s]/g, (c) => encodeURIComponent(c))})`;
  return lead + md + trail;
}

/** Renders spans as one line of inline Markdown (newlines become spaces). */
export function renderInline(spans: Span[]): string {
  const text = mergeSpans(spans.map((s) => ({ ...s, text: s.text.replace(/\s*\n\s*/g, ' ') })))
    .map(styled)
    .join('')
    .replace(/[ \t]+/g, ' ')
    .trim();
  return escapeLineStart(text);
}
