/**
 * The quantities several stages share, each named once. A threshold only one stage uses stays in that stage's file,
 * named and commented there.
 */

/**
 * Width (points) a column gutter has at least, as the reading order and the column regions find it: narrower
 * white stripes are word spaces, table padding or justified text's rivers.
 */
export const MIN_GUTTER_PT = 8;

/** Font size (points) assumed where nothing measures one: a block without lines, a page without text. */
export const DEFAULT_FONT_PT = 10;

/** Share of a line's runs in a monospace face from which the line is code (a code block's line, not a heading). */
export const CODE_LINE_SHARE = 0.9;

/**
 * Share of a document's visible characters set in one face (bold, monospace) from which that face is the body
 * face, and the document's emphasis or code must be told by other means.
 */
export const BODY_FACE_SHARE = 0.85;

/** Visible characters a document has at least before its body face is judged: fewer is a snippet. */
export const MIN_FACE_CHARS = 200;
