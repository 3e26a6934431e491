/**
 * The engine's public contract: what the job system and the CLI call. The
 * engine knows nothing of jobs, accounts or storage.
 */

/** How text is obtained: the text layer, OCR of rendered pages, or text with OCR where a page has none. */
export type OcrMode = 'auto' | 'off' | 'force';

export type ConvertOptions = {
  /** 1-based inclusive page range; default all pages. */
  pages?: { from: number; to: number };
  ocr?: OcrMode;
  /** Wall-clock budget; on expiry the Markdown of the pages done is returned with truncated=true. */
  timeBudgetMs?: number;
  /** Called after each page is processed. */
  onProgress?: (p: { pagesDone: number; pagesTotal: number }) => void;
  /** Password for encrypted PDFs that need one. */
  password?: string;
  /** How the text layer is read: `auto` (the direct reader, pdf.js where it cannot) or `pdfjs` only. For diagnostics and tests. */
  textReader?: TextReaderChoice;
  /** `<!-- page N -->` before the first block that starts on each page (N = the PDF's page number). Default false. */
  pageMarkers?: boolean;
  /** `files`: pictures become PNGs in `ConvertResult.images`, linked as `![alt](images/pP-K.png)`. Default `omit`. */
  images?: 'omit' | 'files';
  /** Running headers, footers and page numbers: `drop` (default) or `keep`. */
  furniture?: 'drop' | 'keep';
  /** A table continued on the next page: `merge` into one (default, no row lost) or `keep` the parts. */
  tablesAcrossPages?: 'merge' | 'keep';
  /** Text never visibly painted: `drop` (default; counted in `ConvertResult.hiddenText`) or `keep`. */
  hiddenText?: 'drop' | 'keep';
};

/** Why a span was judged invisible (issue 24's list). */
export type HiddenTextKind = 'render_mode_3' | 'background_colour' | 'transparent' | 'tiny' | 'outside_crop_box' | 'hidden_layer' | 'covered';

/** What `hiddenText: 'drop'` removed. */
export type HiddenTextReport = { spans: number; pages: number[]; kinds: HiddenTextKind[] };

/** A picture written out under `images: 'files'`; `name` is its path relative to the Markdown (`images/p3-1.png`). */
export type ExtractedImage = { name: string; page: number; png: Uint8Array; alt: string };

/** `auto` reads pages directly from the PDF objects and falls back to pdf.js; `pdfjs` uses pdf.js alone. */
export type TextReaderChoice = 'auto' | 'pdfjs';

/** The page-reading backends (engine/extract/backends/): the direct reader and pdf.js. */
export type TextBackendName = 'direct' | 'pdfjs';

/**
 * Pages read by each backend; the backend the document was given to and why;
 * and why a backend gave up on it, if one did (a refused document, or
 * `page N: …` from the page on which the next backend took over).
 */
export type TextReaderStats = Record<TextBackendName, number> & { backend: TextBackendName; reason: string; fallback?: string };

/**
 * A page read by OCR and why: `forced` (ocr 'force'), or under 'auto' the
 * fault of its text layer: `no_text_layer` (with an image or outlined text to
 * read), `unusable_glyphs` (mostly private-use, U+FFFD or control codes),
 * `few_letters` (a long text with hardly a letter or digit); or
 * `unmapped_glyphs`: not the whole page, only its regions of glyphs that have
 * no text (lines of them, not a stray symbol), were read by OCR, and the rest
 * of the page kept its text layer.
 */
export type OcrPage = { page: number; reason: 'forced' | 'no_text_layer' | 'unusable_glyphs' | 'few_letters' | 'unmapped_glyphs' };

export type ConvertResult = {
  markdown: string;
  /** Pages in the document. */
  pages: number;
  /** Pages actually converted (less than requested when truncated). */
  pagesDone: number;
  truncated: boolean;
  warnings: string[];
  /** Which reader read the text layer (OCR pages count for the reader that read them first). */
  textReader: TextReaderStats;
  /** The pages read by OCR, in page order, each with its reason. */
  ocrPages: OcrPage[];
  /** Pictures, when `images: 'files'` was asked for. */
  images?: ExtractedImage[];
  /** What was dropped as hidden text (absent when nothing was, or under `hiddenText: 'keep'`). */
  hiddenText?: HiddenTextReport;
  /** `tags` when the PDF's structure tree agreed with the layout and was used, else `layout`. */
  structure?: 'tags' | 'layout';
};

/** Stable machine codes for documents the engine cannot convert. */
export type EngineErrorCode =
  | 'not_a_pdf'
  | 'malformed_pdf'
  | 'encrypted_pdf'
  | 'no_pages'
  | 'too_many_pages'
  | 'engine_failure';

export class EngineError extends Error {
  readonly code: EngineErrorCode;
  constructor(code: EngineErrorCode, message: string) {
    super(message);
    this.name = 'EngineError';
    this.code = code;
  }
}
