/**
 * One PDF page → one model Page through the direct reader (direct/): the
 * same runs, links and rules extract-page.ts gets from pdf.js, read from the
 * PDF objects in one pass over the content stream. Throws Unsupported
 * (direct/types.ts) for pages the caller must read with pdf.js instead.
 */
import type { Page } from '../model.ts';
import { pageMayHaveRuledTable } from '../tables/table-gate.ts';
import { pageDrawsTextGrid } from '../tables/grid-gate.ts';
import type { DirectDocument } from './direct/direct-document.ts';
import { Unsupported, type Matrix } from './direct/types.ts';
import type { ResolvedFont } from './document-fonts.ts';
import { inferFontStyle } from './font-style.ts';
import { applyLinks, extractLinks, type LinkPage, type LinkReader } from './links.ts';
import { hasMarkedIds, itemsToRuns } from './text-runs.ts';
import { figureAlts, NO_STRUCTURE, treeCells, treeItems } from './struct-roles.ts';
import { withBullets } from './bullet-marks.ts';
import { uprightPage } from './page-turn.ts';
import { hasMonoSpaces, repairMonoSpaces } from './monospace-spaces.ts';

/**
 * Extracts a page with the direct reader; `readLinks` should be the document's
 * linkReader. `page` gives the page's reference and frame (a pdf.js page
 * proxy, or the direct backend's own GeometryPage).
 */
export async function extractDirectPage(direct: DirectDocument, page: LinkPage, number: number, readLinks: LinkReader = extractLinks): Promise<Page> {
  const vp = page.getViewport({ scale: 1 });
  const ref = page.ref;
  if (!ref) throw new Unsupported('page has no object reference');
  const vt = vp.transform as Matrix;
  const read = direct.page(ref, page.view, vt);
  const structure = hasMarkedIds(read.content.items) ? direct.structure(read) : NO_STRUCTURE;
  const styles = new Map<string, ResolvedFont>();
  const fontOf = (id: string): ResolvedFont => {
    let style = styles.get(id);
    if (!style) {
      const font = direct.font(id);
      if (!font) throw new Unsupported(`font ${id} unknown`);
      const flags = { bold: font.bold, italic: font.italic, monospace: font.monospace, family: font.fallbackName };
      style = { name: font.name, ...inferFontStyle(font.name, flags), ...(font.unmapped ? { unmapped: font.unmapped } : {}) };
      styles.set(id, style);
    }
    return style;
  };
  const { styles: textStyles, glyphs } = read.content;
  const mono = (id: string) => textStyles[id]?.fontFamily === 'monospace';
  const items = glyphs && hasMonoSpaces(read.content.items, mono) ? repairMonoSpaces(read.content.items, glyphs, mono) : read.content.items;
  const runs = withBullets(read.marks, itemsToRuns(items, textStyles, vt, fontOf, structure));
  const links = runs.length ? await readLinks(page) : [];
  const page0: Page = { number, width: vp.width, height: vp.height, runs: applyLinks(runs, links), rules: read.rules, lines: [], blocks: [], ink: read.ink };
  if (read.drawn.length) page0.drawn = read.drawn;
  if (read.shaded.length) page0.shaded = read.shaded;
  if (read.content.outside) page0.outsideCropSpans = read.content.outside;
  if (structure.alts.size) page0.figureAlts = figureAlts(structure.alts);
  if (structure.cells.size) page0.treeCells = treeCells(structure.cells);
  if (structure.items.size) page0.treeItems = treeItems(structure.items);
  // Sideways text is read in its own direction (page-turn.ts); the table gate then sees upright rows.
  const out = uprightPage(page0);
  // The rules come with the content pass at no extra cost, but only pages whose text suggests
  // a table use them, exactly as when they come from pdf.js's operator list.
  // (The interpreter has already dropped rules off the page.)
  const bars = out.rules.filter((r) => r.orientation === 'v');
  // A drawn grid with text inside keeps them too: its cells may sit only a word space apart (grid-gate.ts).
  const keep = pageMayHaveRuledTable(out.runs, out.width) || pageDrawsTextGrid(out.rules, out.runs);
  return { ...out, rules: keep ? out.rules : [], bars };
}

