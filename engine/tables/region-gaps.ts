/**
 * Blank space inside a table. Reports leave a blank line or two between the
 * header and the body, and before each group of rows (`Male`, `Female`);
 * a vertical gap alone would cut the table there. The table goes on across
 * a gap when the next row puts its cells where the rows above put theirs,
 * or one under each label of the header above.
 */
import type { Box, Rule } from '../model.ts';
import type { RegionLine } from './columns.ts';
import type { Chunk } from './chunks.ts';
import { NUMBER } from './rows.ts';
import { HALF, REGION_GAP_LINES, WRAP_BLANK_LINES } from './measures.ts';

/** Largest blank (in line heights) a table may hold between two of its rows. */
export const MAX_GAP_LINES = 3.5;
/** A cell edge or centre this close (points) to one above counts as aligned. */
const ALIGN_TOLERANCE_EM = 0.3;
/** Cells a row needs, and the share of them aligned with the rows above. */
const MIN_CELLS = 3;
/** Share of a row's cells aligned with a cell of the rows above: two in three. */
const MIN_ALIGNED_SHARE = 2 / 3;
/** Lines a header above a blank may take: its labels and a line under them (years, units). */
const MAX_HEADER_LINES = 2;
/** Largest share of its extent a row's text may cover. */
const MAX_DENSITY = 0.7;

/** A region line and whether it splits into cells (`multi`) or is one piece (`single`). */
type GapLine = RegionLine & { kind: string };


/** Share of a line's extent its text covers: rows of cells leave most of it blank, justified prose little. */
function density(row: GapLine): number {
  const x0 = row.chunks[0]!.box.x0;
  const x1 = row.chunks[row.chunks.length - 1]!.box.x1;
  return row.chunks.reduce((s, c) => s + c.box.x1 - c.box.x0, 0) / Math.max(x1 - x0, 1);
}

/** Whether most of a row's cells are numbers: a dense row of numbers is still a row, never prose. */
function numeric(row: GapLine): boolean {
  const numbers = row.chunks.filter((c) => NUMBER.test(c.runs.map((r) => r.text).join('').replace(/\s+/g, ''))).length;
  return numbers >= HALF * row.chunks.length;
}

/**
 * Where a number's decimal point sits (points), or null for a chunk that is
 * no number: the point's position, or the end of the digits of a whole
 * number, where its point would be. LaTeX's dcolumn and word processors'
 * decimal tabs line a column up there, so `4.33` sits under `-26,206` with
 * neither edge nor centre in common. Within a run, characters are taken as
 * equally wide (figures are, in nearly every font).
 */
export function decimalX(c: Chunk): number | null {
  if (!NUMBER.test(c.runs.map((r) => r.text).join('').replace(/\s+/g, ''))) return null;
  let digit = false;
  let end: number | null = null;
  for (const r of c.runs) {
    const at = (k: number): number => r.box.x0 + ((r.box.x1 - r.box.x0) * k) / Math.max(r.text.length, 1);
    for (let k = 0; k < r.text.length; k++) {
      const ch = r.text[k]!;
      if (ch === '.' && digit) return at(k);
      if (ch >= '0' && ch <= '9') {
        digit = true;
        end = at(k + 1);
      }
    }
  }
  return end;
}

/**
 * Whether most of `row`'s cells share a left edge, right edge, centre or
 * decimal point with a cell of the region's rows. Justified prose below a
 * table can line up by chance; its words fill the line, a row's cells do not
 * (unless they are numbers).
 */
function alignedWith(region: readonly GapLine[], row: GapLine): boolean {
  const above = region.filter((l) => l.kind === 'multi').flatMap((l) => l.chunks);
  if (row.chunks.length < MIN_CELLS || !above.length || (density(row) > MAX_DENSITY && !numeric(row))) return false;
  const tolerance = ALIGN_TOLERANCE_EM * row.chunks[0]!.runs[0]!.fontSize;
  const near = (a: number, b: number): boolean => Math.abs(a - b) <= tolerance;
  const points = new Map<Chunk, number | null>();
  const point = (c: Chunk): number | null => {
    if (!points.has(c)) points.set(c, decimalX(c));
    return points.get(c)!;
  };
  const aligned = row.chunks.filter((c) => above.some(({ box: b }) => near(b.x0, c.box.x0) || near(b.x1, c.box.x1)
    || near((b.x0 + b.x1) / 2, (c.box.x0 + c.box.x1) / 2)) || (point(c) !== null && above.some((a) => {
    const x = point(a);
    return x !== null && near(x, point(c)!);
  }))).length;
  return aligned >= MIN_ALIGNED_SHARE * row.chunks.length;
}

/**
 * Whether `row` puts one cell under each label of the region's header, its
 * only row so far (or two lines, the second's pieces each under a label of
 * the first other than the stub's), in order: each cell starts at or right of its label's
 * left edge and ends before the next label starts (labels set left over
 * numbers set right), or the same mirrored for labels set right. Reports
 * leave a blank under the header, and the labels' edges need not meet the
 * cells' edges.
 */
function underHeader(region: readonly GapLine[], row: GapLine): boolean {
  const multi = region.filter((l) => l.kind === 'multi');
  if (!multi.length || multi.length > MAX_HEADER_LINES) return false;
  const heads = [...multi[0]!.chunks].sort((a, b) => a.box.x0 - b.box.x0);
  const cells = [...row.chunks].sort((a, b) => a.box.x0 - b.box.x0);
  if (cells.length < MIN_CELLS) return false;
  const tolerance = ALIGN_TOLERANCE_EM * cells[0]!.runs[0]!.fontSize;
  if (subLabelled(multi, cells, tolerance)) return true;
  if (cells.length !== heads.length) return false;
  // The header's further line (`2001  2002  2003` under `Exports  Wages  Count`) puts each piece under a label of
  // its first, none under the stub's: a body row fills the stub.
  const under = (c: Chunk): boolean => heads.some((h, k) => k > 0 && c.box.x0 >= h.box.x0 - tolerance && (k + 1 === heads.length || c.box.x0 < heads[k + 1]!.box.x0));
  if (!multi.slice(1).every((l) => l.chunks.every(under))) return false;
  return fallsUnder(cells, heads, tolerance);
}

