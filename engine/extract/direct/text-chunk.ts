/**
 * The text item being built by text-items.ts, and the gap thresholds pdf.js
 * derives from its font size when it starts.
 */
import type { Matrix } from './types.ts';
import type { ItemParts } from './item-parts.ts';

/** Gap thresholds, in em of the item's font size (pdf.js's factors). */
const TRACKING_SPACE = 0.102;
const NOT_A_SPACE = 0.03;
const NEGATIVE_SPACE = -0.2;
const SPACE_IN_FLOW_MIN = 0.102;
const SPACE_IN_FLOW_MAX = 0.6;

/**
 * The item being built. Like pdf.js's, it is one object reused for every item:
 * the previous glyph's position and the gap thresholds outlive a flush and
 * decide how the next item starts. Its text so far is its parts (item-parts.ts).
 */
export type Chunk = ItemParts & {
  initialized: boolean;
  /** Advance so far in text space (width) and, folded in at each scale change, in user space (totalWidth). */
  width: number;
  totalWidth: number;
  height: number;
  totalHeight: number;
  transform: Matrix;
  /** The previous glyph's transform, rewritten in place per glyph (pushSpace copies what it keeps). */
  prevTransform: Matrix | null;
  prevTextRise: number;
  textAdvanceScale: number;
  spaceInFlowMin: number;
  spaceInFlowMax: number;
  trackingSpaceMin: number;
  negativeSpaceMax: number;
  notASpace: number;
  fontName: string;
  hasEOL: boolean;
  /** The paint record of the item's first string (content/paint-log.ts). */
  paint: number | undefined;
};

/** A chunk before its first item: nothing open, no thresholds yet. */
export function newChunk(): Chunk {
  return {
    initialized: false, str: [], parts: 0, width: 0, totalWidth: 0, height: 0, totalHeight: 0,
    transform: [1, 0, 0, 1, 0, 0], prevTransform: null, prevTextRise: 0, textAdvanceScale: 0,
    spaceInFlowMin: 0, spaceInFlowMax: 0, trackingSpaceMin: Infinity, negativeSpaceMax: -Infinity, notASpace: -Infinity,
    fontName: '', hasEOL: false, paint: undefined,
  };
}

/** The gap thresholds of an item set in `fontSize` (pdf.js's ensureTextContentItem). */
export function setGapThresholds(c: Chunk, fontSize: number): void {
  c.trackingSpaceMin = fontSize * TRACKING_SPACE;
  c.notASpace = fontSize * NOT_A_SPACE;
  c.negativeSpaceMax = fontSize * NEGATIVE_SPACE;
  c.spaceInFlowMin = fontSize * SPACE_IN_FLOW_MIN;
  c.spaceInFlowMax = fontSize * SPACE_IN_FLOW_MAX;
}
