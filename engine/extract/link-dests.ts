/**
 * Links to a place in the document (issue 24): the reader leaves a
 * placeholder href (`p2m-dest:name:…` or `p2m-dest:json:…`, links.ts) on the
 * runs they cover; here the page reader's backend resolves each to a page and a height
 * (`p2m-dest:@<page>:<y>`, y in top-left page space), or the href goes. The
 * stage internal-links.ts later turns the position into a heading's anchor.
 */
import type { PDFDocumentProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';
import type { Page, TextRun } from '../model.ts';
import { DEST_PREFIX } from './links.ts';

/** Destinations one document may resolve (each may cost pdf.js a name-tree walk). */
const MAX_DESTS = 2_000;

/** A destination's page and view top (PDF space), or null when it leads nowhere. */
export type Resolved = { page: number; top: number | null } | null;

/** pdf.js's resolution of a destination key (the pdf.js backend's; the direct backend resolves from the objects). */
export async function pdfjsDestination(pdf: PDFDocumentProxy, key: string): Promise<Resolved> {
  try {
    const dest = key.startsWith('name:') ? await pdf.getDestination(key.slice(5)) : (JSON.parse(key.slice(5)) as unknown[]);
    if (!Array.isArray(dest) || dest.length < 2) return null;
    const [target, zoom, ...args] = dest as [unknown, { name?: string } | undefined, ...unknown[]];
    const index = typeof target === 'number' ? target : await pdf.getPageIndex(target as { num: number; gen: number });
    // XYZ left top zoom; FitH/FitBH top: where on the page the view starts. Other modes show the whole page.
    const top = zoom?.name === 'XYZ' ? args[1] : zoom?.name === 'FitH' || zoom?.name === 'FitBH' ? args[0] : null;
    return { page: index + 1, top: typeof top === 'number' ? top : null };
  } catch {
    return null;
  }
}

/** The runs' placeholder hrefs resolved to page positions, or removed where they cannot be. */
export async function resolveLinkDests(resolve: (key: string) => Promise<Resolved>, pages: Page[]): Promise<Page[]> {
  const keys = new Set<string>();
  for (let i = 0; i < pages.length; i++) {
    const p = pages[i]!;
    for (let k = 0; k < p.runs.length; k++) {
      const r = p.runs[k]!;
      if (r.href?.startsWith(DEST_PREFIX)) keys.add(r.href.slice(DEST_PREFIX.length));
    }
  }
  if (keys.size === 0) return pages;
  const heights = new Map(pages.map((p) => [p.number, p.height]));
  const hrefs = new Map<string, string | undefined>();
  for (const key of [...keys].slice(0, MAX_DESTS)) {
    const at = await resolve(key).catch(() => null);
    const height = at ? heights.get(at.page) : undefined;
    // Only pages being converted can hold the target; top is in PDF space (bottom-left origin).
    hrefs.set(key, at && height !== undefined ? `${DEST_PREFIX}@${at.page}:${at.top === null ? 0 : Math.max(0, height - at.top)}` : undefined);
  }
  const fix = (r: TextRun): TextRun => {
    if (!r.href?.startsWith(DEST_PREFIX)) return r;
    const href = hrefs.get(r.href.slice(DEST_PREFIX.length));
    if (href) return { ...r, href };
    const { href: _, ...rest } = r;
    return rest;
  };
  return pages.map((p) => ({ ...p, runs: p.runs.map(fix) }));
}
