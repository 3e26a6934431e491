/**
 * Tagged PDFs (issue 24): the structure tree is taken only where it agrees
 * with what the page shows. Runs carry the roles the reader found (H1..H6,
 * P, LI, …); the tree is trusted when it covers most of the text, does not
 * call ordinary body text a heading, and tags the text set visibly larger
 * than the body as headings rather than paragraphs. Otherwise the document
 * goes through the layout pipeline as if it had no tags.
 */
import type { Page, TextRun } from '../model.ts';

/** Share of the text's characters that must carry a role: less is a partial or broken tree. */
const MIN_COVERAGE = 0.5;
/** Text this many times the body size or more is set as a heading would be. */
const LARGE = 1.2;
/** A tree that tags more than this share of the text as headings contradicts any page. */
const MAX_HEADING_SHARE = 0.4;
/** Characters of large text a tree may leave untagged as headings before it counts as contradicting. */
const MIN_LARGE_CHARS = 20;

const HEADING = /^(?:H[1-6]?|Title)$/;

function chars(r: TextRun): number {
  return r.text.replace(/\s/g, '').length;
}

/** The body size: the font size most characters are set in. */
function bodySize(runs: readonly TextRun[]): number {
  const by = new Map<number, number>();
  for (let i = 0; i < runs.length; i++) by.set(runs[i]!.fontSize, (by.get(runs[i]!.fontSize) ?? 0) + chars(runs[i]!));
  return [...by].reduce((best, cur) => (cur[1] > best[1] ? cur : best), [0, 0])[0];
}

/** Why the structure tree is not used, or null when it agrees with the layout. */
export function tagsDisagree(pages: readonly Page[]): string | null {
  const runs = pages.flatMap((p) => p.runs);
  let total = 0, tagged = 0, heading = 0, small = 0, large = 0, largeHeading = 0;
  const body = bodySize(runs);
  for (let i = 0; i < runs.length; i++) {
    const r = runs[i]!;
    const n = chars(r);
    total += n;
    if (r.role) tagged += n;
    const isHeading = r.role !== undefined && HEADING.test(r.role);
    if (isHeading) heading += n;
    if (isHeading && r.fontSize < body && !r.bold) small += n;
    // Large text tagged as a paragraph or list is a heading the tree does not know; table and
    // figure text may be large without being a heading.
    if (r.fontSize >= body * LARGE && (isHeading || r.role === 'P' || r.role === 'LI')) {
      large += n;
      if (isHeading) largeHeading += n;
    }
  }
  if (total === 0 || tagged < total * MIN_COVERAGE) return 'the structure tree covers too little of the text';
  if (heading > total * MAX_HEADING_SHARE) return 'the structure tree tags most of the text as headings';
  if (small * 2 > heading) return 'the structure tree tags body text as headings'; // over half the heading text is small
  if (large >= MIN_LARGE_CHARS && largeHeading * 2 < large) return 'the structure tree tags headings as paragraphs'; // under half the large text is a heading
  return null;
}

/** The pages with every structure role, Figure alt text, tree table cell and list item removed: the layout pipeline then reads them as untagged. */
export function withoutRoles(pages: readonly Page[]): Page[] {
  return pages.map(({ figureAlts: _alts, treeCells: _cells, treeItems: _items, ...p }) => ({ ...p, runs: p.runs.map((r) => {
    if (r.role === undefined && r.structBlock === undefined && r.structOrder === undefined) return r;
    const { role: _, structBlock: _block, structOrder: _order, ...rest } = r;
    return rest;
  }) }));
}
