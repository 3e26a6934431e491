/**
 * The glyphs pdf.js showed on a page, with their gaps
 * (monospace-spaces.ts), from its operator list: getTextContent keeps no
 * glyph positions. The text state is followed as pdf.js's canvas follows it
 * (text and line matrices, Td/TD/T*, Tc, Tw, Tz, TL, save/restore); gaps are
 * measured along the baseline in text space of the current text matrix, which
 * is all a gap between neighbouring glyphs needs.
 */
import type { PDFPageProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { pdfjsOps } from './pdfjs-ops.ts';
import { shownGlyphs, noteGlyph, type ShownGlyphs } from './monospace-spaces.ts';

type Matrix = [number, number, number, number, number, number];
/** The fields of a pdf.js glyph (core/fonts.js Glyph) read here. */
type PdfjsGlyph = { unicode: string; width: number; isSpace: boolean };
type FontObj = { fontMatrix?: number[]; vertical?: boolean };

type TextState = {
  font: FontObj | null; fontSize: number;
  charSpacing: number; wordSpacing: number; hScale: number;
  /** How far T* moves down (ty), as TL and TD set it. */
  leading: number;
};

/** Where the last glyph ended, in user space, and the em it was measured in. */
type Cursor = { x: number; y: number; em: number } | null;

const at = (tm: Matrix, x: number, y: number) => ({ x: tm[0] * x + tm[2] * y + tm[4], y: tm[1] * x + tm[3] * y + tm[5] });

function fontOf(page: PDFPageProxy, id: string): FontObj | null {
  try {
    return page.commonObjs.has(id) ? (page.commonObjs.get(id) as FontObj) : null;
  } catch {
    return null;
  }
}

/**
 * Reads the page's operator list (pdf.js caches it: the rules and font passes
 * fetch the same one) and reports the glyphs it shows.
 */
export async function pdfjsShownGlyphs(page: PDFPageProxy): Promise<ShownGlyphs> {
  const ops = await page.getOperatorList();
  const OPS = pdfjsOps();
  const out = shownGlyphs();
  const stack: TextState[] = [];
  let st: TextState = { font: null, fontSize: 0, charSpacing: 0, wordSpacing: 0, hScale: 1, leading: 0 };
  let tm: Matrix = [1, 0, 0, 1, 0, 0];
  let x = 0, y = 0, lineX = 0, lineY = 0;
  let last: Cursor = null;
  const moveText = (tx: number, ty: number) => { x = lineX += tx; y = lineY += ty; };
  const showText = (glyphs: (PdfjsGlyph | number)[] = []): void => {
    const unit = st.font?.fontMatrix?.[0] ?? 0.001;
    const len = Math.hypot(tm[0], tm[1]) || 1;
    // Along and across the baseline, in user space; one em of this text.
    const ux = tm[0] / len, uy = tm[1] / len;
    const em = Math.max(1e-6, Math.abs(st.fontSize * st.hScale) * len);
    for (const g of glyphs) {
      if (typeof g === 'number') { x -= (g * st.fontSize / 1000) * st.hScale; continue; }
      const start = at(tm, x, y);
      // A space glyph (isSpace is only set for code 32 of simple fonts) is part of the gap.
      const blank = g.isSpace || (g.unicode ?? '').trim() === '';
      if (!blank) {
        const dx = last ? start.x - last.x : 0, dy = last ? start.y - last.y : 0;
        // Off the last glyph's baseline (another line), the gap says nothing: count it as none.
        const onLine = last !== null && Math.abs(dy * ux - dx * uy) < 0.5 * last.em;
        noteGlyph(out, g.unicode, onLine ? (dx * ux + dy * uy) / last!.em : 0, g.width * unit);
      }
      x += (g.width * unit * st.fontSize + st.charSpacing + (g.isSpace ? st.wordSpacing : 0)) * st.hScale;
      if (!blank) last = { ...at(tm, x - st.charSpacing * st.hScale, y), em };
    }
  };
  for (let i = 0; i < ops.fnArray.length; i++) {
    const fn = ops.fnArray[i];
    const args = (ops.argsArray[i] ?? []) as unknown[];
    if (fn === OPS.save) stack.push({ ...st });
    else if (fn === OPS.restore) st = stack.pop() ?? st;
    else if (fn === OPS.beginText) { tm = [1, 0, 0, 1, 0, 0]; x = y = lineX = lineY = 0; }
    else if (fn === OPS.setFont) { st.fontSize = Number(args[1]) || 0; st.font = fontOf(page, String(args[0])); }
    else if (fn === OPS.setTextMatrix) { tm = Array.from((typeof args[0] === 'object' && args[0] !== null ? args[0] : args) as ArrayLike<unknown>, Number) as Matrix; x = y = lineX = lineY = 0; }
    else if (fn === OPS.moveText) moveText(Number(args[0]) || 0, Number(args[1]) || 0);
    else if (fn === OPS.setLeadingMoveText) { st.leading = Number(args[1]) || 0; moveText(Number(args[0]) || 0, st.leading); }
    else if (fn === OPS.nextLine) moveText(0, st.leading);
    else if (fn === OPS.setLeading) st.leading = -(Number(args[0]) || 0);
    else if (fn === OPS.setCharSpacing) st.charSpacing = Number(args[0]) || 0;
    else if (fn === OPS.setWordSpacing) st.wordSpacing = Number(args[0]) || 0;
    else if (fn === OPS.setHScale) st.hScale = (Number(args[0]) || 100) / 100;
    else if (fn === OPS.showText && st.font && !st.font.vertical) {
      showText(args[0] as (PdfjsGlyph | number)[] | undefined);
    }
  }
  return out;
}
