/**
 * Drawing areas (issue 19, schematics read as tables). A schematic's labels
 * line up in columns: a symbol's name and value pair up with the next
 * symbol's across the wire between them, and notes pair up with the pin
 * numbers beside a chip. A found table's box need not hold the drawing's
 * strokes (drawn-figure.ts sees only those), so the drawing is found first:
 * its curved and slanted strokes (page.drawn), joined by touching, and the
 * rules whose ends meet them (wires, leads, a frame's sides). A cluster of
 * strokes wired by rules, or of several strokes, larger than a mark is a drawing;
 * drawings of one figure, close together, make one area, and the text in
 * and around it is the drawing's labels (tables.ts keeps it out of the
 * whitespace table search, as a chart's). A table's marks stay apart: a
 * check mark, a sparkline or a header's diagonal is one stroke, and a
 * crossed box is smaller than the area a drawing needs.
 */
import type { Box, Line, Rule, Stroke, TextRun } from '../model.ts';
import { union } from './chunks.ts';

/** Gap (ems of the page's text) within which two strokes touch: a joint, not the space between two rows' marks. */
const TOUCH_EM = 0.25;
/** Gap (ems) within which a rule's end meets a part: a wire that stops short of a symbol's outline. */
const WIRE_EM = 1;
/** Length (ems) beyond which a rule is a frame round a page or a table's column rule, not a wire or a lead: a decorated border meets its curves. */
const MAX_WIRE_EM = 30;
/** Strokes that make a drawing by themselves (touching): a table's diagonal header line, check mark or sparkline is one. */
const MIN_STROKES = 3;
/**
 * Parts (strokes and the rules joined to them) that make a drawing when one is a stroke: symbols wired together.
 * A header cell's diagonal meets two or three rules, a crossed box four.
 */
const MIN_PARTS = 6;
/** Extent (ems, the larger side) of the largest stroke a drawing holds at least: a table's drawn check mark or crossed box is smaller than its text (about 0.8 em); xfig's arrowheads and dots are one em. */
const MIN_SYMBOL_EM = 0.9;
/** Extent (ems, the larger side) from which a cluster is a drawing, not a mark: a crossed box or a check mark is about one em. */
const MIN_SPAN_EM = 3;
/** Margin (ems) around a drawing that holds its labels: a symbol's name above it, its value below. */
const LABEL_EM = 1.5;
/** Gap (ems) between drawings of one figure: the rows of a schematic and the parts set under them, with their labels between. */
const MERGE_EM = 8;

/** A stroke, or a rule with its two ends (points on its axis). */
type Part = { box: Box; ends?: [number, number][] };

const extent = (b: Box): number => Math.max(b.x1 - b.x0, b.y1 - b.y0);
const gapBetween = (a: Box, b: Box): number => Math.max(0, a.x0 - b.x1, b.x0 - a.x1, a.y0 - b.y1, b.y0 - a.y1);

const length = (r: Rule): number => Math.max(r.box.x1 - r.box.x0, r.box.y1 - r.box.y0);

/** A rule's two ends, as points on its axis. */
function ends(r: Rule): [number, number][] {
  const b = r.box;
  if (r.orientation === 'h') return [[b.x0, (b.y0 + b.y1) / 2], [b.x1, (b.y0 + b.y1) / 2]];
  return [[(b.x0 + b.x1) / 2, b.y0], [(b.x0 + b.x1) / 2, b.y1]];
}

const near = (p: [number, number], b: Box, gap: number): boolean =>
  p[0] >= b.x0 - gap && p[0] <= b.x1 + gap && p[1] >= b.y0 - gap && p[1] <= b.y1 + gap;

/** Whether two parts join: strokes by touching boxes, a rule by an end at the other part. */
function joined(a: Part, b: Part, em: number): boolean {
  if (!a.ends && !b.ends) return gapBetween(a.box, b.box) <= TOUCH_EM * em;
  const gap = WIRE_EM * em;
  return !!a.ends?.some((p) => near(p, b.box, gap)) || !!b.ends?.some((p) => near(p, a.box, gap));
}

/** Clusters of joined parts (a sweep down the page: only parts whose rows overlap within the gap are compared). */
function clusters(parts: readonly Part[], em: number): Part[][] {
  const gap = Math.max(TOUCH_EM, WIRE_EM) * em;
  const order = [...parts].sort((a, b) => a.box.y0 - b.box.y0);
  const root = order.map((_, i) => i);
  const find = (i: number): number => {
    while (root[i] !== i) i = root[i] = root[root[i]!]!;
    return i;
  };
  for (let i = 0; i < order.length; i++) {
    for (let j = i + 1; j < order.length && order[j]!.box.y0 <= order[i]!.box.y1 + gap; j++) {
      if (joined(order[i]!, order[j]!, em)) root[find(j)] = find(i);
    }
  }
  const groups = new Map<number, Part[]>();
  order.forEach((p, i) => {
    const g = groups.get(find(i));
    if (g) g.push(p);
    else groups.set(find(i), [p]);
  });
  return [...groups.values()];
}

/** Whether a cluster is a drawing: strokes wired by rules, or several strokes, one of them larger than a mark, over more than a mark's size. */
function isDrawingCluster(parts: readonly Part[], em: number): boolean {
  const strokes = parts.filter((p) => !p.ends).length;
  if (!strokes || (strokes < MIN_STROKES && parts.length < MIN_PARTS)) return false;
  if (!parts.some((p) => !p.ends && extent(p.box) >= MIN_SYMBOL_EM * em)) return false;
  return extent(union(parts.map((p) => p.box))) >= MIN_SPAN_EM * em;
}

/** Boxes that lie within `gap` of each other merged, until none do. */
function mergeClose(boxes: readonly Box[], gap: number): Box[] {
  const out = [...boxes];
  for (let merged = true; merged;) {
    merged = false;
    for (let i = 0; i < out.length && !merged; i++) {
      for (let j = i + 1; j < out.length; j++) {
        if (gapBetween(out[i]!, out[j]!) > gap) continue;
        out[i] = union([out[i]!, out[j]!]);
        out.splice(j, 1);
        merged = true;
        break;
      }
    }
  }
  return out;
}

/**
 * The boxes of a page's drawings: clusters of its strokes and the rules
 * that meet them, merged where they lie close. `rules` are those no ruled
 * table took; `em` is the page's body text size.
 */
export function drawingAreas(drawn: readonly Stroke[] | undefined, rules: readonly Rule[], em: number): Box[] {
  if (!drawn?.length || em <= 0) return [];
  const parts: Part[] = [...drawn.map((s) => ({ box: s.box })), ...rules.filter((r) => length(r) <= MAX_WIRE_EM * em).map((r) => ({ box: r.box, ends: ends(r) }))];
  const drawings = clusters(parts, em).filter((c) => isDrawingCluster(c, em)).map((c) => union(c.map((p) => p.box)));
  return mergeClose(drawings, MERGE_EM * em);
}

/** The runs that label a drawing: their centre in one of the areas or within LABEL_EM of it. */
export function drawingLabels(lines: readonly Line[], areas: readonly Box[], em: number): Set<TextRun> {
  const m = LABEL_EM * em;
  const out = new Set<TextRun>();
  for (const l of lines) {
    for (const r of l.runs) {
      const x = (r.box.x0 + r.box.x1) / 2, y = (r.box.y0 + r.box.y1) / 2;
      if (areas.some((a) => x >= a.x0 - m && x <= a.x1 + m && y >= a.y0 - m && y <= a.y1 + m)) out.add(r);
    }
  }
  return out;
}
