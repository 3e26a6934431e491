/**
 * The tables stage: per page, finds ruled tables first (their grid is
 * certain), then whitespace-aligned tables among the remaining lines, pushes
 * table blocks and removes the text they took from `page.lines`.
 */
import type { Page, Rule } from '../model.ts';
import { detectAlignedTables } from './aligned-tables.ts';
import { documentWords, type Words } from './broken-words.ts';
import { detectBesideGutter } from './gutter-tables.ts';
import { findLayoutGutter } from './layout-gutter.ts';
import { detectRuledTables } from './ruled-tables.ts';
import type { Stage } from '../stage.ts';
import { removeRuns, type Detected } from './table-parts.ts';

function overlaps(r: Rule, d: Detected): boolean {
  const b = d.block.prov.box;
  return r.box.x0 < b.x1 && r.box.x1 > b.x0 && r.box.y0 < b.y1 + 2 && r.box.y1 > b.y0 - 2;
}

function tablesOnPage(page: Page, words: Words): Page {
  const ruled = detectRuledTables(page.number, page.rules, page.lines, words);
  let lines = page.lines;
  for (const t of ruled) lines = removeRuns(lines, t.runs);
  // Rules that framed a ruled table say nothing about the rest of the page.
  const hRules = page.rules.filter((r) => r.orientation === 'h' && !ruled.some((t) => overlaps(r, t)));
  const gutter = findLayoutGutter(lines, page.width);
  const scope = { number: page.number, width: page.width, words };
  const aligned = gutter ? detectBesideGutter(scope, lines, gutter, hRules) : detectAlignedTables(scope, lines, hRules);
  for (const t of aligned) lines = removeRuns(lines, t.runs);
  const found = [...ruled, ...aligned].map((t) => t.block);
  if (!found.length) return page;
  found.sort((a, b) => a.prov.box.y0 - b.prov.box.y0);
  return { ...page, lines, blocks: [...page.blocks, ...found] };
}

/** Detects tables on every page; see the module comment. Pure: returns a new Doc. */
export const tables: Stage = {
  name: 'tables',
  run(doc) {
    // Words broken in narrow cells are mended from the words the document spells out elsewhere.
    const words = documentWords(() => doc.pages.flatMap((p) => p.runs.map((r) => r.text)));
    return { ...doc, pages: doc.pages.map((p) => tablesOnPage(p, words)) };
  },
};
