/**
 * List bullets drawn as shapes. Browsers paint the markers of HTML lists as
 * vector paths (a filled disc, a stroked circle, a square), not as text, so
 * without them a list reads as one long paragraph. Small closed shapes are
 * kept as marks while the content is read, and a mark set just left of a
 * text line's start becomes a bullet run there, which the lists stage then
 * reads like a typed one.
 */
import type { Box, TextRun } from '../model.ts';
import type { PathPaint, PathStyle, Subpath } from '../tables/path-rules.ts';
import { greatest, least, magnitude } from '../numbers.ts';

/** A small closed shape: filled round (disc), stroked round (circle), or square. */
export type Mark = { box: Box; shape: 'disc' | 'circle' | 'square' };

/** Shapes outside these sizes (points) are not list markers: dots of a leader, icons, boxes. */
const MIN_SIZE = 1.5;
const MAX_SIZE = 10;
/** Width and height of a marker differ by at most this share of the larger. */
const MAX_ASPECT_GAP = 0.25;
/** A marker's size relative to its line's font size. */
const MIN_SIZE_EM = 0.15;
const MAX_SIZE_EM = 0.7;
/** How far right of the marker (ems) the item's text may start. */
const MAX_GAP_EM = 3;
/** Marks kept per page; a page of thousands of dots is a drawing, not a list. */
export const MAX_MARKS = 2_000;

const TEXT: Record<Mark['shape'], string> = { disc: '•', circle: '◦', square: '▪' };

/** The marks among one painted path's subpaths (deviceSubpaths with `st.ctm`: device space, top-left origin). */
export function pathMarks(paint: PathPaint, subpaths: readonly Subpath[], st: PathStyle): Mark[] {
  const fill = (paint === 'fill' || paint === 'fillStroke') && !st.fillWhite;
  const stroke = (paint === 'stroke' || paint === 'fillStroke') && !st.strokeWhite;
  if (!fill && !stroke) return [];
  const out: Mark[] = [];
  for (let k = 0; k < subpaths.length; k++) {
    const sp = subpaths[k]!;
    const first = sp.pts[0];
    const last = sp.pts.at(-1);
    if (!first || !last || sp.pts.length < 3 || Math.hypot(first.x - last.x, first.y - last.y) > 0.5) continue;
    const box = { x0: Infinity, y0: Infinity, x1: -Infinity, y1: -Infinity };
    for (let i = 0; i < sp.pts.length; i++) {
      const p = sp.pts[i]!;
      box.x0 = least(box.x0, p.x);
      box.y0 = least(box.y0, p.y);
      box.x1 = greatest(box.x1, p.x);
      box.y1 = greatest(box.y1, p.y);
    }
    const w = box.x1 - box.x0;
    const h = box.y1 - box.y0;
    const size = greatest(w, h);
    if (size < MIN_SIZE || size > MAX_SIZE || magnitude(w - h) > MAX_ASPECT_GAP * size) continue;
    out.push({ box, shape: !sp.curved ? 'square' : fill ? 'disc' : 'circle' });
  }
  return out;
}

const middle = (b: Box) => (b.y0 + b.y1) / 2;

/** The run a mark introduces: the nearest run starting right of it on its line, if nothing covers the mark. */
function introduced(mark: Mark, runs: readonly TextRun[]): TextRun | null {
  const y = middle(mark.box);
  let best: TextRun | null = null;
  for (let i = 0; i < runs.length; i++) {
    const r = runs[i]!;
    if (y < r.box.y0 || y > r.box.y1 || r.dir !== 'ltr') continue;
    // Text over or around the mark: a drawing in a line, not a marker before it.
    if (r.box.x0 < mark.box.x1 && r.box.x1 > mark.box.x0) return null;
    const gap = r.box.x0 - mark.box.x1;
    if (gap >= 0 && gap <= MAX_GAP_EM * r.fontSize && (!best || r.box.x0 < best.box.x0)) best = r;
  }
  if (!best) return null;
  const size = greatest(mark.box.x1 - mark.box.x0, mark.box.y1 - mark.box.y0);
  if (size < MIN_SIZE_EM * best.fontSize || size > MAX_SIZE_EM * best.fontSize) return null;
  // Nothing may sit between the mark and its line's start further left: a mark mid-line is decoration.
  const y0 = best.box.y0, y1 = best.box.y1;
  if (runs.some((r) => r !== best && r.box.x1 <= mark.box.x0 && r.box.x1 > mark.box.x0 - MAX_GAP_EM * best!.fontSize && middle(r.box) >= y0 && middle(r.box) <= y1)) return null;
  return best;
}

/**
 * The runs with a bullet run before each run a mark introduces (at most one
 * per run), set on that run's line in its font.
 */
export function withBullets(marks: readonly Mark[], runs: TextRun[]): TextRun[] {
  if (marks.length === 0) return runs;
  const before = new Map<TextRun, TextRun>();
  for (const mark of marks) {
    const run = introduced(mark, runs);
    if (!run || before.has(run)) continue;
    const { href: _href, ...style } = run;
    const box = { x0: mark.box.x0, y0: run.box.y0, x1: mark.box.x1, y1: run.box.y1 };
    before.set(run, { ...style, text: TEXT[mark.shape], box, bold: false, italic: false, monospace: false });
  }
  if (before.size === 0) return runs;
  return runs.flatMap((r) => {
    const bullet = before.get(r);
    return bullet ? [bullet, r] : [r];
  });
}
