/**
 * The document model every engine stage reads and writes. Blocks are a union
 * tagged by `kind`; each carries provenance (page and bounding box) so a block
 * can always be traced back to where it came from in the PDF.
 */
import type { HiddenTextKind } from './types.ts';

/** Page-space box in PDF points, origin top-left (y grows downwards). */
export type Box = { x0: number; y0: number; x1: number; y1: number };

/** Where a block came from: 1-based page number and its box on that page. */
export type Prov = { page: number; box: Box };

/** A run of text with one style, as pdf.js reports it (after normalisation). */
export type TextRun = {
  text: string;
  box: Box;
  fontName: string;
  fontSize: number;
  bold: boolean;
  italic: boolean;
  monospace: boolean;
  /** Text direction as reported by pdf.js. */
  dir: 'ltr' | 'rtl' | 'ttb';
  /** Target of a link annotation covering this run, if any. */
  href?: string;
  /** Structure role (H1..H6, P, LI, Code...) from a tagged PDF's structure tree, if any. */
  role?: string;
  /**
   * Tagged PDFs: which block element of the structure tree (a P, heading,
   * caption, list item or table cell) holds this run, numbered per page.
   */
  structBlock?: number;
  /** Tagged PDFs: the place of the run's marked content in the structure tree's reading order, numbered per page. */
  structOrder?: number;
  /**
   * Direction of the baseline against the page's upright text, in degrees
   * clockwise (90 reads downwards, 270 upwards); absent when upright. A page
   * whose text is mostly turned is turned upright at extraction (page-turn.ts).
   */
  rotation?: number;
  /** Set by the lines stage on a smaller raised (sup) or lowered (sub) run that belongs to the text beside it. */
  script?: 'sup' | 'sub';
  /** Set by the lines stage on a right-to-left page: a number drawn left to right, sign or flag where a left-to-right cell puts it (`-876`). */
  drawnLtr?: true;
  /** Why the reader judged this run never visibly painted (extract/hidden-text.ts drops or keeps it). */
  hidden?: HiddenTextKind;
  /**
   * Set by the reader on glyphs without a text mapping (extract/glyph-ordinals.ts):
   * `text` is only the reader's stand-in, one character or so per glyph. Such
   * runs are taken off the page before the OCR decision (extract/unmapped-glyphs.ts).
   */
  unmapped?: true;
};

/** An inline piece of a block's text with its emphasis. */
export type Span = {
  text: string;
  bold?: boolean;
  italic?: boolean;
  code?: boolean;
  href?: string;
  /** Superscript or subscript, rendered as <sup>/<sub>. */
  script?: 'sup' | 'sub';
  /** A footnote mark: rendered as the reference `[^note]` instead of its text (stages/footnotes.ts). */
  note?: number;
};

/** A ruling (line or thin rectangle) drawn on the page, used for tables. */
export type Rule = { box: Box; orientation: 'h' | 'v' };

/** A curved or slanted stroke of a drawing; `bends` unless it is one straight segment. */
export type Stroke = { box: Box; bends: boolean };

export type Line = { runs: TextRun[]; box: Box };

export type Cell = { spans: Span[]; colspan?: number; rowspan?: number; header?: boolean };

export type ListItem = { spans: Span[]; children: Block[] };

export type Block =
  | { kind: 'heading'; level: 1 | 2 | 3 | 4 | 5 | 6; spans: Span[]; prov: Prov }
  | {
      kind: 'paragraph';
      spans: Span[];
      prov: Prov;
      /** Source lines, kept so later stages (headings, lists, code) can read fonts and geometry. Not rendered. */
      lines?: Line[];
    }
  | { kind: 'list'; ordered: boolean; start?: number; items: ListItem[]; prov: Prov }
  | { kind: 'table'; rows: Cell[][]; prov: Prov }
  | { kind: 'code'; text: string; lang?: string; prov: Prov }
  | { kind: 'quote'; children: Block[]; prov: Prov }
  /** A footnote's text, rendered as the definition `[^label]: …` (stages/footnotes.ts). */
  | { kind: 'footnote'; label: number; spans: Span[]; prov: Prov }
  | { kind: 'rule'; prov: Prov }
  /** A picture written out as a PNG (images: files); `name` is its path relative to the Markdown. */
  | { kind: 'image'; name: string; alt: string; prov: Prov };

/** One step of a page's reading flow: a text line, or a block an earlier stage built (a table). */
export type FlowItem = { kind: 'line'; line: Line } | { kind: 'block'; block: Block };

/**
 * A table cell (TD, TH) of a tagged PDF's structure tree: the block number
 * its runs carry, its table and row (numbered per page), and its spans.
 */
export type TreeCellAt = { block: number; table: number; row: number; header: boolean; rowSpan: number; colSpan: number };

/**
 * A list item (LI) of a tagged PDF's structure tree: the block number its
 * runs carry, its list (L, numbered per page in tree order), the item whose
 * body holds that list when it is nested, and the list's ListNumbering
 * attribute when the reader saw one. Text in the item's label (Lbl) has the
 * role `Lbl`.
 */
export type TreeItemAt = { block: number; list: number; parent?: number; numbering?: string };

/** A tagged Figure's description, keyed by a marked-content id of the page it is on. */
export type FigureAlt = { mcid: number; alt: string };

/** One page as extracted, before and during the stages. */
export type Page = {
  number: number;
  width: number;
  height: number;
  runs: TextRun[];
  rules: Rule[];
  /**
   * Vertical rules anywhere on the page, for quote side bars. `rules` holds
   * rules only where the text suggests a table (they are costly through
   * pdf.js); a reader that gets every rule for free fills this too.
   */
  bars?: Rule[];
  /**
   * Boxes of curved or slanted strokes (a drawing's wires, symbols, plotted
   * lines), where the reader gives them: the direct reader does, pdf.js's
   * fallback does not. Labels set around them are not a table.
   */
  drawn?: Stroke[];
  /**
   * Filled rectangles thicker than a rule (row stripes, a header's
   * background), where the reader gives them: the direct reader does. A
   * stripe spans its own table's width (tables/shaded-bands.ts).
   */
  shaded?: Box[];
  lines: Line[];
  blocks: Block[];
  /** Lines and pre-built blocks in reading order, set by the reading-order stage. */
  flow?: FlowItem[];
  /**
   * What the page paints besides text, where the reader counted it: the OCR
   * decision renders a page without a text layer only when there is ink to read.
   */
  ink?: { images: number; paths: number };
  /**
   * Tagged PDFs: the alt text of each Figure element's marked content on the
   * page (MCID → /Alt), for the pictures painted inside it (images: files).
   */
  figureAlts?: FigureAlt[];
  /** Tagged PDFs: the table cells of the page's structure tree, by the `structBlock` their runs carry. */
  treeCells?: TreeCellAt[];
  /** Tagged PDFs: the list items of the page's structure tree, by the `structBlock` their runs carry. */
  treeItems?: TreeItemAt[];
  /** Stretches of text the reader dropped for lying outside the crop box (pdf.js drops them too), for the hidden-text report. */
  outsideCropSpans?: number;
};

/** Signals the PDF carries beyond page content (cross-checked, never trusted alone). */
export type DocSignals = {
  outline: { title: string; level: number; page?: number }[];
  tagged: boolean;
};

export type Doc = { pages: Page[]; signals: DocSignals; warnings: string[] };
