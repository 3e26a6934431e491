/**
 * Stage `readingOrder`: splits full-width lines at column gutters and orders a
 * page's lines the way a person reads them.
 */
import type { Line, Page } from '../model.ts';
import type { Stage } from '../stage.ts';
import { splitAtGaps } from './lines.ts';

/** Orders the lines of one page. */
export function orderPage(page: Page): Line[] {
  const split = page.lines.flatMap((l) => splitAtGaps(l));
  return split;
}

/** Lines in reading order on every page. */
export const readingOrder: Stage = {
  name: 'readingOrder',
  run: (doc) => ({ ...doc, pages: doc.pages.map((p) => ({ ...p, lines: orderPage(p) })) }),
};
