/**
 * The tables stage: per page, finds ruled tables first (their grid is
 * certain), then whitespace-aligned tables among the remaining lines, pushes
 * table blocks and removes the text they took from `page.lines`. In a tagged
 * PDF, a whitespace table the structure tree tags as something else stays text.
 */
import type { Box, Line, Page, Rule } from '../model.ts';
import { documentWords, type Words } from './broken-words.ts';
import { detectByLayout } from './layout-bands.ts';
import { detectRuledTables } from './ruled-tables.ts';
import { TOUCH } from './rule-grid.ts';
import { sideBySideParts } from './side-by-side.ts';
import { shadedBands } from './shaded-bands.ts';
import { baselineParts } from './baseline-split.ts';
import { chartAreas } from './chart-gridlines.ts';
import { axisAreas } from './chart-axes.ts';
import { isGlyphArt, isLooseLabels, isProseInColumns, isRunOnRows, isWordRiver } from './prose-cells.ts';
import { isWrappedColumns } from './wrapped-columns.ts';
import { isEnumeratedList } from './enumerated-lists.ts';
import { isNumberedHeadings } from './numbered-headings.ts';
import { isDisplayMath } from './display-math.ts';
import { regionGutter } from './column-straddle.ts';
import { isSideLabelledProse } from './side-labels.ts';
import type { Stage } from '../stage.ts';
import { linesOf, removeRuns, type Detected } from './table-parts.ts';
import { forgetChunks } from './chunks.ts';
import { treeSaysNoTable } from './tree-says-no-table.ts';
import { isAuthorGrid } from './author-grid.ts';
import { isJustifiedLines } from './justified-rows.ts';
import { findLayoutGutter, proseBeside, sidesOfGutter, type Gutter } from './layout-gutter.ts';
import { detectBesideGutter, detectBetweenGutters } from './gutter-tables.ts';
import { proseColumnGutters } from './prose-columns.ts';
import { isDrawing } from './drawn-figure.ts';
import { drawingAreas, drawingLabels } from './drawing-areas.ts';
import { closedBoxes, isCutByBox } from './boxed-parts.ts';
import { isConnectedDiagram } from './connectors.ts';

/** Whether a rule lies on a detected table's box or touches it (a frame drawn just outside the text). */
function overlaps(r: Rule, d: Detected): boolean {
  const b = d.block.prov.box;
  return r.box.x0 < b.x1 && r.box.x1 > b.x0 && r.box.y0 < b.y1 + TOUCH && r.box.y1 > b.y0 - TOUCH;
}

/** Whether box `a`'s centre lies in box `b`. */
function within(a: Box, b: Box): boolean {
  const x = (a.x0 + a.x1) / 2, y = (a.y0 + a.y1) / 2;
  return x >= b.x0 && x <= b.x1 && y >= b.y0 && y <= b.y1;
}

/** Margin (ems of the page's text) around a figure's grid that still holds its labels: tick labels beside it, a title above. */
const FIGURE_MARGIN_EM = { x: 3.6, y: 1.4 };

/** Median font size of the page's lines: the em of its body text (a chart's labels are set smaller). */
function bodyEm(lines: readonly Line[]): number {
  // Sorted as a typed array: no comparator call per pair; the median is the same.
  const sizes = Float64Array.from(lines, (l) => l.runs[0]?.fontSize ?? 0).sort();
  return sizes[sizes.length >> 1] ?? 0;
}

/** Whether a line sits on a figure: in the box of a chart's grid or among its labels just outside it. */
function onFigure(line: Line, figures: readonly Box[], em: number): boolean {
  const x = (line.box.x0 + line.box.x1) / 2;
  const y = (line.box.y0 + line.box.y1) / 2;
  const [mx, my] = [FIGURE_MARGIN_EM.x * em, FIGURE_MARGIN_EM.y * em];
  return figures.some((f) => x >= f.x0 - mx && x <= f.x1 + mx && y >= f.y0 - my && y <= f.y1 + my);
}

/** Whether a whitespace table is text set in columns: prose, chart labels, a sentence cut at word gaps, lines of a paragraph, paragraphs beside side labels, a numbered list's hanging labels, a drawing made of glyphs, a row of authors, justified lines whose word gaps line up, columns of lines wrapped to a measure, numbered headings stacked, display mathematics. */
function isText(t: Detected, lines: readonly Line[], em: number): boolean {
  const b = t.block;
  return isProseInColumns(b) || isLooseLabels(b) || isWordRiver(b) || isRunOnRows(b) || isSideLabelledProse(t, lines, em) || isEnumeratedList(b) || isGlyphArt(b) || isAuthorGrid(t, lines) || isJustifiedLines(t) || isWrappedColumns(t, em) || isNumberedHeadings(t) || isDisplayMath(t);
}

/**
 * The gutter of a page set in two layout columns: a layout gutter with prose
 * beside it, and neither side parted by a gutter of its own (three columns of
 * prose, whose lines the side-by-side search keeps from pairing up); or null.
 */
