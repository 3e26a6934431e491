/**
 * Hidden text on pages pdf.js reads (issue 24), as far as pdf.js shows it:
 * its text content says nothing of how text is painted, but its operator
 * list does. A page whose content sets render mode 3 or 7 (a cheap look at
 * the raw content, so other pages never pay for the operator list) has its
 * shown strings sorted into painted and unpainted; a run whose text occurs
 * only among the unpainted ones is marked `render_mode_3`. A page that
 * paints an image keeps its invisible text: that is a scan's OCR layer.
 */
import type { PDFPageProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { opsTable, pdfjsOps } from './pdfjs-ops.ts';
import type { TextRun } from '../model.ts';
import type { DirectObjects } from './direct/object-source.ts';
import type { PageRef } from './lazy-objects.ts';
import { pageContent, pageDict } from './direct/page-source.ts';

/** `3 Tr` or `7 Tr` in a content stream. */
const INVISIBLE_MODE = /(?:^|[\s\]>)])[37]\s+Tr(?![A-Za-z])/;
const imageOps = opsTable((OPS) => new Set([OPS.paintImageXObject, OPS.paintInlineImageXObject, OPS.paintImageMaskXObject, OPS.paintImageXObjectRepeat]));

/** Whether a page (by object reference) of the file whose objects `objectsOf` gives may set an invisible render mode. */
export function invisibleModeHint(objectsOf: () => DirectObjects | null): (ref: PageRef | null) => boolean {
  return (ref) => {
    const objects = ref ? objectsOf() : null;
    if (!ref || !objects) return false;
    try {
      // Forms are not opened: text in a form that sets mode 3 is not judged on pdf.js pages.
      return INVISIBLE_MODE.test(Buffer.from(pageContent(objects, pageDict(objects, ref))).toString('latin1'));
    } catch {
      return false;
    }
  };
}

type Glyph = { unicode?: string } | number | null;

function shownText(glyphs: readonly Glyph[]): string {
  return glyphs.map((g) => (g && typeof g === 'object' ? g.unicode ?? '' : '')).join('').replace(/\s+/g, '');
}

/** Marks the runs whose text only unpainted strings show. */
export async function markInvisibleRuns(page: PDFPageProxy, runs: TextRun[]): Promise<TextRun[]> {
  const list = await page.getOperatorList();
  const OPS = pdfjsOps(), IMAGE_OPS = imageOps();
  const stack: number[] = [];
  let mode = 0;
  let hidden = '', seen = '';
  for (let i = 0; i < list.fnArray.length; i++) {
    const fn = list.fnArray[i]!;
    const args = list.argsArray[i] as unknown[] | null;
    if (IMAGE_OPS.has(fn)) return runs;
    if (fn === OPS.save) stack.push(mode);
    else if (fn === OPS.restore) mode = stack.pop() ?? mode;
    else if (fn === OPS.setTextRenderingMode && args) mode = Number(args[0]);
    else if ((fn === OPS.showText || fn === OPS.showSpacedText) && args && Array.isArray(args[0])) {
      const text = shownText(args[0] as Glyph[]);
      if (mode === 3 || mode === 7) hidden += `${text}\u0000`;
      else seen += `${text}\u0000`;
    }
  }
  if (hidden === '') return runs;
  return runs.map((r) => {
    const t = r.text.replace(/\s+/g, '');
    return t !== '' && !r.hidden && hidden.includes(t) && !seen.includes(t) ? { ...r, hidden: 'render_mode_3' } : r;
  });
}
