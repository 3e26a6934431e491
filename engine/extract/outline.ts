/**
 * The document outline (bookmarks), flattened with nesting levels. Page numbers
 * are resolved when the destination allows it; a broken outline is no outline.
 */
import type { PDFDocumentProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';
import type { DocSignals } from '../model.ts';

type OutlineNode = { title: string; dest: unknown; items: OutlineNode[] };

/** Caps the walk so a cyclic or enormous outline cannot stall conversion. */
const MAX_ENTRIES = 5000;

async function pageOf(doc: PDFDocumentProxy, dest: unknown): Promise<number | undefined> {
  try {
    const explicit = typeof dest === 'string' ? await doc.getDestination(dest) : dest;
    if (!Array.isArray(explicit) || explicit[0] === undefined) return undefined;
    const ref = explicit[0] as unknown;
    if (typeof ref === 'number') return ref + 1;
    return (await doc.getPageIndex(ref as Parameters<PDFDocumentProxy['getPageIndex']>[0])) + 1;
  } catch {
    return undefined;
  }
}

/** Reads the outline as a flat list in document order. */
export async function extractOutline(doc: PDFDocumentProxy): Promise<DocSignals['outline']> {
  let roots: OutlineNode[] | null;
  try {
    roots = (await doc.getOutline()) as OutlineNode[] | null;
  } catch {
    return [];
  }
  const out: DocSignals['outline'] = [];
  const walk = async (nodes: OutlineNode[], level: number): Promise<void> => {
    for (const n of nodes) {
      if (out.length >= MAX_ENTRIES) return;
      out.push({ title: (n.title ?? '').trim(), level, page: await pageOf(doc, n.dest) });
      if (n.items?.length) await walk(n.items, level + 1);
    }
  };
  await walk(roots ?? [], 1);
  return out;
}