function twoProseColumns(lines: readonly Line[], width: number): Gutter | null {
  const gutter = findLayoutGutter(lines, width);
  if (!gutter || !proseBeside(lines, gutter, width)) return null;
  const { left, right } = sidesOfGutter(lines, gutter);
  return !findLayoutGutter(left, width) && !findLayoutGutter(right, width) ? gutter : null;
}

// Typewritten documents reach this stage with their body runs no longer monospace (stages/typewriter.ts).
function tablesOnPage(page: Page, words: Words): Page {
  const grids = detectRuledTables(page.number, page.rules, page.lines, words);
  // A grid with plotted lines or a drawing's strokes in it is a figure: its labels stay text, as a chart's do.
  // A grid inside a drawing's box is a part of the drawing.
  const drawn = page.drawn ? grids.tables.filter((t) => isDrawing(t, page.drawn)) : [];
  const drawings = drawn.length ? grids.tables.filter((t) => drawn.includes(t) || drawn.some((d) => within(t.block.prov.box, d.block.prov.box))) : drawn;
  const ruled = drawings.length ? grids.tables.filter((t) => !drawings.includes(t)) : grids.tables;
  const figures = drawings.length ? [...grids.figures, ...drawings.map((t) => t.block.prov.box)] : grids.figures;
  let lines = page.lines;
  for (const t of ruled) lines = removeRuns(lines, t.runs);
  // Rules that framed a ruled table say nothing about the rest of the page.
  const hRules = page.rules.filter((r) => r.orientation === 'h' && !ruled.some((t) => overlaps(r, t)));
  // A chart's labels line up like cells; they stay text (charts by their gridlines, or by their value axis's ticks).
  // The em is found only where asked for: gridlines need rules, and most pages have no chart and no table.
  let bodySize: number | undefined;
  const em = (): number => (bodySize ??= bodyEm(page.lines));
  const charts = [...figures, ...(page.rules.length ? chartAreas(page.rules, page.lines, em()) : []), ...axisAreas(page.lines)];
  const onCharts = charts.length ? lines.filter((l) => !onFigure(l, charts, em())) : lines;
  // A schematic's labels and the notes beside its parts line up like cells; they stay text too.
  const areas = page.drawn ? drawingAreas(page.drawn, page.rules.filter((r) => !ruled.some((t) => overlaps(r, t))), em()) : [];
  const free = areas.length ? removeRuns(onCharts, drawingLabels(onCharts, areas, em())) : onCharts;
  // What lies outside the lines searched: a label at their end is at a break only with none of it below (region-gaps.ts).
  const scope = { number: page.number, width: page.width, words, below: [...ruled.map((t) => t.block.prov.box), ...charts, ...areas] };
  // Tables side by side are searched one by one (side-by-side.ts by their rules, baseline-split.ts by their rows);
  // a page set in two layout columns is searched column by column (gutter-tables.ts), its columns never cut into
  // parts by the rows of a table in one of them.
  // Three columns of prose or more likewise (prose-columns.ts).
  const two = twoProseColumns(free, page.width);
  const gutters = two ? [two] : proseColumnGutters(free, em());
  // Row stripes end where their table does, as its rules do: they part tables side by side too.
  const edges = page.shaded ? [...hRules, ...shadedBands(page.shaded, em())] : hRules;
  // A part made of pieces of the page's lines is one side of a cut at the ends of two tables' rules or stripes.
  const page0 = new Set(free);
  const sides = new Set<Detected>();
  const candidates = gutters
    ? detectBetweenGutters(scope, free, gutters, hRules)
    : sideBySideParts(free, edges).flatMap((part) => {
      const found = baselineParts(part).flatMap((p) => detectByLayout(scope, p, hRules));
      if (part.some((l) => !page0.has(l))) for (const t of found) sides.add(t);
      return found;
    });
  // A chip's outline holds pin marks of rows that go on outside it (boxed-parts.ts); boxes found only if a table asks.
  let boxes: Box[] | undefined;
  const cutByBox = (t: Detected) => isCutByBox(t, (boxes ??= closedBoxes(page.rules)), page.runs);
  // A diagram's labels joined by drawn lines (a graph's vertices, a flowchart's steps) are no table either.
  const isTable = (t: Detected) => !isText(t, lines, em()) && !treeSaysNoTable(t.runs) && !isDrawing(t, page.drawn) && !cutByBox(t)
    && !isConnectedDiagram(t, lines, page.rules);
  // Under a top across the page, a table pairing up two layout columns is searched again column by column; a table
  // on one side of a cut at the ends of rules or stripes has its neighbour table beside it, not a layout column.
  const aligned = candidates.filter(isTable).flatMap((t) => {
    const g = gutters || sides.has(t) ? null : regionGutter(t, free, page.width, em());
    return g ? detectBesideGutter(scope, linesOf(t, free), g, hRules).filter(isTable) : [t];
  });
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
    const pages = doc.pages.map((p) => {
      const out = tablesOnPage(p, words);
      forgetChunks();
      return out;
    });
    return { ...doc, pages };
  },
};
