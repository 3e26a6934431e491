/**
 * Item-by-item comparison of the direct reader's text content with pdf.js's
 * getTextContent({ includeMarkedContent: true }). Everything must be equal
 * except two id spaces that differ by construction: font ids (pdf.js
 * `g_d0_f1`, ours our own), compared as a consistent one-to-one mapping, and
 * marked-content ids (pdf.js `<pageObjId>_mc<N>`, ours `mc<N>`), compared on N.
 */
import type { TextContent as DirectContent } from '../../engine/extract/direct/types.ts';

/** pdf.js's text content, as loosely as this comparison needs it. */
export type PdfjsContent = { items: readonly object[]; styles: Readonly<Record<string, object>> };

type Fields = Record<string, unknown>;

/** A one-to-one mapping between the two readers' font ids, kept for a whole document. */
export class FontIdMap {
  private readonly ours = new Map<string, string>();
  private readonly theirs = new Map<string, string>();

  /** Records that `mine` and `pdfjs` name the same font; returns a description of the conflict if they cannot. */
  pair(mine: string, pdfjs: string): string | null {
    const a = this.ours.get(mine);
    const b = this.theirs.get(pdfjs);
    if (a === undefined && b === undefined) {
      this.ours.set(mine, pdfjs);
      this.theirs.set(pdfjs, mine);
      return null;
    }
    if (a === pdfjs && b === mine) return null;
    return `font ${mine} was paired with pdf.js ${a ?? '(none)'}, pdf.js ${pdfjs} with ${b ?? '(none)'}`;
  }
}

/** Equal numbers, NaN included (pdf.js reports NaN ascent/descent for some Type 1 fonts). */
function sameNumber(a: unknown, b: unknown): boolean {
  return a === b || (typeof a === 'number' && typeof b === 'number' && Number.isNaN(a) && Number.isNaN(b));
}

const show = (v: unknown): string => (typeof v === 'number' ? String(v) : JSON.stringify(v));

/** The MCID of a marked-content id in either id space; null stays null. */
export function mcid(id: unknown): string | null {
  if (typeof id !== 'string') return null;
  const m = /(?:^|_)mc(\d+)$/.exec(id);
  return m ? m[1]! : `unparsed ${id}`;
}

function diffText(mine: Fields, theirs: Fields, fonts: FontIdMap): string | null {
  for (const k of ['str', 'dir', 'width', 'height', 'hasEOL']) {
    if (!sameNumber(mine[k], theirs[k])) return `${k}: pdf.js ${show(theirs[k])}, direct ${show(mine[k])}`;
  }
  const a = mine.transform as number[];
  const b = theirs.transform as number[];
  if (a.length !== b.length || a.some((v, i) => !sameNumber(v, b[i]))) return `transform: pdf.js ${show(b)}, direct ${show(a)}`;
  return fonts.pair(String(mine.fontName), String(theirs.fontName));
}

function diffMarked(mine: Fields, theirs: Fields): string | null {
  if (mine.type !== theirs.type) return `type: pdf.js ${show(theirs.type)}, direct ${show(mine.type)}`;
  if (mine.type === 'endMarkedContent') return null;
  if (mine.tag !== theirs.tag) return `tag: pdf.js ${show(theirs.tag)}, direct ${show(mine.tag)}`;
  if (mine.type === 'beginMarkedContentProps' && mcid(mine.id) !== mcid(theirs.id)) return `id: pdf.js ${show(theirs.id)}, direct ${show(mine.id)}`;
  return null;
}

function diffStyle(mine: Fields | undefined, theirs: Fields | undefined): string | null {
  if (!mine || !theirs) return `style: pdf.js ${theirs ? 'present' : 'missing'}, direct ${mine ? 'present' : 'missing'}`;
  for (const k of ['fontFamily', 'ascent', 'descent']) {
    if (!sameNumber(mine[k], theirs[k])) return `style ${k}: pdf.js ${show(theirs[k])}, direct ${show(mine[k])}`;
  }
  // pdf.js leaves `vertical` undefined for Type 3 fonts; the engine reads only `vertical === true`.
  if ((mine.vertical === true) !== (theirs.vertical === true)) {
    return `style vertical: pdf.js ${show(theirs.vertical)}, direct ${show(mine.vertical)}`;
  }
  return null;
}

/**
 * The first difference between the two text contents, as "item N: what", or
 * null when they are the same. `fonts` carries the font id mapping across the
 * pages of one document.
 */
export function diffTextContent(mine: DirectContent, theirs: PdfjsContent, fonts: FontIdMap): string | null {
  const n = Math.max(mine.items.length, theirs.items.length);
  for (let i = 0; i < n; i++) {
    const a = mine.items[i] as Fields | undefined;
    const b = theirs.items[i] as Fields | undefined;
    if (!a || !b) return `item ${i}: pdf.js ${b ? show(b) : '(end)'}, direct ${a ? show(a) : '(end)'} (counts ${theirs.items.length}/${mine.items.length})`;
    if ('str' in a !== 'str' in b) return `item ${i}: pdf.js ${show(b)}, direct ${show(a)}`;
    const diff = 'str' in a
      ? diffText(a, b, fonts) ?? diffStyle(mine.styles[String(a.fontName)], theirs.styles[String(b.fontName)] as Fields | undefined)
      : diffMarked(a, b);
    if (diff) return `item ${i} (${show(b.str ?? b.type)}): ${diff}`;
  }
  const counts = [Object.keys(theirs.styles).length, Object.keys(mine.styles).length];
  if (counts[0] !== counts[1]) return `styles: pdf.js ${counts[0]} fonts, direct ${counts[1]}`;
  return null;
}
