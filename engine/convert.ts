/**
 * convert(): PDF bytes → Markdown. The page reader opens the document (the
 * direct reader, pdf.js only where needed), each requested page is extracted
 * (with OCR where asked or needed: of the whole page, or of the regions of
 * glyphs that have no text), the stages run, the document is rendered, and
 * the reader is always closed.
 */
import type { Doc, Page } from './model.ts';
import { EngineError, type ConvertOptions, type ConvertResult, type OcrMode, type OcrPage } from './types.ts';
import { PageReader } from './extract/page-reader.ts';
import { ocrSession, type OcrSession } from './extract/ocr-session.ts';
import { hasInkToRead, textLayerFault } from './ocr/needs-ocr.ts';
import { hasGlyphMarks } from './ocr/glyph-marks.ts';
import { pdfjsInk } from './extract/pdfjs-ink.ts';
import { applyOcr } from './ocr/apply-ocr.ts';
import { applyRegionOcr } from './ocr/apply-region-ocr.ts';
import { takeUnmapped, worthOcr, type UnmappedRegion } from './extract/unmapped-glyphs.ts';
import { STAGES, runStages } from './pipeline.ts';
import { DEFAULT_CONFIG } from './stage.ts';
import { hideText, HiddenTally } from './extract/hidden-text.ts';
import { resolveLinkDests } from './extract/link-dests.ts';
import { tagsDisagree, withoutRoles } from './stages/structure-check.ts';
import { renderDoc } from './render/index.ts';
import { pagePictures, type PagePicture } from './extract/page-pictures.ts';
import { placePictures } from './place-pictures.ts';

/** More pages than this in one request are refused rather than ground through. */
export const MAX_PAGES = 10_000;

function pageRange(total: number, opts: ConvertOptions): { from: number; to: number } {
  const from = Math.max(1, Math.floor(opts.pages?.from ?? 1));
  const to = Math.min(total, Math.floor(opts.pages?.to ?? total));
  if (from > to) throw new EngineError('no_pages', `The page range ${from}-${to} selects no pages of ${total}.`);
  if (to - from + 1 > MAX_PAGES) throw new EngineError('too_many_pages', `${to - from + 1} pages exceed the limit of ${MAX_PAGES}.`);
  return { from, to };
}

/** Whether and why a page is read by OCR; null when its text layer is kept. */
async function ocrReason(reader: PageReader, page: Page, mode: OcrMode): Promise<OcrPage['reason'] | null> {
  if (mode === 'force') return 'forced';
  if (mode === 'off') return null;
  const fault = textLayerFault(page.runs, page);
  if (!fault) return null;
  // Pages read by pdf.js carry no ink count; it is fetched only for the few pages without text.
  const info = fault === 'no_text_layer' && !page.ink ? { ...page, ink: await reader.withPdfjsPage(page.number, pdfjsInk) } : page;
  return hasInkToRead(fault, info) ? fault : null;
}

/** True when the reader can render page `n` without pdf.js and the rendering shows no glyph marks. */
function noGlyphMarks(reader: PageReader, n: number): boolean {
  const r = reader.raster(n);
  return r !== null && !hasGlyphMarks(r.image, r.scale);
}

/** The page read by OCR as a whole, when its text layer calls for that; null when it is kept. */
async function pageOcr(reader: PageReader, page: Page, opts: ConvertOptions, ocr: OcrSession, report: Report): Promise<Page | null> {
  const mode = opts.ocr ?? 'auto';
  const reason = await ocrReason(reader, page, mode);
  if (!reason) return null;
  // A page without text is worth the OCR workers only if its picture shows glyph-sized marks (a photo has none).
  const when = mode === 'auto' && reason === 'no_text_layer' ? 'glyph_marks' : 'always';
  // A page of simple images the reader composes itself: no marks, no pdf.js. Marks send it on to pdf.js's
  // rendering, which OCR reads, so what OCR sees never changes.
  if (when === 'glyph_marks' && noGlyphMarks(reader, page.number)) return null;
  try {
    const reading = await reader.withPdfjsPage(page.number, (p) => ocr.recognise(p, when));
    if (!reading) return null;
    report.ocrPages.push({ page: page.number, reason });
    const { page: read, warning } = applyOcr(page, reading, mode);
    if (warning) report.warnings.push(warning);
    return read;
  } catch (err) {
    report.ocrPages.push({ page: page.number, reason });
    report.warnings.push(`ocr_failed: page ${page.number}: ${err instanceof Error ? err.message : String(err)}`);
    return page;
  }
}

/**
 * The page with OCR's words where its regions of glyphs without text were,
 * for the regions large enough to be lines of text (unmapped-glyphs.ts).
 * Only when the page's frame is pdf.js's (a page turned upright is not).
 */
async function regionOcr(reader: PageReader, page: Page, regions: readonly UnmappedRegion[], ocr: OcrSession, report: Report): Promise<Page> {
  const large = regions.filter(worthOcr);
  if (large.length === 0) return page;
  try {
    const readings = await reader.withPdfjsPage(page.number, async (p) => {
      const view = p.getViewport({ scale: 1 });
      if (Math.abs(view.width - page.width) > 0.5 || Math.abs(view.height - page.height) > 0.5) return [];
      const out = [];
      for (const r of large) out.push(await ocr.recogniseRegion(p, r.box, r.em));
      return out;
    });
    if (readings.length === 0) return page;
    report.ocrPages.push({ page: page.number, reason: 'unmapped_glyphs' });
    const { page: read, warnings } = applyRegionOcr(page, readings);
    report.warnings.push(...warnings);
    return read;
  } catch (err) {
    report.ocrPages.push({ page: page.number, reason: 'unmapped_glyphs' });
    report.warnings.push(`ocr_failed: page ${page.number}: ${err instanceof Error ? err.message : String(err)}`);
    return page;
  }
}

