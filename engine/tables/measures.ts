/**
 * The quantities several table rules share, each named once, in font units (ems of the text, line heights) where
 * the rules have the font at hand, else as shares of what they compare or counts. A threshold only one rule uses
 * stays in that rule's file, named and commented there.
 */

/** Rows (and columns) a table has at least: one row or column of text is a paragraph or a list, not a table. */
export const MIN_ROWS = 2;

/** Cells (columns) a line needs to read as a table row: one piece is prose, a heading or a lone label. */
export const MIN_COLUMNS = 2;

/** Half of an extent (a box's height or width, the lines of a region, a row's cells, a set of votes): more is most of it. */
export const HALF = 0.5;

/**
 * Overlap tolerated between neighbouring columns, rows, cells or runs, in ems of their text (descenders, tight
 * padding); a run reaching further over its left neighbour is printed over it.
 */
export const OVERLAP_EM = 0.3;

/** Ends of one axis's tick labels or gridlines agree within this many ems (flush-right labels, drawing rounding). */
export const SAME_END_EM = 0.3;

/** Vertical distance (ems) within which two centres sit on one line: two runs, a tick label and its gridline. */
export const SAME_LINE_EM = 0.4;

/** Blank (line heights) past which a band of lines stops: a paragraph or table set apart above or below. */
export const MAX_BLANK_LINES = 2;

/** Ticks (labels or gridlines) a chart axis needs at least: three make a scale. */
export const MIN_TICKS = 3;

/**
 * Points (not ems: the layout checks that use it compare lines of any size) within which the bottoms of the text
 * on both sides of a gutter sit on one baseline, as a table row's cells do; layout columns meet so only by chance.
 */
export const SAME_BOTTOM_PT = 0.6;

/** Share of the page's width a layout column spans at least: narrower sides beside a gutter are table columns. */
export const LAYOUT_COLUMN_SHARE = 0.3;

/** Lines a page, or a part of one, needs before a gap in them is believed to be a layout gutter. */
export const MIN_GUTTER_LINES = 8;

/** Blank (line heights) between two lines of one cell's paragraph: its leading, well under a blank line. */
export const WRAP_BLANK_LINES = 0.5;
