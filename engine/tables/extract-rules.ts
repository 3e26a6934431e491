/**
 * Ruling extraction: turns the vector drawing operators of a page into
 * horizontal and vertical rules (table borders, booktabs rules, cell
 * separators). Reads pdf.js's operator list, which is expensive, so callers
 * should gate it with `pageMayHaveRuledTable` (table-gate.ts). The geometry
 * lives in path-rules.ts, shared with the direct content reader.
 */
import type { PDFPageProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { opsTable, pdfjsOps } from '../extract/pdfjs-ops.ts';
import type { Rule } from '../model.ts';
import { multiply, type Matrix } from '../geometry.ts';
import { pathRules, rulesOnPage, type PathPaint } from './path-rules.ts';


const paints = opsTable((OPS) => new Map<number, PathPaint>([
  [OPS.stroke, 'stroke'], [OPS.closeStroke, 'stroke'], [OPS.fill, 'fill'], [OPS.eoFill, 'fill'],
  [OPS.fillStroke, 'fillStroke'], [OPS.eoFillStroke, 'fillStroke'],
  [OPS.closeFillStroke, 'fillStroke'], [OPS.closeEOFillStroke, 'fillStroke'],
]));

type GfxState = { ctm: Matrix; lineWidth: number; fillWhite: boolean; strokeWhite: boolean };

/**
 * Extracts the page's rulings as top-left-origin boxes in PDF points.
 *
 * Tracks the current transform through save/restore/transform, reads every
 * painted path (pdf.js folds re/m/l/h into `constructPath`), and keeps
 * axis-aligned stroked segments plus filled shapes thinner than 3pt. White
 * strokes and fills are skipped: they erase rather than draw.
 * `pageHeight` bounds the result: rules entirely off the page are dropped.
 */
export async function extractRules(page: PDFPageProxy, pageHeight: number): Promise<Rule[]> {
  const viewport = page.getViewport({ scale: 1 });
  const base = viewport.transform as Matrix;
  const ops = await page.getOperatorList();
  const OPS = pdfjsOps(), PAINTS = paints();
  const stack: GfxState[] = [];
  let st: GfxState = { ctm: base, lineWidth: 1, fillWhite: false, strokeWhite: false };
  const rules: Rule[] = [];
  for (let i = 0; i < ops.fnArray.length; i++) {
    const fn = ops.fnArray[i];
    const args = ops.argsArray[i] as unknown[] | null;
    if (fn === OPS.save) stack.push({ ...st });
    else if (fn === OPS.restore) st = stack.pop() ?? st;
    else if (fn === OPS.transform && args) st.ctm = multiply(args as Matrix, st.ctm);
    else if (fn === OPS.setLineWidth && args) st.lineWidth = Number(args[0]) || 0;
    else if (fn === OPS.setFillRGBColor && args) st.fillWhite = isWhite(args[0]);
    else if (fn === OPS.setStrokeRGBColor && args) st.strokeWhite = isWhite(args[0]);
    else if (fn === OPS.constructPath && args) {
      const paintOp = Number(args[0]);
      const data = (args[1] as (ArrayLike<number> | null)[] | undefined)?.[0];
      if (data) rules.push(...pathRules(PAINTS.get(paintOp) ?? 'none', data, st));
    }
  }
  return rulesOnPage(rules, pageHeight);
}

function isWhite(color: unknown): boolean {
  return typeof color === 'string' && color.toLowerCase() === '#ffffff';
}
