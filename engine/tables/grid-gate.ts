/**
 * The second way into rule extraction, for readers that get a page's rules
 * at no extra cost (the direct content reader): a drawn grid of at least two
 * rows and two columns with text inside is a ruled table even when its cells
 * sit a word space apart, which the text gate (table-gate.ts) cannot see.
 */
import type { Box, Rule, TextRun } from '../model.ts';
import { ruleGrids } from './rule-grid.ts';
import { centreIn, MIN_ROWS } from './table-parts.ts';

/** Rules beyond which a page is a drawing, not a table grid (grouping costs the square of the count). */
export const MAX_GRID_GATE_RULES = 4000;

/** Boxes of the connected groups of rules that read as a grid with text in at least `MIN_ROWS` of its rows. */
export function textGridBoxes(rules: readonly Rule[], runs: readonly TextRun[], maxRules = MAX_GRID_GATE_RULES): Box[] {
  if (rules.length > maxRules || !rules.some((r) => r.orientation === 'v')) return [];
  const texts = runs.filter((r) => r.text.trim() !== '');
  return ruleGrids(rules).flatMap(({ grid }) => {
    if (!grid) return [];
    const rows = new Set(texts.filter((r) => centreIn(r.box, grid.box))
      .map((r) => grid.ys.findIndex((y, i) => i > 0 && (r.box.y0 + r.box.y1) / 2 < y)));
    return rows.size >= MIN_ROWS ? [grid.box] : [];
  });
}

/** Whether some connected group of rules reads as a grid with text in at least `MIN_ROWS` of its rows. */
export function pageDrawsTextGrid(rules: readonly Rule[], runs: readonly TextRun[], maxRules = MAX_GRID_GATE_RULES): boolean {
  return textGridBoxes(rules, runs, maxRules).length > 0;
}
