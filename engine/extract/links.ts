/**
 * Link annotations → hrefs on the runs they cover. A run partly covered by a
 * link is split at the character positions the link's box implies, assuming
 * evenly spaced glyphs (good enough for link text).
 *
 * Annotations are read from the PDF objects directly (pdf-objects/): pdf.js's
 * getAnnotations() re-extracts the page's whole text for every page with a
 * link, only to fill a field we do not use. pdf.js remains the fallback for
 * whatever the direct reader cannot handle (encryption, damage, unusual actions).
 */
import type { Box, TextRun } from '../model.ts';
import type { GeometryPage } from './page-geometry.ts';
import { documentLinkAnnotations } from './pdf-objects/document-links.ts';
import type { PdfObjects } from './pdf-objects/pdf-objects.ts';
import { linkHref } from './pdf-objects/safe-url.ts';
import { destKey } from './pdf-objects/link-action.ts';

/** Prefix of the placeholder href a link to a place in the document carries until it is resolved. */
export const DEST_PREFIX = 'p2m-dest:';

/** A link target and its box in page space (top-left origin). */
export type LinkArea = { url: string; box: Box };

/**
 * What reading a page's links needs: its reference and viewport, and pdf.js's
 * annotations as the fallback. A pdf.js page proxy is one as it is; the direct
 * backend makes one whose annotations open pdf.js only when asked.
 */
export type LinkPage = GeometryPage & { getAnnotations(): Promise<unknown[]> };

/** Reads one page's links; failures yield no links rather than no page. */
export type LinkReader = (page: LinkPage) => Promise<LinkArea[]>;

type Annotation = { subtype?: string; url?: string; unsafeUrl?: string; rect?: number[]; annotationFlags?: number; dest?: unknown };

/** Annotation flags that keep a link from being seen: Hidden (2) and NoView (32). */
const UNSEEN_FLAGS = 2 | 32;

function toLinkAreas(page: GeometryPage, annots: Annotation[]): LinkArea[] {
  const vp = page.getViewport({ scale: 1 });
  const out: LinkArea[] = [];
  for (const a of annots) {
    // Only safe absolute URLs and plain relative references become hrefs; javascript: and the like never do.
    // A link inside the document gets a placeholder href, resolved to a heading's anchor once headings exist (link-dests.ts).
    const dest = a.url || a.unsafeUrl ? undefined : destKey(a.dest);
    const url = linkHref(a.url, a.unsafeUrl) ?? (dest ? `${DEST_PREFIX}${dest}` : undefined);
    if (a.subtype !== 'Link' || !url || !a.rect || a.rect.length < 4 || ((a.annotationFlags ?? 0) & UNSEEN_FLAGS)) continue;
    const [ax = 0, ay = 0, bx = 0, by = 0] = a.rect;
    const [x0 = 0, y0 = 0] = vp.convertToViewportPoint(ax, ay) as number[];
    const [x1 = 0, y1 = 0] = vp.convertToViewportPoint(bx, by) as number[];
    out.push({ url, box: { x0: Math.min(x0, x1), y0: Math.min(y0, y1), x1: Math.max(x0, x1), y1: Math.max(y0, y1) } });
  }
  return out;
}

/** Reads the page's URI links through pdf.js getAnnotations() (slow; the fallback). */
export async function extractLinks(page: LinkPage): Promise<LinkArea[]> {
  try {
    return toLinkAreas(page, (await page.getAnnotations()) as Annotation[]);
  } catch {
    return [];
  }
}

/**
 * A link reader for the document whose file is `data`: reads annotations
 * straight from the bytes (through `index`, the file's object index, when
 * one is already built), and through pdf.js for any page it cannot.
 */
export function linkReader(data: Uint8Array, index?: PdfObjects): LinkReader {
  const direct = documentLinkAnnotations(data, index);
  return async (page) => {
    const ref = page.ref;
    if (ref) {
      try {
        return toLinkAreas(page, direct(ref));
      } catch {
        // Encrypted, damaged or unusual: pdf.js knows how.
      }
    }
    return extractLinks(page);
  };
}

function coversVertically(link: Box, run: Box): boolean {
  const mid = (run.y0 + run.y1) / 2;
  return mid >= link.y0 - 1 && mid <= link.y1 + 1;
}

/** Punctuation that ends a sentence or clause: a link's end before it, when a space or the run's end follows it. */
const TRAILING = /[.,;:!?)\]]/;

/** True if a link may end before `text[k]`: at a space, the end, or punctuation that closes a word. */
function endsWord(text: string, k: number): boolean {
  if (k === text.length || /\s/.test(text[k]!)) return true;
  return TRAILING.test(text[k]!) && (k + 1 === text.length || /\s/.test(text[k + 1]!));
}

/** Moves a split index up to three characters to the nearest word start or end. */
function snap(text: string, i: number, side: 'start' | 'end'): number {
  const ok = (k: number) => k >= 0 && k <= text.length &&
    (side === 'start' ? k === 0 || /\s/.test(text[k - 1]!) : endsWord(text, k));
  for (let d = 0; d <= 3; d++) {
    if (ok(i - d)) return i - d;
    if (ok(i + d)) return i + d;
  }
  return i;
}

function splitRun(run: TextRun, link: LinkArea): TextRun[] {
  const { x0, x1 } = run.box;
  const n = run.text.length;
  const w = (x1 - x0) / Math.max(n, 1);
  // Glyph widths vary, so the estimate is snapped to a nearby word boundary.
  const at = (x: number) => Math.max(0, Math.min(n, Math.round((x - x0) / w)));
  // No glyph's centre inside the box (a note mark set just past a link's end): the run is not linked.
  if (at(link.box.x1) <= at(link.box.x0)) return [run];
  const from = snap(run.text, at(link.box.x0), 'start');
  let to = Math.max(from, snap(run.text, at(link.box.x1), 'end'));
  // The estimate often takes in the full stop or comma after the anchor; anchors themselves rarely end in one.
  if (to - from > 1 && to < n && /[.,;:!?]/.test(run.text[to - 1]!)) to--;
  if (to - from <= 0) return [run];
  const part = (a: number, b: number, href?: string): TextRun | null =>
    b > a ? { ...run, text: run.text.slice(a, b), box: { ...run.box, x0: x0 + a * w, x1: x0 + b * w }, ...(href ? { href } : {}) } : null;
  return [part(0, from), part(from, to, link.url), part(to, n)].filter((r): r is TextRun => r !== null);
}

/** Returns the runs with hrefs applied; runs outside every link are returned unchanged. */
export function applyLinks(runs: TextRun[], links: LinkArea[]): TextRun[] {
  if (links.length === 0) return runs;
  let out = runs;
  for (const link of links) {
    // Most links cover a few runs of a long page: the runs before the first one covered are kept as they stand.
    const first = out.findIndex((run) => overlaps(run, link));
    if (first < 0) continue;
    const next = out.slice(0, first);
    for (let i = first; i < out.length; i++) {
      const run = out[i]!;
      if (!overlaps(run, link)) next.push(run);
      else if (run.box.x0 >= link.box.x0 - 1 && run.box.x1 <= link.box.x1 + 1) next.push({ ...run, href: link.url });
      else next.push(...splitRun(run, link));
    }
    out = next;
  }
  return out;
}

/** Whether the link's box takes in part of the run (which has no link yet). */
function overlaps(run: TextRun, link: LinkArea): boolean {
  return !run.href && run.dir !== 'ttb' && coversVertically(link.box, run.box)
    && run.box.x1 > link.box.x0 + 0.5 && run.box.x0 < link.box.x1 - 0.5;
}
