/**
 * Row stripes among a page's shaded rectangles (page.shaded), as edges for
 * the side-by-side search (side-by-side.ts). A zebra table shades every
 * other row, and a header its own background, across its own width and no
 * further: two tables side by side show a gap between their stripes on one
 * level, where their text may show none (rows on one baseline, one gutter no
 * wider than a cell gap), and a stripe across both says they are one table.
 * A stripe is read as a rule as wide as the row it shades; rectangles taller
 * than a few lines (a shaded box round a paragraph, a page's background) or
 * narrower than a cell are no row's.
 */
import type { Box, Rule } from '../model.ts';

/** Height (ems of the body text) a row stripe has at most: a row of three wrapped lines with its padding. */
const MAX_STRIPE_EM = 4.5;
/** Width (ems) a row stripe has at least: a table's row holds two cells. */
const MIN_STRIPE_EM = 4;

/** The shaded rectangles that can be a table row's stripe, as horizontal rules over the row's width. */
export function shadedBands(shaded: readonly Box[] | undefined, em: number): Rule[] {
  if (!shaded || em <= 0) return [];
  return shaded
    .filter((b) => b.y1 - b.y0 <= MAX_STRIPE_EM * em && b.x1 - b.x0 >= MIN_STRIPE_EM * em)
    .map((box) => ({ box, orientation: 'h' as const }));
}
