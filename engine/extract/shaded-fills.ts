/**
 * Shaded areas: filled axis-aligned rectangles too thick to be rules (a
 * zebra table's row stripes, a header's background, a shaded box). A stripe
 * spans its own table's width and no more, so two tables side by side with
 * shaded rows show a gap between their stripes where their text may show
 * none (issue 19, class 4). path-rules.ts keeps the thin fills as rules;
 * these are the rest. White fills erase and are left out.
 */
import type { Box } from '../model.ts';
import type { PathPaint, PathStyle, Subpath } from '../tables/path-rules.ts';
import { greatest, least, magnitude } from '../numbers.ts';

/** Shaded rectangles kept per page: the bound holds on hostile content (a map of thousands of tiles). */
export const MAX_SHADED = 5_000;
/** Points across at or under which a filled shape is a rule (path-rules.ts MAX_RULE_THICKNESS), not a shaded area. */
const RULE_THICKNESS = 3;
/** Points a corner may stray from the box's edge and still make an axis-aligned rectangle (rounding of device coordinates). */
const AXIS_SLACK = 0.5;

/** The box of a subpath that is one axis-aligned rectangle (four corners, closed or not), else null. */
function rectBox(sp: Subpath): Box | null {
  if (sp.curved || sp.pts.length < 4 || sp.pts.length > 5) return null; // four corners, the first repeated when closed
  let x0 = Infinity, y0 = Infinity, x1 = -Infinity, y1 = -Infinity;
  for (const p of sp.pts) {
    x0 = least(x0, p.x);
    y0 = least(y0, p.y);
    x1 = greatest(x1, p.x);
    y1 = greatest(y1, p.y);
  }
  const onEdge = (v: number, a: number, b: number) => magnitude(v - a) <= AXIS_SLACK || magnitude(v - b) <= AXIS_SLACK;
  return sp.pts.every((p) => onEdge(p.x, x0, x1) && onEdge(p.y, y0, y1)) ? { x0, y0, x1, y1 } : null;
}

/** One painted path's shaded rectangles (device space, top-left origin), cut to the clip when one is set. */
export function shadedRects(paint: PathPaint, subpaths: readonly Subpath[], st: PathStyle, clip: Box | null): Box[] {
  if ((paint !== 'fill' && paint !== 'fillStroke') || st.fillWhite) return [];
  const out: Box[] = [];
  for (const sp of subpaths) {
    const b = rectBox(sp);
    if (!b) continue;
    const box = clip ? { x0: greatest(b.x0, clip.x0), y0: greatest(b.y0, clip.y0), x1: least(b.x1, clip.x1), y1: least(b.y1, clip.y1) } : b;
    if (least(box.x1 - box.x0, box.y1 - box.y0) > RULE_THICKNESS) out.push(box);
  }
  return out;
}
