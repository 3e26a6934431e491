/**
 * The page reader owns the document. A chain of backends (backends/) reads
 * it: the document goes to the first backend that opens it, and a page that
 * backend cannot read goes to the next one, for that page alone; the page
 * after it is offered to the first backend again. So one page with a font the
 * direct reader does not know (a Type 3 font in a long manual) costs pdf.js
 * that page, not the rest of the document, and pdf.js is opened only when
 * some page, an OCR rendering or an unreadable link needs it
 * (backends/lazy-pdfjs.ts).
 */
import type { PDFPageProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';
import type { Page } from '../model.ts';
import type { Raster } from '../ocr/glyph-marks.ts';
import { EngineError, type TextReaderChoice, type TextReaderStats } from '../types.ts';
import { directBackend } from './backends/direct-backend.ts';
import { lazyPdfjs, type LazyPdfjs } from './backends/lazy-pdfjs.ts';
import type { BackendSpec, DocumentBackend, DocumentSource } from './backends/page-backend.ts';
import { pdfjsBackend } from './backends/pdfjs-backend.ts';
import { readDingbats } from './dingbats.ts';
import type { LinkArea } from './links.ts';
import type { Resolved } from './link-dests.ts';
import { looksLikePdf } from './open-document.ts';
import type { OutlineEntry } from './pdf-objects/outline.ts';

/**
 * The backends each choice tries, in order. The direct reader is fast but
 * refuses what it cannot reproduce exactly; pdf.js reads whatever pdf.js
 * opened, so it ends every chain.
 */
export const BACKEND_CHAINS: Record<TextReaderChoice, readonly BackendSpec[]> = {
  auto: [directBackend, pdfjsBackend],
  pdfjs: [pdfjsBackend],
};

/** How to open a reader: a chain name of BACKEND_CHAINS or the chain itself, and the document's password. */
export type ReaderOptions = { choice?: TextReaderChoice | readonly BackendSpec[]; password?: string };

function reason(err: unknown): string {
  return `${err instanceof Error ? err.name : 'Error'}: ${err instanceof Error ? err.message : String(err)}`.slice(0, 200);
}

/** One backend of the chain: opened on first need; `refused` once it refused the document. */
type Slot = { spec: BackendSpec; backend?: DocumentBackend; refused?: string; pages: Page[] };

/** Reads the pages of one document. */
export class PageReader {
  readonly stats: TextReaderStats;
  /** The conversion's pdf.js document, opened only on first use. */
  readonly pdfjs: LazyPdfjs;
  /** Pages in the document, as the backend that opened it counts them. */
  readonly pageCount: number;
  private readonly slots: Slot[];
  private readonly source: DocumentSource;
  /** The backend that opened the document (it gives the outline); null once closed. */
  private opener: DocumentBackend | null;

  private constructor(source: DocumentSource, slots: Slot[], primary: DocumentBackend, chain: string) {
    this.source = source;
    this.pdfjs = source.pdfjs;
    this.slots = slots;
    this.opener = primary;
    this.pageCount = primary.pageCount;
    const refused = slots.find((s) => s.refused !== undefined);
    this.stats = {
      direct: 0, pdfjs: 0, backend: primary.name,
      reason: refused ? `${refused.spec.name} refused the document: ${refused.refused}` : `first of ${chain}`,
      ...(refused ? { fallback: refused.refused } : {}),
    };
  }

  /**
   * Opens the document with the first backend of the chain that accepts it.
   * Throws EngineError (not_a_pdf, encrypted_pdf, malformed_pdf, no_pages)
   * when none does, with the last backend's reason.
   */
  static async open(data: Uint8Array, opts: ReaderOptions = {}): Promise<PageReader> {
    if (data.length === 0 || !looksLikePdf(data)) throw new EngineError('not_a_pdf', 'The input is not a PDF (no %PDF header).');
    const choice = opts.choice ?? 'auto';
    const chain = typeof choice === 'string' ? BACKEND_CHAINS[choice] : choice;
    const named = `${typeof choice === 'string' ? `textReader '${choice}': ` : ''}${chain.map((b) => b.name).join(' → ')}`;
    const source: DocumentSource = { data, password: opts.password, pdfjs: lazyPdfjs(data, opts.password) };
    const slots: Slot[] = chain.map((spec) => ({ spec, pages: [] }));
    for (const [i, slot] of slots.entries()) {
      try {
        slot.backend = await slot.spec.open(source);
        if (slot.backend.pageCount < 1) throw new EngineError('no_pages', 'The PDF has no pages.');
        return new PageReader(source, slots, slot.backend, named);
      } catch (err) {
        if (i === slots.length - 1) {
          await source.pdfjs.close();
          throw err;
        }
        slot.refused = reason(err);
      }
    }
    throw new Error('no page-reading backend in the chain');
  }

  /** The backend that opened the document; throws once the reader is closed. */
  private get primary(): DocumentBackend {
    if (!this.opener) throw new Error('the page reader is closed');
    return this.opener;
  }

  /** Reads page `n` (1-based): the first backend that can, from the one that opened the document on. */
  async read(n: number): Promise<Page> {
    const start = this.slots.findIndex((s) => s.backend === this.primary);
    for (let i = start; ; i++) {
      const slot = this.slots[i]!;
      const last = i === this.slots.length - 1;
      try {
        const backend = slot.backend ??= await slot.spec.open(this.source);
        return await this.readWith(slot, backend, n);
      } catch (err) {
        // The last backend's failure is the page's (convert() keeps its place empty); it still read it.
        if (last) {
          this.stats[slot.spec.name]++;
          throw err;
        }
        // Unsupported input, or a fault in this backend: the next one reads this page.
        this.stats.fallback ??= `page ${n}: ${reason(err)}`;
      }
    }
  }

  private async readWith(slot: Slot, backend: DocumentBackend, n: number): Promise<Page> {
    const page = await backend.page(n);
    this.stats[backend.name]++;
    slot.pages.push(page);
    return page;
  }

  /** The outline, from the backend that opened the document. */
  outline(): Promise<OutlineEntry[]> {
    return this.primary.outline();
  }

  /** Where a link's destination key leads, from the backend that opened the document. */
  destination(key: string): Promise<Resolved> {
    return this.primary.destination(key);
  }

  /** Page `n`'s links, from the backend that opened the document. */
  links(n: number): Promise<LinkArea[]> {
    return this.primary.links(n);
  }

  /**
   * Page `n`, the page read last, rendered for the OCR decision by the
   * backend that read it, when it can without pdf.js (a page of simple
   * images read by the direct reader); null otherwise.
   */
  raster(n: number): { image: Raster; scale: number } | null {
    const slot = this.slots.find((s) => s.backend && s.pages.at(-1)?.number === n);
    return slot?.backend?.raster?.(n) ?? null;
  }

  /** Runs `fn` on pdf.js's page `n` (OCR rendering, ink counts), opening pdf.js if it is not yet. */
  withPdfjsPage<T>(n: number, fn: (page: PDFPageProxy) => Promise<T>): Promise<T> {
    return this.pdfjs.withPage(n, fn);
  }

  /**
   * Lets every backend that read pages finish document-level work on them
   * (pdf.js: fonts it left provisional), then reads ZapfDingbats text as its
   * dingbats (dingbats.ts): only now is every run's font name final. The
   * pages must be those read (pages OCR replaced are restyled in place too).
   */
  async settle(pages: readonly Page[]): Promise<void> {
    for (const slot of this.slots) if (slot.backend && slot.pages.length > 0) await slot.backend.settle(slot.pages);
    readDingbats(pages);
  }

  /**
   * Releases every backend and pdf.js, and lets go of them: the reader
   * outlives the reading (convert() reports its stats after the stages), and
   * a backend kept reachable keeps the document's decoded streams, fonts and
   * object caches alive through the stages (about 100 MB on a 2,400-page manual).
   */
  async close(): Promise<void> {
    for (const slot of this.slots) {
      await slot.backend?.close().catch(() => undefined);
      slot.backend = undefined;
      slot.pages = [];
    }
    this.opener = null;
    await this.pdfjs.close();
  }
}
