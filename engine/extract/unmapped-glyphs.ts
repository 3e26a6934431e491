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

/** Groups runs into regions: each run joins every group its grown box touches, and those groups become one. */
export function unmappedRegions(runs: readonly TextRun[]): UnmappedRegion[] {
  let groups: TextRun[][] = [];
  for (const run of runs) {
    const reach = grown(run.box, run.fontSize);
    const touched = groups.filter((g) => g.some((r) => overlaps(reach, r.box)));
    groups = [...groups.filter((g) => !touched.includes(g)), [...touched.flat(), run]];
  }
  return groups.map((g) => ({ box: unionBox(g.map((r) => r.box)), em: median(g.map((r) => r.fontSize)), runs: g.length }));
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
