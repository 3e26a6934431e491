/**
 * Glyphs without a text mapping (runs a reader marked `unmapped`, see
 * glyph-ordinals.ts) give no text: they are taken off the page as soon as it
 * is read, whichever reader read it, and only their places are kept. Where
 * they lie close together they form regions; a region that holds lines of
 * them, not a stray symbol, is worth reading by OCR (convert.ts), and its
 * text then takes their place.
 */
import type { Box, Page, TextRun } from '../model.ts';
import { median, unionBox } from '../geometry.ts';
import { maxOf } from '../numbers.ts';

/** A stretch of unmapped glyphs: its box, the em they are set in, and how many runs made it. */
export type UnmappedRegion = { box: Box; em: number; runs: number };

/** Unmapped runs closer than this many ems side by side belong to one region (a word space is about a third of an em). */
const JOIN_ACROSS_EMS = 1.5;
/** Unmapped runs closer than this many ems one above the other belong to one region (the leading between lines). */
const JOIN_DOWN_EMS = 1;
/**
 * Area, in square ems of its own type, a region needs before it is worth
 * OCR: a line of about a dozen glyph widths, or a few shorter lines. A stray
 * symbol covers about one, a short word three or four.
 */
const MIN_OCR_AREA_EMS = 12;

function grown(box: Box, em: number): Box {
  return { x0: box.x0 - JOIN_ACROSS_EMS * em, y0: box.y0 - JOIN_DOWN_EMS * em, x1: box.x1 + JOIN_ACROSS_EMS * em, y1: box.y1 + JOIN_DOWN_EMS * em };
}

const overlaps = (a: Box, b: Box): boolean => a.x0 <= b.x1 && b.x0 <= a.x1 && a.y0 <= b.y1 && b.y0 <= a.y1;

/** The root of `i` in a union-find forest, halving paths on the way. */
function root(parent: number[], i: number): number {
  while (parent[i] !== i) i = parent[i] = parent[parent[i]!]!;
  return i;
}

/**
 * Groups runs into regions: two runs whose grown boxes touch are in one. A
 * sweep down the page compares each run only with those starting within its
 * reach below it, so a page full of such glyphs costs about a line's runs per run.
 */
export function unmappedRegions(runs: readonly TextRun[]): UnmappedRegion[] {
  const sorted = [...runs].sort((a, b) => a.box.y0 - b.box.y0);
  const parent = sorted.map((_, i) => i);
  // How far below a run another may start and still reach it: by the largest type's reach.
  const below = JOIN_DOWN_EMS * Math.max(0, maxOf(sorted.map((r) => r.fontSize)));
  for (let i = 0; i < sorted.length; i++) {
    const reach = grown(sorted[i]!.box, sorted[i]!.fontSize);
    const until = Math.max(reach.y1, sorted[i]!.box.y1 + below);
    for (let j = i + 1; j < sorted.length && sorted[j]!.box.y0 <= until; j++) {
      const other = sorted[j]!;
      // The nearer run's reach counts too: a small mark beside large type joins it.
      if (overlaps(reach, other.box) || overlaps(grown(other.box, other.fontSize), sorted[i]!.box)) parent[root(parent, j)] = root(parent, i);
    }
  }
  const groups = new Map<number, TextRun[]>();
  sorted.forEach((run, i) => {
    const r = root(parent, i);
    const g = groups.get(r);
    if (g) g.push(run);
    else groups.set(r, [run]);
  });
  return [...groups.values()].map((g) => ({ box: unionBox(g.map((r) => r.box)), em: median(g.map((r) => r.fontSize)), runs: g.length }));
}

/** True when a region covers enough of the page, in its own ems, to be lines of text rather than a stray symbol. */
export function worthOcr(region: UnmappedRegion): boolean {
  const { box, em } = region;
  if (!(em > 0)) return false;
  return ((box.x1 - box.x0) * (box.y1 - box.y0)) / (em * em) >= MIN_OCR_AREA_EMS;
}

/** The page without its unmapped runs, and the regions they covered (all of them; see worthOcr). */
export function takeUnmapped(page: Page): { page: Page; regions: UnmappedRegion[] } {
  if (!page.runs.some((r) => r.unmapped)) return { page, regions: [] };
  const unmapped = page.runs.filter((r) => r.unmapped);
  return { page: { ...page, runs: page.runs.filter((r) => !r.unmapped) }, regions: unmappedRegions(unmapped) };
}
