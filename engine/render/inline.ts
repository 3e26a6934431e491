/**
 * Spans → inline Markdown: emphasis, inline code, links and escaping of the
 * characters that would otherwise change the Markdown's meaning.
 */
import type { Span } from '../model.ts';

/** A character {@link escapeInline} escapes. */
const INLINE_SPECIAL = /[\\`*_[\]<>|]/;

/** Escapes inline Markdown punctuation in plain text. */
export function escapeInline(text: string): string {
  // Most text has nothing to escape: one test spares it the two replacements.
  if (!INLINE_SPECIAL.test(text)) return text;
  return text
    // Pipes too: an unescaped pipe can turn consecutive lines into a table.
    .replace(/([\\`*_[\]<>|])/g, '\\$1')
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
  const longest = text.includes('`') ? Math.max(0, ...[...text.matchAll(/`+/g)].map((m) => m[0].length)) : 0;
  const fence = '`'.repeat(longest + 1);
  const pad = text.startsWith('`') || text.endsWith('`') ? ' ' : '';
  return `${fence}${pad}${text}${pad}${fence}`;
}

function sameStyle(a: Span, b: Span): boolean {
  if (a.note !== undefined || b.note !== undefined) return false;
  return !!a.bold === !!b.bold && !!a.italic === !!b.italic && !!a.code === !!b.code && a.href === b.href && a.script === b.script;
}

function atom(s: Span, core: string): string {
  if (s.note !== undefined) return `[^${s.note}]`;
  // A script is HTML (GFM renders <sup>/<sub>); a code span inside it would show its backticks' content literally anyway.
  const md = s.script ? `<${s.script}>${escapeInline(core)}</${s.script}>` : s.code ? codeSpan(core) : escapeInline(core);
  return s.href ? `[${md}](${s.href.replace(/[()\s]/g, (c) => encodeURIComponent(c))})` : md;
}

/**
 * Emits emphasis markers only where bold/italic change, italic nested inside
 * bold, and keeps markers against the text (whitespace moves outside them),
 * so mixed runs like bold "--katex[=" + bold-italic "URL" stay valid Markdown.
 */
function emphasise(spans: Span[]): string {
  let out = '', ws = '';
  let bold = false, italic = false;
  for (let i = 0; i < spans.length; i++) {
    const s = spans[i]!;
    const core = s.text.trim();
    if (core === '') { ws += s.text; continue; }
    const lead = s.text.slice(0, s.text.indexOf(core));
    const wantB = !!s.bold, wantI = !!s.italic;
    if (italic && (!wantI || wantB !== bold)) { out += '*'; italic = false; }
    if (bold && !wantB) { out += '**'; bold = false; }
    out += ws + lead;
    if (wantB && !bold) { out += '**'; bold = true; }
    if (wantI && !italic) { out += '*'; italic = true; }
    out += atom(s, core);
    ws = s.text.slice(lead.length + core.length);
  }
  if (italic) out += '*';
  if (bold) out += '**';
  return out + ws;
}

/**
 * Merges adjacent spans that share a style, so emphasis markers are not
 * repeated; each span's newlines (and the spacing around them) become one
 * space first. Every span of the document comes through here, and most hold
 * no newline: their text is kept as it is.
 */
function mergeLines(spans: Span[]): Span[] {
  const out: Span[] = [];
  let last: Span | undefined;
  for (let i = 0; i < spans.length; i++) {
    const s = spans[i]!;
    const text = s.text.includes('\n') ? s.text.replace(/\s*\n\s*/g, ' ') : s.text;
    if (last && sameStyle(last, s)) last.text += text; // `last` is this function's own copy
    // Every copy has one shape (absent styles undefined), so the renderer below reads one kind of object.
    else out.push(last = { text, bold: s.bold, italic: s.italic, code: s.code, href: s.href, script: s.script, note: s.note });
  }
  return out;
}

/** Spacing that renders as one space: a tab, or spaces after a space. */
const WIDE_SPACE = /\t| {2}/;

/** Renders spans as one line of inline Markdown (newlines become spaces). */
export function renderInline(spans: Span[]): string {
  const md = emphasise(mergeLines(spans));
  // Collapsing spacing only where some is wide: most lines have none.
  return escapeLineStart((WIDE_SPACE.test(md) ? md.replace(/[ \t]+/g, ' ') : md).trim());
}
