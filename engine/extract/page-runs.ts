/**
 * Text layer → TextRun[] for one page through pdf.js (the fallback reader).
 * Font names and styles come from the document's fonts (document-fonts.ts).
 */
import type { PDFPageProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';
import type { TextItem, TextMarkedContent, TextStyle } from 'pdfjs-dist/types/src/display/api.js';
import type { FigureAlt, TextRun, TreeCellAt, TreeItemAt } from '../model.ts';
import type { DocumentFonts } from './document-fonts.ts';
import { figureAlts, NO_STRUCTURE, pageStructure, treeCells, treeItems } from './struct-roles.ts';
import { hasMarkedIds, itemsToRuns } from './text-runs.ts';
import { hasMonoSpaces, repairMonoSpaces } from './monospace-spaces.ts';
import { pdfjsShownGlyphs } from './pdfjs-shown-glyphs.ts';
import { unmappedFontIds } from './pdfjs-unmapped.ts';

type Matrix = [number, number, number, number, number, number];

/**
 * Extracts the text runs of one page, and the alt texts of its tagged
 * Figures. Runs in fonts the document has not resolved yet get a
 * provisional style until `fonts.settle`. `unmapped` holds the keys of the
 * page's fonts whose glyphs have no text (pdfjs-unmapped.ts): runs in them are marked.
 */
export async function extractPageRuns(
  page: PDFPageProxy, number: number, fonts: DocumentFonts, unmapped: ReadonlySet<string> = new Set(),
): Promise<{ runs: TextRun[]; alts: FigureAlt[]; cells: TreeCellAt[]; items: TreeItemAt[] }> {
  const content = await page.getTextContent({ includeMarkedContent: true });
  const items = content.items.filter((it): it is TextItem => 'str' in it);
  fonts.notePage(page, number, items, content.styles);
  // Only tagged pages carry marked-content ids; only they pay for the structure tree.
  const structure = hasMarkedIds(content.items) ? await pageStructure(page) : NO_STRUCTURE;
  const vt = page.getViewport({ scale: 1 }).transform as Matrix;
  const textless = await unmappedFontIds(page, items.map((it) => it.fontName), unmapped);
  const fontOf = (id: string) => (textless.has(id) ? { ...fonts.style(id), unmapped: true as const } : fonts.style(id));
  const runs = itemsToRuns(await withMonoSpaces(page, content.items, content.styles, fonts), content.styles, vt, fontOf, structure);
  return { runs, alts: figureAlts(structure.alts), cells: treeCells(structure.cells), items: treeItems(structure.items) };
}

/**
 * The items with word spaces in monospace text judged by the glyphs
 * (monospace-spaces.ts). Only pages with a space between two glyphs of a
 * fixed-pitch item pay for the operator list it needs; the fonts it brings
 * are resolved on the way.
 */
async function withMonoSpaces<T extends TextItem | TextMarkedContent>(page: PDFPageProxy, items: T[], styles: Record<string, TextStyle>, fonts: DocumentFonts): Promise<T[]> {
  const mono = (id: string) => styles[id]?.fontFamily === 'monospace';
  if (!hasMonoSpaces(items, mono)) return items;
  const glyphs = await pdfjsShownGlyphs(page).catch(() => null);
  fonts.collect(page);
  return glyphs ? repairMonoSpaces(items, glyphs, mono) : items;
}
