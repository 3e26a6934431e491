/**
 * What the interpreter tracks to tell visible text from text that is never
 * seen (issue 24's hidden text): per graphics-state level, the text render
 * mode, the fill and stroke colours as RGB, their alphas, whether paint
 * replaces what is beneath (normal blending, no soft mask) and the clip's
 * bounding box; per page, a log of what was painted in which order.
 */
import type { Box } from '../../../model.ts';
import type { HiddenTextKind } from '../../../types.ts';
import type { PdfValue } from '../../pdf-objects/values.ts';
import type { Matrix, TextItem } from '../types.ts';
import { FillBands } from './fill-bands.ts';
import { maxOf, minOf } from '../../../numbers.ts';

/** An RGB colour, each channel 0-255; null where the colour space cannot be converted (patterns, separations). */
export type Rgb = [number, number, number] | null;

/** The part of the graphics state that decides whether paint is seen. */
export type PaintState = {
  /** Text render mode (Tr): 3 paints nothing, 7 only adds to the clip. */
  renderMode: number;
  fill: Rgb;
  stroke: Rgb;
  fillAlpha: number;
  strokeAlpha: number;
  /** False under a blend mode other than Normal or a soft mask: paint then need not hide what is beneath. */
  replaces: boolean;
  /** Bounding box of the clip in top-left page space; null while nothing is clipped. */
  clip: Box | null;
  /** Records of text shown in render mode 7 while its clip is in effect: later paint through that clip shows it. */
  textClip: TextPaint[] | null;
};

/** What one stretch of shown text was judged, and when it was painted (paint order). */
export type TextPaint = { kind: HiddenTextKind | null; order: number };

/** A painted area: a filled path, an image or a shading, in top-left page space, clipped. */
export type Fill = {
  box: Box;
  /** The fill colour; null for images, shadings and unconvertible colours (the background is then unknown). */
  rgb: Rgb;
  /** An opaque axis-aligned rectangle: the only paint trusted to hide text drawn before it. */
  cover: boolean;
  image: boolean;
  order: number;
};

/** The page's paint log, shared by the page's content stream and its forms. */
export type PaintLog = {
  order: number;
  texts: TextPaint[];
  fills: Fill[];
  /** The same fills by band of the page, to find the one beneath a point (fill-bands.ts). */
  bands: FillBands<Fill>;
  /** Marked-content or form levels that are in a hidden optional-content group. */
  hiddenDepth: number;
  /** True for an /OC value (a group or membership dictionary) that is off. */
  hiddenGroup: (oc: PdfValue | undefined) => boolean;
  /** User space → top-left page space, and the page's box there. */
  base: Matrix;
  page: Box;
  /**
   * The text items shown under a paint record, and the record of each: kept
   * beside the items, not on them, since deleting a property once judged
   * turned every item into a slow dictionary object.
   */
  painted: PaintedItems;
};

/** Text items and, index for index, the paint record each was shown under. */
export type PaintedItems = { items: TextItem[]; records: number[] };

/** Lists `item` as shown under paint record `record`. */
export function notePainted(painted: PaintedItems, item: TextItem, record: number): void {
  painted.items.push(item);
  painted.records.push(record);
}

/** The state a page starts with: black fill and stroke, opaque, nothing clipped. */
export function initialPaintState(): PaintState {
  return { renderMode: 0, fill: [0, 0, 0], stroke: [0, 0, 0], fillAlpha: 1, strokeAlpha: 1, replaces: true, clip: null, textClip: null };
}

/** A copy for `q` or a form (the list of clip-pending text is shared: it is the same clip). */
export function clonePaintState(p: PaintState): PaintState {
  return { ...p, fill: p.fill && [...p.fill], stroke: p.stroke && [...p.stroke], clip: p.clip && { ...p.clip } };
}

/** A fresh log for a page seen through `base` with view box `view`; `hiddenGroup` judges optional-content groups. */
export function paintLog(base: Matrix, view: readonly number[], hiddenGroup: PaintLog['hiddenGroup']): PaintLog {
  const [x0 = 0, y0 = 0, x1 = 0, y1 = 0] = view;
  const xs = [x0, x1].flatMap((x) => [y0, y1].map((y) => base[0] * x + base[2] * y + base[4]));
  const ys = [x0, x1].flatMap((x) => [y0, y1].map((y) => base[1] * x + base[3] * y + base[5]));
  const page = { x0: minOf(xs), y0: minOf(ys), x1: maxOf(xs), y1: maxOf(ys) };
  return { order: 0, texts: [], fills: [], bands: new FillBands(page), hiddenDepth: 0, hiddenGroup, base, page, painted: { items: [], records: [] } };
}

/** The intersection of two boxes (an empty one when they do not meet). */
export function intersect(a: Box, b: Box | null): Box {
  if (!b) return a;
  return { x0: Math.max(a.x0, b.x0), y0: Math.max(a.y0, b.y0), x1: Math.min(a.x1, b.x1), y1: Math.min(a.y1, b.y1) };
}

/** True if `outer` contains `inner`, give or take `tol` points. */
export function contains(outer: Box, inner: Box, tol = 0): boolean {
  return inner.x0 >= outer.x0 - tol && inner.y0 >= outer.y0 - tol && inner.x1 <= outer.x1 + tol && inner.y1 <= outer.y1 + tol;
}
