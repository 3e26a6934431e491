/**
 * Chooses how each page's text is read. A chain of backends (backends/) is
 * tried in order: the document goes to the first that opens it, and from the
 * first page a backend cannot read, that page and the rest of the document go
 * to the next. Falling back for the rest of the document, not just one page,
 * keeps every later page consistent and avoids paying twice on a document
 * whose fonts the direct reader does not know.
 */
import type { PDFDocumentProxy, PDFPageProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';
import type { Page } from '../model.ts';
import type { TextReaderChoice, TextReaderStats } from '../types.ts';
import { directBackend } from './backends/direct-backend.ts';
import type { BackendSpec, PageBackend } from './backends/page-backend.ts';
import { pdfjsBackend } from './backends/pdfjs-backend.ts';
import { linkReader, type LinkReader } from './links.ts';
import { readDingbats } from './dingbats.ts';

/**
 * The backends each choice tries, in order. The direct reader is fast but
 * refuses what it cannot reproduce exactly; pdf.js reads whatever pdf.js
 * opened, so it ends every chain.
 */
export const BACKEND_CHAINS: Record<TextReaderChoice, readonly BackendSpec[]> = {
  auto: [directBackend, pdfjsBackend],
  pdfjs: [pdfjsBackend],
};

function reason(err: unknown): string {
  return `${err instanceof Error ? err.name : 'Error'}: ${err instanceof Error ? err.message : String(err)}`.slice(0, 200);
}

/** Reads the pages of one document, in order. */
export class PageReader {
  private readonly data: Uint8Array;
  private readonly chain: readonly BackendSpec[];
  /** Position in `chain` of the backend reading now. */
  private at = -1;
  private current!: PageBackend;
  private readonly opened: PageBackend[] = [];
  private readonly links: LinkReader;
  readonly stats: TextReaderStats;

  /** `choice` names a chain of BACKEND_CHAINS, or is the chain itself. */
  constructor(data: Uint8Array, choice: TextReaderChoice | readonly BackendSpec[] = 'auto') {
    this.data = data;
    this.chain = typeof choice === 'string' ? BACKEND_CHAINS[choice] : choice;
    const chain = `${typeof choice === 'string' ? `textReader '${choice}': ` : ''}${this.chain.map((b) => b.name).join(' → ')}`;
    const refused = this.openNext();
    this.stats = {
      direct: 0, pdfjs: 0, backend: this.current.name,
      reason: refused ? `${refused.by} refused the document: ${refused.why}` : `first of ${chain}`,
      ...(refused ? { fallback: refused.why } : {}),
    };
    // Links are read from the same object index as the text when there is one, so the file is scanned once.
    this.links = linkReader(data, this.current.index);
  }

  /**
   * Opens the next backend of the chain that accepts the document; returns the
   * last refusal on the way. Throws when none is left, or the last one refuses.
   */
  private openNext(): { by: string; why: string } | undefined {
    let refused: { by: string; why: string } | undefined;
    for (;;) {
      const spec = this.chain[++this.at];
      if (!spec) throw new Error('no page-reading backend left');
      try {
        this.current = spec.open(this.data);
        this.opened.push(this.current);
        return refused;
      } catch (err) {
        if (this.at === this.chain.length - 1) throw err;
        refused = { by: spec.name, why: reason(err) };
      }
    }
  }

  /** Extracts page `number` (pdf.js page proxy `page`). */
  async read(page: PDFPageProxy, number: number): Promise<Page> {
    for (;;) {
      const backend = this.current;
      const last = this.at === this.chain.length - 1;
      try {
        const out = await backend.read(page, number, this.links);
        this.stats[backend.name]++;
        return out;
      } catch (err) {
        // The last backend's failure is the page's (convert() keeps its place empty); it still read it.
        if (last) {
          this.stats[backend.name]++;
          throw err;
        }
        // Unsupported input, or a fault in this backend: either way the next one reads the rest.
        this.stats.fallback = `page ${number}: ${reason(err)}`;
        this.openNext();
      }
    }
  }

  /**
   * Lets every backend that read pages finish document-level work (pdf.js:
   * fonts it left provisional), then reads ZapfDingbats text as its dingbats
   * (dingbats.ts): only now is every run's font name final.
   */
  async settle(pdf: PDFDocumentProxy, pages: readonly Page[]): Promise<void> {
    for (const backend of this.opened) await backend.settle(pdf, pages);
    readDingbats(pages);
  }
}
