/**
 * A page's place in the document and its frame, in the shape pdf.js's page
 * proxy gives them (`ref`, `view`, `getViewport`), so that the page code reads
 * a page the same way whether pdf.js opened the document or the direct
 * reader did: a pdf.js PDFPageProxy is a GeometryPage as it is.
 */
import type { Matrix } from '../geometry.ts';

/** The viewport at scale 1: the page's size in the top-left frame and the transform to it from user space. */
export type Viewport = {
  readonly width: number;
  readonly height: number;
  readonly transform: number[];
  convertToViewportPoint(x: number, y: number): number[];
};

/** What page reading needs of a page besides its content. */
export type GeometryPage = {
  /** The page object's reference (null only for a page pdf.js found inline). */
  readonly ref: { num: number; gen: number } | null;
  /** The visible box in user space: CropBox ∩ MediaBox, normalised. */
  readonly view: number[];
  getViewport(params: { scale: number }): Viewport;
};

/** The quarter-turn matrix parts pdf.js's PageViewport uses for a page rotation (flipped for a top-left origin). */
const ROTATE: Record<number, [number, number, number, number]> = {
  0: [1, 0, 0, -1], 90: [0, 1, 1, 0], 180: [-1, 0, 0, 1], 270: [0, -1, -1, 0],
};

/** pdf.js's PageViewport at scale 1 (same arithmetic, so the same numbers to the last bit). */
export function viewportOf(view: readonly number[], rotation: number, userUnit: number): Viewport {
  const [x0 = 0, y0 = 0, x1 = 0, y1 = 0] = view;
  const scale = 1 * userUnit;
  const cx = (x1 + x0) / 2;
  const cy = (y1 + y0) / 2;
  const [a, b, c, d] = ROTATE[((rotation % 360) + 360) % 360] ?? ROTATE[0]!;
  const quarter = a === 0;
  const offX = quarter ? Math.abs(cy - y0) * scale : Math.abs(cx - x0) * scale;
  const offY = quarter ? Math.abs(cx - x0) * scale : Math.abs(cy - y0) * scale;
  const width = quarter ? (y1 - y0) * scale : (x1 - x0) * scale;
  const height = quarter ? (x1 - x0) * scale : (y1 - y0) * scale;
  const transform: Matrix = [a * scale, b * scale, c * scale, d * scale, offX - a * scale * cx - c * scale * cy, offY - b * scale * cx - d * scale * cy];
  return {
    width, height, transform,
    convertToViewportPoint: (x, y) => [x * transform[0] + y * transform[2] + transform[4], x * transform[1] + y * transform[3] + transform[5]],
  };
}

/** A GeometryPage from the page's reference, view box, rotation and user unit. */
export function geometryPage(ref: { num: number; gen: number }, view: number[], rotation: number, userUnit: number): GeometryPage {
  const vp = viewportOf(view, rotation, userUnit);
  return { ref, view, getViewport: () => vp };
}
