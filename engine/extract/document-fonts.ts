/**
 * Font names and styles of one document. pdf.js sends a font's name (the
 * main signal for bold, italic and monospace) only with an operator list,
 * which costs as much as the page's text. So a page's new fonts are not
 * fetched on the spot: they stay pending, many are resolved for free when a
 * later page builds its operator list anyway (for table rules), and `settle`
 * fetches lists only for the pages that introduced the fonts still pending.
 */
import type { PDFDocumentProxy, PDFPageProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';
import type { TextItem, TextStyle } from 'pdfjs-dist/types/src/display/api.js';
import type { Page, TextRun } from '../model.ts';
import { inferFontStyle, type FontStyle } from './font-style.ts';

/**
 * A font's name and the style flags inferred from it; `unmapped` for a font
 * whose glyphs have no text (glyph-ordinals.ts): runs in it are marked so.
 */
export type ResolvedFont = FontStyle & { name: string; unmapped?: true };

type LoadedFont = { name?: string; bold?: boolean; italic?: boolean; isMonospace?: boolean };

/**
 * Text whose font's name matters: letters and digits (bold or italic on a bullet, an arrow or a control
 * picture changes nothing), and printable ASCII signs, which a non-embedded ZapfDingbats shows for its
 * dingbats ('+' for ☞: dingbats.ts reads them by the font's name).
 */
const NAME_MATTERS = /[\p{L}\p{N}!-~]/u;

function loadedFont(page: PDFPageProxy, id: string): LoadedFont | null {
  try {
    return page.commonObjs.has(id) ? (page.commonObjs.get(id) as LoadedFont) : null;
  } catch {
    return null;
  }
}

/** The fonts of one document (pdf.js font ids are document-wide). */
export class DocumentFonts {
  private readonly resolved = new Map<string, ResolvedFont>();
  /** Fonts that set letters, digits or ASCII signs but whose names have not arrived: id → first page using them. */
  private readonly pending = new Map<string, number>();
  /** Fonts seen but not resolved, symbol-only ones included: resolved whenever an operator list brings them. */
  private readonly unknown = new Set<string>();
  /** Generic family (serif, sans-serif, monospace) of each font, from the text content. */
  private readonly families = new Map<string, string | undefined>();

  /** Records the fonts a page's text uses: resolves those pdf.js has already sent, leaves the rest pending. */
  notePage(page: PDFPageProxy, number: number, items: readonly TextItem[], styles: Record<string, TextStyle>): void {
    for (const item of items) {
      const id = item.fontName;
      if (this.resolved.has(id)) continue;
      if (!this.families.has(id)) this.families.set(id, styles[id]?.fontFamily);
      if (this.resolveFrom(page, id)) continue;
      this.unknown.add(id);
      if (!this.pending.has(id) && NAME_MATTERS.test(item.str)) this.pending.set(id, number);
    }
  }

  /** Resolves the fonts an operator list of `page` has just delivered. */
  collect(page: PDFPageProxy): void {
    for (const id of this.unknown) this.resolveFrom(page, id);
  }

  /** The style runs in font `id` get now: the resolved one, or what the generic family tells. */
  style(id: string): ResolvedFont {
    return this.resolved.get(id) ?? { name: id, bold: false, italic: false, monospace: this.families.get(id) === 'monospace' };
  }

  /**
   * Fetches operator lists for the pages that introduced fonts still pending,
   * then restyles the runs that were given a provisional style.
   */
  async settle(pdf: PDFDocumentProxy, pages: readonly Page[]): Promise<void> {
    while (this.pending.size > 0) {
      const [id, number] = this.pending.entries().next().value as [string, number];
      let page: PDFPageProxy | null = null;
      try {
        page = await pdf.getPage(number);
        await page.getOperatorList();
        this.collect(page);
      } catch {
        // A page whose operator list fails leaves its fonts known by id only.
      } finally {
        page?.cleanup();
      }
      if (this.pending.has(id)) this.record(id, this.style(id));
    }
    for (const page of pages) this.restyle(page.runs);
  }

  /** True if some run still has a provisional style that a resolved or pending font would change. */
  hasProvisional(runs: readonly TextRun[]): boolean {
    return runs.some((run) => {
      const font = this.resolved.get(run.fontName);
      return this.pending.has(run.fontName) || (font !== undefined && font.name !== run.fontName);
    });
  }

  /** Gives runs styled provisionally the style of their font, where it has been resolved since. */
  restyle(runs: readonly TextRun[]): void {
    for (const run of runs) {
      const font = this.resolved.get(run.fontName);
      if (font && font.name !== run.fontName) Object.assign(run, { fontName: font.name, bold: font.bold, italic: font.italic, monospace: font.monospace });
    }
  }

  private resolveFrom(page: PDFPageProxy, id: string): boolean {
    const f = loadedFont(page, id);
    if (!f) return false;
    const name = f.name ?? id;
    const flags = { bold: f.bold, italic: f.italic, monospace: f.isMonospace, family: this.families.get(id) };
    this.record(id, { name, ...inferFontStyle(name, flags) });
    return true;
  }

  private record(id: string, font: ResolvedFont): void {
    this.resolved.set(id, font);
    this.pending.delete(id);
    this.unknown.delete(id);
  }
}
