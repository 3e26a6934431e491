/**
 * A closed box drawn through a "table's" rows: a chip in a schematic, its
 * pin marks inside the outline and its pin numbers beside it, whose rows line
 * up with notes set next to the drawing. A table's own boxes hold whole rows
 * (a frame round it, a header or a total boxed) or cells (a grid drawn cell
 * by cell, a header cell of two lines); a box holding marks of two rows or
 * more while those rows go on outside it parts things the table would join. A box of words, or a wide one, beside text is left alone:
 * lshort's examples frame what LaTeX makes of the source set beside it
 * (formulas too), a fair two-column table.
 */
import type { Box, Rule, TextRun } from '../model.ts';
import type { Detected } from './table-parts.ts';
import { maxOf } from '../numbers.ts';

/** Points within which two rules meet at a box's corner. */
const CORNER_PT = 1.5;
/** Most rules a page's boxes are searched among: a page of many rules is a grid, searched by the ruled pass. */
const MAX_RULES = 400;
/** Points apart two tops must be to be rows of their own. */
const ROW_PT = 2;
/** Rows a box holds text of at least to part a table: one row's cell may wrap in its box. */
const MIN_ROWS_INSIDE = 2;

const near = (a: number, b: number): boolean => Math.abs(a - b) <= CORNER_PT;

/** Rectangles closed by four rules: two horizontal of one span, two vertical joining their ends. */
export function closedBoxes(rules: readonly Rule[]): Box[] {
  if (rules.length > MAX_RULES) return [];
  const h = rules.filter((r) => r.orientation === 'h');
  const v = rules.filter((r) => r.orientation === 'v');
  const out: Box[] = [];
  for (let i = 0; i < h.length; i++) {
    for (let j = i + 1; j < h.length; j++) {
      const [top, bottom] = h[i]!.box.y0 <= h[j]!.box.y0 ? [h[i]!.box, h[j]!.box] : [h[j]!.box, h[i]!.box];
      if (!near(top.x0, bottom.x0) || !near(top.x1, bottom.x1) || bottom.y0 - top.y1 < ROW_PT) continue;
      const side = (x: number) => v.some((s) => near((s.box.x0 + s.box.x1) / 2, x) && near(s.box.y0, top.y0) && near(s.box.y1, bottom.y1));
      if (side(top.x0) && side(top.x1)) out.push({ x0: top.x0, y0: top.y0, x1: top.x1, y1: bottom.y1 });
    }
  }
  return out;
}

/** Widest a chip's outline is, in ems of the marks inside it: a pin mark or two across, a frame round a formula is wider. */
const MAX_BOX_EM = 6;
/** A mark: no letter, or a letter or two (a pin's dot, a symbol, `A1`); a word has three letters or more. */
const MARK = /^[^\p{L}]*(?:\p{L}[^\p{L}]*){0,2}$/u;

const inside = (r: TextRun, b: Box): boolean => r.box.x0 >= b.x0 && r.box.x1 <= b.x1 && r.box.y0 >= b.y0 && r.box.y1 <= b.y1;

/** Ems from a box's side within which a table's mark is set against it: a pin number beside its chip. */
const AGAINST_EM = 1;

/**
 * Whether a small closed box holds marks of two rows or more while text of
 * those rows lies outside it: of the table's rows (the box's marks are the
 * table's), or of the page's, when the table's marks on those rows are set
 * against the box's side (pin numbers beside a chip, whose marks inside it
 * the table did not take: only the notes beside the pins paired up with them).
 */
export function isCutByBox(t: Detected, boxes: readonly Box[], pageRuns: readonly TextRun[] = []): boolean {
  if (!boxes.length) return false;
  const runs = [...t.runs];
  return boxes.some((b) => {
    const own = runs.filter((r) => inside(r, b));
    const within = own.length ? own : pageRuns.filter((r) => inside(r, b));
    const tops = [...new Set(within.map((r) => Math.round(r.box.y0 / ROW_PT)))];
    if (tops.length < MIN_ROWS_INSIDE || !within.every((r) => MARK.test(r.text.trim()))) return false;
    const size = maxOf(within.map((r) => r.fontSize));
    if (b.x1 - b.x0 > MAX_BOX_EM * size) return false;
    const rows = (r: TextRun): boolean => r.box.y1 > b.y0 && r.box.y0 < b.y1;
    // Text of those rows beside the box, left or right of it.
    if (own.length) return runs.some((r) => rows(r) && (r.box.x1 <= b.x0 || r.box.x0 >= b.x1));
    const against = (r: TextRun): boolean => (r.box.x1 <= b.x0 && b.x0 - r.box.x1 <= AGAINST_EM * size) || (r.box.x0 >= b.x1 && r.box.x0 - b.x1 <= AGAINST_EM * size);
    const pins = runs.filter((r) => rows(r) && against(r) && MARK.test(r.text.trim()));
    return new Set(pins.map((r) => Math.round(r.box.y0 / ROW_PT))).size >= MIN_ROWS_INSIDE;
  });
}
