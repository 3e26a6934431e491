/**
 * Hand-built pages for the table tests: runs placed on a grid of points, as a
 * PDF producer would place them, with no PDF involved.
 */
import type { Doc, Line, Page, Rule, TextRun } from '../../../engine/model.ts';

/** Font size used by the test pages. */
export const SIZE = 10;

/** A run of `text` whose left edge is at `x` on the line whose top is `y` (6pt per character). */
export function run(text: string, x: number, y: number, style: Partial<TextRun> = {}): TextRun {
  return {
    text, box: { x0: x, y0: y, x1: x + text.length * 6, y1: y + SIZE },
    fontName: 'Serif', fontSize: SIZE, bold: false, italic: false, monospace: false, dir: 'ltr', ...style,
  };
}

/** Lines from runs grouped by identical top y. */
export function linesOf(runs: readonly TextRun[]): Line[] {
  const byY = new Map<number, TextRun[]>();
  for (const r of runs) byY.set(r.box.y0, [...(byY.get(r.box.y0) ?? []), r]);
  return [...byY.entries()].sort((a, b) => a[0] - b[0]).map(([, rs]) => {
    const sorted = rs.sort((a, b) => a.box.x0 - b.box.x0);
    return {
      runs: sorted,
      box: {
        x0: Math.min(...sorted.map((r) => r.box.x0)), y0: Math.min(...sorted.map((r) => r.box.y0)),
        x1: Math.max(...sorted.map((r) => r.box.x1)), y1: Math.max(...sorted.map((r) => r.box.y1)),
      },
    };
  });
}

/** A horizontal rule from x0 to x1 at y. */
export const hRule = (x0: number, x1: number, y: number): Rule => ({ box: { x0, y0: y - 0.3, x1, y1: y + 0.3 }, orientation: 'h' });
/** A vertical rule from y0 to y1 at x. */
export const vRule = (x: number, y0: number, y1: number): Rule => ({ box: { x0: x - 0.3, y0, x1: x + 0.3, y1 }, orientation: 'v' });

/** An A4-sized page holding the runs (as lines) and rules. */
export function page(runs: readonly TextRun[], rules: readonly Rule[] = [], number = 1): Page {
  return { number, width: 595, height: 842, runs: [...runs], rules: [...rules], lines: linesOf(runs), blocks: [] };
}

/** A document of the given pages. */
export function doc(...pages: Page[]): Doc {
  return { pages, signals: { outline: [], tagged: false }, warnings: [] };
}
