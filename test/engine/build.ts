/**
 * Builders for hand-made documents in engine stage tests: runs, lines, pages
 * and paragraphs with realistic geometry, no PDF involved.
 */
import type { Block, Doc, Line, Page, TextRun } from '../../engine/model.ts';
import { unionBox } from '../../engine/geometry.ts';

/** Approximate glyph advance, in ems, for builder geometry. */
const EM_WIDTH = 0.5;

/** A run at (x, baseline-top y) with a width derived from its text. */
export function run(text: string, x: number, y: number, o: Partial<TextRun> = {}): TextRun {
  const size = o.fontSize ?? 10;
  const width = text.length * size * EM_WIDTH;
  return {
    text, box: { x0: x, y0: y, x1: x + width, y1: y + size }, fontName: 'Body', fontSize: size,
    bold: false, italic: false, monospace: false, dir: 'ltr', ...o,
  };
}

/** A line made of runs laid out left to right from x with one-space gaps. */
export function line(parts: (string | TextRun)[], x: number, y: number, o: Partial<TextRun> = {}): Line {
  const runs: TextRun[] = [];
  let cx = x;
  for (const p of parts) {
    const r = typeof p === 'string' ? run(p, cx, y, o) : p;
    runs.push(r);
    cx = r.box.x1 + (o.fontSize ?? 10) * EM_WIDTH;
  }
  return { runs, box: unionBox(runs.map((r) => r.box)) };
}

/** Lines of body text, one per string, 12pt apart from y. */
export function textLines(texts: string[], x: number, y: number, o: Partial<TextRun> = {}, pitch = 12): Line[] {
  return texts.map((t, i) => line([t], x, y + i * pitch, o));
}

/** A page holding the given lines (and their runs). */
export function page(number: number, lines: Line[], extra: Partial<Page> = {}): Page {
  return { number, width: 600, height: 800, runs: lines.flatMap((l) => l.runs), rules: [], lines, blocks: [], ...extra };
}

/** A document of pages with optional outline. */
export function doc(pages: Page[], outline: Doc['signals']['outline'] = [], tagged = false): Doc {
  return { pages, signals: { outline, tagged }, warnings: [] };
}

/** A paragraph block carrying its source lines, as the blocks stage makes them. */
export function para(lines: Line[], pageNo = 1): Extract<Block, { kind: 'paragraph' }> {
  return {
    kind: 'paragraph', lines, prov: { page: pageNo, box: unionBox(lines.map((l) => l.box)) },
    spans: [{ text: lines.map((l) => l.runs.map((r) => r.text).join('')).join(' ') }],
  };
}

/** The kinds of a page's blocks, for compact assertions. */
export const kinds = (p: Page) => p.blocks.map((b) => b.kind);
