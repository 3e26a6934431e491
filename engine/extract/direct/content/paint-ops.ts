/**
 * The operators that decide whether paint is seen but not what or where
 * text is: `Tr`, `W`/`W*`, `sh`, an ExtGState's alpha, blend mode and soft
 * mask, and optional content (`BDC /OC`, a form's /OC). They feed the paint
 * state (paint-state.ts); pdf.js's text and rule readers ignore them.
 */
import { isDict, isName, type PdfDict, type PdfValue } from '../../pdf-objects/values.ts';
import { NUMBER } from './content-lexer.ts';
import type { Frame, OpHandlers } from './frame.ts';
import { noteShading } from './paint-log.ts';

/** Blend modes under which paint replaces what is beneath. */
const REPLACING = new Set(['Normal', 'Compatible']);

/** gs: fill and stroke alpha, blend mode, soft mask. */
export function applyExtGState(f: Frame, gs: PdfDict): void {
  const o = f.page.objects, p = f.g.paint;
  const ca = o.lookup(gs, 'ca'), CA = o.lookup(gs, 'CA');
  if (typeof ca === 'number') p.fillAlpha = ca;
  if (typeof CA === 'number') p.strokeAlpha = CA;
  const bm = o.lookup(gs, 'BM');
  const blend = Array.isArray(bm) ? o.resolve(bm[0]) : bm;
  const smask = o.lookup(gs, 'SMask');
  if (blend !== undefined) p.replaces = isName(blend) && REPLACING.has(blend.name);
  if (smask !== undefined) p.replaces = p.replaces && isName(smask) && smask.name === 'None';
}

/** The /OC value a `BDC /OC` names: its inline dictionary or a /Properties resource. */
function ocOf(f: Frame, props: PdfValue | undefined): PdfValue | undefined {
  if (!isName(props)) return props;
  const all = f.page.objects.lookup(f.resources, 'Properties');
  return isDict(all) ? all.map.get(props.name) : undefined;
}

/** BMC/BDC: a `/OC` level whose group is off hides what is painted until its EMC. */
export function beginMarkedPaint(f: Frame, tag: string | null, props: PdfValue | undefined): void {
  const hidden = tag === 'OC' && f.page.paint.hiddenGroup(ocOf(f, props));
  f.marked.push(hidden);
  if (hidden) f.page.paint.hiddenDepth++;
}

/** EMC; one without a matching BMC/BDC in this stream changes nothing. */
export function endMarkedPaint(f: Frame): void {
  if (f.marked.pop()) f.page.paint.hiddenDepth--;
}

/** End of a stream: levels it left open close with it. */
export function closeMarkedPaint(f: Frame): void {
  while (f.marked.length > 0) endMarkedPaint(f);
}

/** The paint-state operators. */
export const PAINT_OPS: OpHandlers = {
  Tr(f, o) {
    if (o.kinds[0] === NUMBER) f.g.paint.renderMode = o.nums[0]!;
  },
  W(f) { f.clipNext = true; },
  'W*'(f) { f.clipNext = true; },
  sh(f) { noteShading(f); },
};
