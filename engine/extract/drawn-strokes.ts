/**
 * Strokes of a drawing: painted subpaths that bend (a curve) or slant (a
 * segment neither horizontal nor vertical). Table rules, cell shading and
 * list bullets are axis-aligned; wires, arrows, symbols and plotted lines
 * are not. The tables stage asks where they are, so that labels set around a
 * schematic or a diagram do not read as a table of their own (issue 19).
 */
import type { Box, Stroke } from '../model.ts';
import type { PathPaint, PathStyle, Subpath } from '../tables/path-rules.ts';
import { greatest, least, magnitude } from '../numbers.ts';

/** Strokes kept per page: a page of thousands is a drawing already, and the bound holds on hostile content. */
export const MAX_DRAWN = 5_000;
/**
 * Points across below which a shape reads as a rule, however its ends are cut: Chromium paints a 3D table border
 * (`border=1`) as thin trapezoids with mitred ends (path-rules.ts takes fills this thin as rules too).
 */
const THIN = 3;
/** Points a segment's ends may differ across its axis and still be axis-aligned (rounding of device coordinates). */
const AXIS_SLACK = 0.5;

/** Whether some segment of a subpath slants: both ends differ along both axes. */
function slants(sp: Subpath): boolean {
  for (let i = 1; i < sp.pts.length; i++) {
    const a = sp.pts[i - 1]!, b = sp.pts[i]!;
    if (magnitude(a.x - b.x) > AXIS_SLACK && magnitude(a.y - b.y) > AXIS_SLACK) return true;
  }
  return false;
}

function boxOf(sp: Subpath): Box {
  let x0 = Infinity, y0 = Infinity, x1 = -Infinity, y1 = -Infinity;
  for (let i = 0; i < sp.pts.length; i++) {
    const p = sp.pts[i]!;
    x0 = least(x0, p.x);
    y0 = least(y0, p.y);
    x1 = greatest(x1, p.x);
    y1 = greatest(y1, p.y);
  }
  return { x0, y0, x1, y1 };
}

/** One painted path's curved or slanted subpaths (device space, top-left origin), if it paints in a colour that shows. */
export function drawnStrokes(paint: PathPaint, subpaths: readonly Subpath[], st: PathStyle): Stroke[] {
  const fill = (paint === 'fill' || paint === 'fillStroke') && !st.fillWhite;
  const stroke = (paint === 'stroke' || paint === 'fillStroke') && !st.strokeWhite;
  if (!fill && !stroke) return [];
  const out: Stroke[] = [];
  for (let i = 0; i < subpaths.length; i++) {
    const sp = subpaths[i]!;
    if (sp.pts.length < 2 || !(sp.curved || slants(sp))) continue;
    const box = boxOf(sp);
    if (least(box.x1 - box.x0, box.y1 - box.y0) > THIN) out.push({ box, bends: sp.curved || sp.pts.length > 2 });
  }
  return out;
}