/**
 * OCR where the page needs it: the whole page when its text layer is missing
 * or garbage (or OCR is forced), else the large regions of glyphs without
 * text, unless OCR is off. Glyphs without text never give text of their own.
 */
async function maybeOcr(reader: PageReader, read: Page, opts: ConvertOptions, ocr: OcrSession, report: Report): Promise<Page> {
  const { page, regions } = takeUnmapped(read);
  const whole = await pageOcr(reader, page, opts, ocr, report);
  if (whole) return whole;
  return (opts.ocr ?? 'auto') === 'off' ? page : regionOcr(reader, page, regions, ocr, report);
}

/** What the conversion reports besides the Markdown, filled in page by page (pictures only under images: files). */
type Report = { warnings: string[]; ocrPages: OcrPage[]; hidden: HiddenTally; pictures: Map<number, PagePicture[]> };

/** A page's pictures (images: files); a page read by OCR is a scan, whose page-sized picture is not one. */
async function collectPictures(reader: PageReader, page: Page, report: Report): Promise<void> {
  try {
    // A page whose regions alone were read by OCR is no scan.
    const scanned = report.ocrPages.some((o) => o.page === page.number && o.reason !== 'unmapped_glyphs');
    const area = (page.width || 1) * (page.height || 1);
    const found = await reader.withPdfjsPage(page.number, pagePictures);
    const pics = found.filter((p) => !scanned || (p.box.x1 - p.box.x0) * (p.box.y1 - p.box.y0) < SCAN_SHARE * area);
    if (pics.length) report.pictures.set(page.number, pics);
  } catch (err) {
    report.warnings.push(`images_failed: page ${page.number}: ${err instanceof Error ? err.message : String(err)}`);
  }
}

/** A picture covering this share of an OCR-read page is the scan itself. */
const SCAN_SHARE = 0.85;

async function extractPages(reader: PageReader, opts: ConvertOptions, started: number, report: Report, ocr: OcrSession) {
  const { from, to } = pageRange(reader.pageCount, opts);
  const pages: Page[] = [];
  let truncated = false;
  for (let n = from; n <= to; n++) {
    if (opts.timeBudgetMs !== undefined && pages.length > 0 && Date.now() - started > opts.timeBudgetMs) {
      truncated = true;
      break;
    }
    try {
      // Hidden text goes before the OCR decision, which then judges only what is seen.
      const { page, hidden } = hideText(await reader.read(n), opts.hiddenText ?? 'drop');
      report.hidden.add(n, hidden);
      pages.push(await maybeOcr(reader, page, opts, ocr, report));
      if (opts.images === 'files') await collectPictures(reader, pages.at(-1)!, report);
    } catch (err) {
      // One broken page should not sink the document; keep its place empty.
      report.warnings.push(`page_failed: page ${n}: ${err instanceof Error ? err.message : String(err)}`);
      pages.push({ number: n, width: 0, height: 0, runs: [], rules: [], lines: [], blocks: [] });
    }
    opts.onProgress?.({ pagesDone: pages.length, pagesTotal: to - from + 1 });
  }
  await reader.settle(pages);
  return { pages, truncated };
}

function hiddenReport(tally: HiddenTally): Pick<ConvertResult, 'hiddenText'> {
  const hiddenText = tally.report();
  return hiddenText ? { hiddenText } : {};
}

/** Converts PDF bytes to Markdown. Throws EngineError for input it cannot convert. */
export async function convert(data: Uint8Array, opts: ConvertOptions = {}): Promise<ConvertResult> {
  const started = Date.now();
  const reader = await PageReader.open(data, { choice: opts.textReader, password: opts.password });
  const ocr = ocrSession();
  let open = true;
  const release = async () => {
    if (!open) return;
    open = false;
    await ocr.close();
    await reader.close();
  };
  try {
    const report: Report = { warnings: [], ocrPages: [], hidden: new HiddenTally(), pictures: new Map() };
    const { warnings } = report;
    const extracted = await extractPages(reader, opts, started, report, ocr);
    const { truncated } = extracted;
    // Links into the document resolved by the backend that owns it (the direct one reads the destinations itself).
    const pages = await resolveLinkDests((key) => reader.destination(key), extracted.pages);
    const outline = await reader.outline();
    // The stages need only the pages: the readers' caches, fonts and pdf.js go before they run.
    await release();
    // The structure tree is used where it agrees with the layout; otherwise the pages are read as untagged.
    const roles = pages.some((p) => p.runs.some((r) => r.role !== undefined));
    const tagged = roles && tagsDisagree(pages) === null;
    const doc: Doc = { pages: tagged ? pages : withoutRoles(pages), signals: { outline, tagged }, warnings };
    const cfg = { ...DEFAULT_CONFIG, tablesAcrossPages: opts.tablesAcrossPages ?? 'merge', furniture: opts.furniture ?? 'drop' } as const;
    const staged = runStages(doc, STAGES, cfg);
    const { doc: done, images } = opts.images === 'files' ? placePictures(staged, report.pictures) : { doc: staged, images: undefined };
    return {
      markdown: renderDoc(done, { pageMarkers: opts.pageMarkers ?? false }), pages: reader.pageCount, pagesDone: pages.length, truncated, warnings: done.warnings,
      textReader: reader.stats, ocrPages: report.ocrPages, ...hiddenReport(report.hidden), ...(images ? { images } : {}),
      structure: tagged ? 'tags' : 'layout',
    };
  } catch (err) {
    if (err instanceof EngineError) throw err;
    throw new EngineError('engine_failure', `Conversion failed: ${err instanceof Error ? err.message : String(err)}`);
  } finally {
    await release();
  }
}
