/**
 * The interpreter's record of what is painted, for hidden text: each shown
 * string is judged when it is shown (render mode, alpha, a hidden layer, the
 * same colour as the paint beneath it), and each text item is judged again
 * once the page is done (paint laid over it later; invisible text over a
 * scanned image is an OCR layer and is kept).
 */
import type { Box } from '../../../model.ts';
import type { HiddenTextKind } from '../../../types.ts';
import type { PathPaint, Subpath } from '../../../tables/path-rules.ts';
import type { TextItem, Matrix } from '../types.ts';
import { contains, intersect, type Fill, type PaintLog, type Rgb } from './paint-state.ts';
import type { Frame } from './frame.ts';
import { textTransform } from '../text-geometry.ts';
import type { TextState } from '../text-state.ts';
import { greatest, least, magnitude } from '../../../numbers.ts';

/** Painted areas one page may log; past this, later paint is not judged (a bound on hostile content). */
const MAX_FILLS = 20_000;
/** Colours closer than this in every channel (0-255) look the same. */
const SAME_COLOUR = 6;
/** Item × cover comparisons one page may make; past it, cover is not judged (a bound on hostile pages). */
const MAX_COVER_CHECKS = 20_000_000;
/** How far (points) a cover may fall short of the text's box and still hide it. */
const COVER_SLACK = 1;

// Math.min and Math.max folded one point at a time give what they give over all the points at once (NaN and -0 included).
function boxOf(points: readonly { x: number; y: number }[], count = points.length): Box {
  let x0 = Infinity, y0 = Infinity, x1 = -Infinity, y1 = -Infinity;
  for (let i = 0; i < count; i++) {
    const p = points[i]!;
    x0 = least(x0, p.x);
    y0 = least(y0, p.y);
    x1 = greatest(x1, p.x);
    y1 = greatest(y1, p.y);
  }
  return { x0, y0, x1, y1 };
}

/** The bounding box of a path's subpaths in page space, and whether it is one axis-aligned rectangle. */
function pathBox(subs: readonly Subpath[]): { box: Box; rect: boolean } | null {
  const pts = subs.length === 1 ? subs[0]!.pts : subs.flatMap((s) => s.pts);
  if (pts.length === 0) return null;
  const box = boxOf(pts);
  const only = subs.length === 1 ? subs[0]! : null;
  const rect = only !== null && !only.curved && only.pts.length >= 4 && only.pts.length <= 5 &&
    only.pts.every((p) => (magnitude(p.x - box.x0) < 0.01 || magnitude(p.x - box.x1) < 0.01) && (magnitude(p.y - box.y0) < 0.01 || magnitude(p.y - box.y1) < 0.01));
  return { box, rect };
}

function push(f: Frame, fill: Omit<Fill, 'order'>): void {
  const log = f.page.paint;
  // Any paint through a render-mode-7 clip shows the text that made it.
  for (const t of f.g.paint.textClip ?? []) t.kind = null;
  if (log.fills.length >= MAX_FILLS) return;
  const logged = { ...fill, order: ++log.order };
  log.fills.push(logged);
  log.bands.add(logged);
}

/** A painted path, split into device subpaths with the current ctm (after the rule reader has seen it); `W`/`W*` before it narrows the clip. */
export function notePath(f: Frame, kind: PathPaint, subpaths: readonly Subpath[]): void {
  const p = f.g.paint;
  const shape = pathBox(subpaths);
  if (!shape) return;
  if (kind === 'fill' || kind === 'fillStroke') {
    const opaque = p.fillAlpha >= 1 && p.replaces;
    push(f, { box: intersect(shape.box, p.clip), rgb: p.fill, cover: opaque && shape.rect, image: false });
  } else if (kind === 'stroke') {
    for (const t of p.textClip ?? []) t.kind = null;
  }
  if (f.clipNext) {
    p.clip = intersect(shape.box, p.clip);
    f.clipNext = false;
  }
}

/** An image (XObject or inline): the unit square under the current transform. */
export function noteImage(f: Frame): void {
  const m = f.g.rule.ctm;
  const pts = [[0, 0], [1, 0], [0, 1], [1, 1]].map(([x, y]) => ({ x: m[0]! * x! + m[2]! * y! + m[4]!, y: m[1]! * x! + m[3]! * y! + m[5]! }));
  push(f, { box: intersect(boxOf(pts), f.g.paint.clip), rgb: null, cover: false, image: true });
}

/** `sh`: a shading fills the clip (or the page); what lies beneath it is then of unknown colour. */
export function noteShading(f: Frame): void {
  push(f, { box: f.g.paint.clip ?? f.page.paint.page, rgb: null, cover: false, image: false });
}

function sameColour(a: Rgb, b: Rgb): boolean {
  // Channel by channel, not a.every(…): this runs per shown string, and the callback was a closure per call.
  return a !== null && b !== null && magnitude(a[0] - b[0]) < SAME_COLOUR && magnitude(a[1] - b[1]) < SAME_COLOUR && magnitude(a[2] - b[2]) < SAME_COLOUR;
}

/** The white page, beneath a point nothing was painted at. */
const PAGE_WHITE: Rgb = [255, 255, 255];

