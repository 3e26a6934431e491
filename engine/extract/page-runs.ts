/**
 * Text layer → TextRun[] for one page, in page space with a top-left origin.
 * Font names come from pdf.js's commonObjs, which are only filled once a page's
 * operator list has been built, so the operator list is fetched only for pages
 * that set letters or digits in a font the document has not resolved yet.
 */
import type { PDFPageProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';
import type { TextItem, TextStyle } from 'pdfjs-dist/types/src/display/api.js';
import type { TextRun } from '../model.ts';
import { inferFontStyle, type FontStyle } from './font-style.ts';
import { normaliseText } from './normalise-text.ts';
import { structRoles } from './struct-roles.ts';

type Matrix = [number, number, number, number, number, number];

/** Resolved font info, shared across pages of one document (pdf.js font ids are document-wide). */
export type FontCache = Map<string, FontStyle & { name: string }>;

type LoadedFont = { name?: string; bold?: boolean; italic?: boolean; isMonospace?: boolean };

function multiply(m: Matrix, n: number[]): Matrix {
  const [a = 0, b = 0, c = 0, d = 0, e = 0, f = 0] = n;
  return [
    m[0] * a + m[2] * b, m[1] * a + m[3] * b,
    m[0] * c + m[2] * d, m[1] * c + m[3] * d,
    m[0] * e + m[2] * f + m[4], m[1] * e + m[3] * f + m[5],
  ];
}

function commonFont(page: PDFPageProxy, id: string): LoadedFont | null {
  try {
    return page.commonObjs.has(id) ? (page.commonObjs.get(id) as LoadedFont) : null;
  } catch {
    return null;
  }
}

/** Text a font's weight or slant can matter for: bold or italic on a bullet, an arrow or a control picture changes nothing. */
const WORDY = /[\p{L}\p{N}]/u;

/**
 * Caches the style of every font the page uses that the document has not
 * resolved yet. A font that sets only symbols on this page is not worth an
 * operator list: it gets no cache entry, so its runs take the style the text
 * content implies, and a later page that sets letters in it resolves it.
 */
async function resolveFonts(page: PDFPageProxy, items: readonly TextItem[], styles: Record<string, TextStyle>, cache: FontCache): Promise<void> {
  const missing = [...new Set(items.map((i) => i.fontName))].filter((id) => !cache.has(id));
  if (missing.length === 0) return;
  const needed = new Set(missing.filter((id) => items.some((i) => i.fontName === id && WORDY.test(i.str))));
  if ([...needed].some((id) => commonFont(page, id) === null)) {
    // Fonts reach commonObjs only through the operator list; failures leave names unknown.
    // pdf.js keeps the list until page.cleanup(), so extractRules reuses it rather than fetching again.
    await page.getOperatorList().catch(() => undefined);
  }
  for (const id of missing) {
    const f = commonFont(page, id);
    if (!f && !needed.has(id)) continue;
    const name = f?.name ?? id;
    const family = styles[id]?.fontFamily;
    cache.set(id, { name, ...inferFontStyle(name, { bold: f?.bold, italic: f?.italic, monospace: f?.isMonospace, family }) });
  }
}

/** The style of a font the document has not resolved: only what the text content tells (its generic family). */
function unresolved(id: string, style: TextStyle | undefined): FontStyle & { name: string } {
  return { name: id, bold: false, italic: false, monospace: style?.fontFamily === 'monospace' };
}

function toRun(item: TextItem, vt: Matrix, style: TextStyle | undefined, font: FontStyle & { name: string }): TextRun | null {
  const text = normaliseText(item.str);
  if (text.trim() === '') return null;
  const m = multiply(vt, item.transform);
  const size = Math.hypot(m[2], m[3]) || Math.hypot(m[0], m[1]) || 1;
  const ascent = style && style.ascent > 0 ? style.ascent : 0.8;
  const descent = style && style.descent < 0 ? -style.descent : 0.2;
  const vertical = style?.vertical === true;
  let box;
  if (vertical) {
    // Vertical text: pdf.js reports the advance as height; the column is one em wide.
    box = { x0: m[4] - size / 2, y0: m[5], x1: m[4] + size / 2, y1: m[5] + Math.max(item.height, size) };
  } else {
    // Rotated text keeps its origin; its width is measured along the baseline.
    const cos = m[0] / (Math.hypot(m[0], m[1]) || 1);
    const w = item.width * (Math.abs(cos) > 0.5 ? 1 : 0) || item.width;
    box = { x0: m[4], y0: m[5] - ascent * size, x1: m[4] + w, y1: m[5] + descent * size };
  }
  const dir: TextRun['dir'] = vertical ? 'ttb' : item.dir === 'rtl' ? 'rtl' : 'ltr';
  return { text, box, fontName: font.name, fontSize: Math.round(size * 100) / 100, bold: font.bold, italic: font.italic, monospace: font.monospace, dir };
}

type MarkedItem = { type: string; id?: string | null };

/** Extracts the text runs of one page, resolving font names through the shared cache. */
export async function extractPageRuns(page: PDFPageProxy, cache: FontCache): Promise<TextRun[]> {
  const content = await page.getTextContent({ includeMarkedContent: true });
  const items = content.items.filter((it): it is TextItem => 'str' in it);
  await resolveFonts(page, items, content.styles, cache);
  // Only tagged pages carry marked-content ids; only they pay for the structure tree.
  const tagged = content.items.some((it) => !('str' in it) && (it as MarkedItem).id);
  const roles = tagged ? await structRoles(page) : new Map<string, string>();
  const vt = page.getViewport({ scale: 1 }).transform as Matrix;
  const runs: TextRun[] = [];
  const stack: (string | undefined)[] = [];
  for (const item of content.items) {
    if (!('str' in item)) {
      const m = item as MarkedItem;
      if (m.type === 'endMarkedContent') stack.pop();
      else stack.push((m.id ? roles.get(m.id) : undefined) ?? stack.at(-1));
      continue;
    }
    const font = cache.get(item.fontName) ?? unresolved(item.fontName, content.styles[item.fontName]);
    const run = toRun(item, vt, content.styles[item.fontName], font);
    const role = stack.at(-1);
    if (run) runs.push(role ? { ...run, role } : run);
  }
  return runs;
}