/** Whether each cell falls under its label: from the label's left edge to the next label's, or the mirror of that. */
function fallsUnder(cells: readonly Chunk[], heads: readonly Chunk[], tolerance: number): boolean {
  const left = cells.every((c, k) => c.box.x0 >= heads[k]!.box.x0 - tolerance && (k + 1 === heads.length || c.box.x1 < heads[k + 1]!.box.x0));
  const right = cells.every((c, k) => c.box.x1 <= heads[k]!.box.x1 + tolerance && (k === 0 || c.box.x0 > heads[k - 1]!.box.x1));
  return left || right;
}

/**
 * Whether a header's further line labels the row's columns beside a blank
 * stub (`Total  Share  Total  Share` under `Item  2014  2015`): the row's
 * first cell lies left of that line (under the stub's label, where the
 * header has one), and its other cells one under each piece of that line.
 */
function subLabelled(multi: readonly GapLine[], cells: readonly Chunk[], tolerance: number): boolean {
  if (multi.length !== MAX_HEADER_LINES) return false;
  const subs = [...multi[1]!.chunks].sort((a, b) => a.box.x0 - b.box.x0);
  const first = [...multi[0]!.chunks].sort((a, b) => a.box.x0 - b.box.x0)[0]!;
  if (cells.length !== subs.length + 1 || cells[0]!.box.x1 >= subs[0]!.box.x0) return false;
  // The stub's own label, where the header has one (left of the labels under the spans), stands over the row's first cell.
  const stub = first.box.x1 < subs[0]!.box.x0 ? first : null;
  return (!stub || Math.abs(cells[0]!.box.x0 - stub.box.x0) <= tolerance) && fallsUnder(cells.slice(1), subs, tolerance);
}

/** Lines a row-group label may take (`Urban` / `areas` in a narrow stub): the lines continuesAcrossGap looks past. */
export const MAX_LABEL_LINES = 2;

/**
 * The row after a group label opening at `label`: the next line, or the one
 * after the label's further lines (single, each at a paragraph's leading
 * under the one before).
 */
function rowAfterLabel(label: GapLine, after: readonly GapLine[]): GapLine | undefined {
  let k = 0;
  let last = label;
  while (k < MAX_LABEL_LINES - 1 && after[k]?.kind === 'single' && after[k]!.y0 - last.y1 <= WRAP_BLANK_LINES * Math.max(after[k]!.y1 - after[k]!.y0, 1)) {
    last = after[k++]!;
  }
  return after[k];
}

/**
 * Whether the region goes on across the blank above `line`: the gap is at
 * most a few lines, and the next row (this line, or the line after a group
 * label of a line or two) lines up with the region's cells. `after` holds
 * the lines below `line`.
 */
export function continuesAcrossGap(region: readonly GapLine[], line: GapLine, after: readonly GapLine[]): boolean {
  const prev = region[region.length - 1];
  const height = Math.max(line.y1 - line.y0, 1);
  if (!prev || line.y0 - prev.y1 > MAX_GAP_LINES * height) return false;
  if (line.kind === 'multi') return alignedWith(region, line) || underHeader(region, line);
  const next = rowAfterLabel(line, after);
  if (line.kind !== 'single' || next?.kind !== 'multi' || next.y0 - line.y1 > MAX_GAP_LINES * height) return false;
  return alignedWith(region, next) || underHeader(region, next);
}

/**
 * Whether `line`, the last line searched (the last of its layout column or
 * of its page), set off by a blank, is a row-group label whose rows go on
 * past the break: one piece, standing where a label of the region stands
 * that is set off by a blank above rows of its own, with no rule drawn
 * below it across the region and none of `below` (a ruled table the label
 * would title). Word processors and browsers break a table after any row,
 * a group's label too; the parts are joined later (join-tables.ts).
 */
export function labelAtEnd(region: readonly GapLine[], line: GapLine, rules: readonly Rule[], below: readonly Box[] = []): boolean {
  const prev = region[region.length - 1];
  const height = Math.max(line.y1 - line.y0, 1);
  if (line.kind !== 'single' || line.chunks.length !== 1 || !prev || line.y0 - prev.y1 > MAX_GAP_LINES * height) return false;
  const x0 = Math.min(...region.map((l) => l.chunks[0]?.box.x0 ?? Infinity));
  const x1 = Math.max(...region.map((l) => l.chunks[l.chunks.length - 1]?.box.x1 ?? -Infinity));
  const under = (b: Box): boolean => b.y0 > line.y1 && b.x0 < x1 && b.x1 > x0;
  if (rules.some((r) => r.orientation === 'h' && under(r.box)) || below.some(under)) return false;
  const x = line.chunks[0]!.box.x0;
  const tolerance = ALIGN_TOLERANCE_EM * line.chunks[0]!.runs[0]!.fontSize;
  return region.some((l, k) => {
    const [above, next] = [region[k - 1], region[k + 1]];
    return l.kind === 'single' && l.chunks.length === 1 && above?.kind === 'multi' && next?.kind === 'multi'
      && l.y0 - above.y1 > REGION_GAP_LINES * Math.max(l.y1 - l.y0, 1) && Math.abs(l.chunks[0]!.box.x0 - x) <= tolerance;
  });
}