/** The colour beneath a point: the last paint there, the white page if none; null when unknown. */
function beneath(log: PaintLog, x: number, y: number): Rgb {
  const fill = log.bands.at(x, y);
  return fill ? fill.rgb : PAGE_WHITE;
}

/** Scratch for the position a string is judged at. */
const AT: Matrix = [0, 0, 0, 0, 0, 0];

/** How the text about to be shown in text state `s` is painted. */
function judge(f: Frame, s: TextState, base: Matrix): HiddenTextKind | null {
  const p = f.g.paint;
  if (f.page.paint.hiddenDepth > 0) return 'hidden_layer';
  const mode = p.renderMode;
  if (mode === 3 || mode === 7) return 'render_mode_3';
  const fills = mode !== 1 && mode !== 5, strokes = mode === 1 || mode === 2 || mode === 5 || mode === 6;
  const alpha = greatest(fills ? p.fillAlpha : 0, strokes ? p.strokeAlpha : 0);
  if (alpha <= 0) return 'transparent';
  const colour = fills ? p.fill : p.stroke;
  // Where nothing is painted yet the page is white everywhere: the glyph's position is not needed.
  if (f.page.paint.fills.length === 0) return sameColour(colour, PAGE_WHITE) ? 'background_colour' : null;
  // A point a quarter em along and a third of an em up the glyph (text rendering matrix, user space), in page space.
  const at = textTransform(s, AT);
  const ux = at[4] + 0.25 * at[0] + 0.3 * at[2], uy = at[5] + 0.25 * at[1] + 0.3 * at[3];
  const x = base[0] * ux + base[2] * uy + base[4], y = base[1] * ux + base[3] * uy + base[5];
  return sameColour(colour, beneath(f.page.paint, x, y)) ? 'background_colour' : null;
}

/**
 * The paint record for a string about to be shown in text state `s`: the
 * current one while the judgement and the paint order hold, else a new one.
 * Returns its index.
 */
export function textPaint(f: Frame, s: TextState): number {
  const log = f.page.paint;
  const kind = judge(f, s, log.base);
  const last = log.texts.length - 1;
  const cur = log.texts[last];
  const clipped = f.g.paint.renderMode === 7;
  if (cur && cur.kind === kind && cur.order === log.order && !clipped) return last;
  const rec = { kind, order: log.order };
  log.texts.push(rec);
  if (clipped) (f.g.paint.textClip ??= []).push(rec);
  return last + 1;
}

/** The page-space box of a text item (ascent and descent estimated at 0.8 and 0.2 em). */
function itemBox(it: TextItem, base: Matrix): Box {
  const t = it.transform;
  const len = Math.hypot(t[0], t[1]) || 1, up = Math.hypot(t[2], t[3]) || 1;
  const corner = (along: number, across: number) => {
    const ux = t[4] + (t[0] / len) * along + t[2] * across, uy = t[5] + (t[1] / len) * along + t[3] * across;
    return { x: base[0] * ux + base[2] * uy + base[4], y: base[1] * ux + base[3] * uy + base[5] };
  };
  const pts = [corner(0, -0.2), corner(it.width, -0.2), corner(0, 0.8), corner(it.width, 0.8)];
  return boxOf(pts, up ? 4 : 2);
}

/** The index of the first of `covers` (in paint order, as the log holds them) painted after `order`; their count if none. */
function firstAfter(covers: readonly Fill[], order: number): number {
  let lo = 0, hi = covers.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (covers[mid]!.order > order) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}

/**
 * Once the page is done, sets `hidden` on each text item the log judged
 * invisible, and on those an opaque rectangle painted later covers. Text that
 * paints nothing over an image is the scan's OCR layer and stays.
 */
export function judgeItems(log: PaintLog, itemCount: number): void {
  // Most pages paint few images and covers; each item is compared with those alone.
  const images = log.fills.filter((fl) => fl.image);
  const covers = log.fills.filter((fl) => fl.cover);
  const { items, records } = log.painted;
  // The bound counts all the page's items (marked content and spaces too), as it did when they were all walked.
  if (covers.length * itemCount > MAX_COVER_CHECKS) covers.length = 0;
  for (let i = 0; i < items.length; i++) {
    const it = items[i]!;
    const rec = log.texts[records[i]!];
    if (!rec) continue;
    let kind = rec.kind;
    // Visible text with no cover painted after it stays as it is: most items, which then need no trimmed copy
    // and no box (most covers are backgrounds, painted before their text).
    const from = kind === null ? firstAfter(covers, rec.order) : covers.length;
    if (kind === null && from === covers.length) continue;
    if (it.str.trim() === '') continue;
    // The item's box is found only when there is paint to compare it with: most pages have none.
    if ((kind === 'render_mode_3' || kind === 'transparent') && images.length > 0) {
      const box = itemBox(it, log.base);
      const cx = (box.x0 + box.x1) / 2, cy = (box.y0 + box.y1) / 2;
      if (images.some((fl) => cx >= fl.box.x0 && cx <= fl.box.x1 && cy >= fl.box.y0 && cy <= fl.box.y1)) kind = null;
    } else if (kind === null && covers.length > 0) {
      const box = itemBox(it, log.base);
      for (let c = from; c < covers.length && kind === null; c++) if (contains(covers[c]!.box, box, COVER_SLACK)) kind = 'covered';
    }
    if (kind) it.hidden = kind;
  }
}
