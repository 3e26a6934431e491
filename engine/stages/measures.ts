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
