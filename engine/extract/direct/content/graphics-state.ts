/**
 * The graphics state the interpreter keeps per `q` level: pdf.js's text state
 * for text items, and the rule reader's state (its own transform, which
 * starts at the viewport transform, line width, white fill/stroke and the
 * colour spaces that decide them).
 */
import type { PathStyle } from '../../../tables/path-rules.ts';
import { cloneTextState, initialTextState, type TextState } from '../text-state.ts';
import type { Matrix } from '../types.ts';
import type { ColourSpace } from './colour.ts';
import { clonePaintState, initialPaintState, type PaintState } from './paint-state.ts';

/** What the rule reader tracks; `ctm` maps user space to top-left page space. */
export type RuleState = PathStyle & {
  ctm: Matrix;
  fillSpace: ColourSpace;
  strokeSpace: ColourSpace;
  /** pdf.js patternFillColorSpace: null until a colour space is set, which changes how `scn` reads. */
  patternFillSpace: ColourSpace | null;
  patternStrokeSpace: ColourSpace | null;
};

/** One level of the graphics state stack. */
export type GraphicsState = { text: TextState; rule: RuleState; paint: PaintState };

/** The state a page starts with: text in user space, rules through `base`. */
export function initialGraphicsState(base: Readonly<Matrix>): GraphicsState {
  return {
    text: initialTextState(),
    rule: {
      ctm: [...base] as Matrix, lineWidth: 1, fillWhite: false, strokeWhite: false,
      fillSpace: 'gray', strokeSpace: 'gray', patternFillSpace: null, patternStrokeSpace: null,
    },
    paint: initialPaintState(),
  };
}

/** A copy for `q` or a form XObject. */
export function cloneGraphicsState(g: GraphicsState): GraphicsState {
  return { text: cloneTextState(g.text), rule: { ...g.rule, ctm: [...g.rule.ctm] as Matrix }, paint: clonePaintState(g.paint) };
}
