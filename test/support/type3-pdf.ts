/**
 * PDFs set in hand-made Type 3 fonts (as TeX's bitmap fonts, matplotlib and
 * Chrome write them): each glyph a `d1` procedure that fills a box, the
 * encoding's /Differences naming the glyphs, optionally a /ToUnicode.
 */
import { PDFDocument, PDFName, type PDFRef } from 'pdf-lib';

/** One Type 3 font: its matrix and box, how glyphs are named and whether a ToUnicode maps them. */
export type Type3Spec = {
  matrix: number[];
  /** Glyph-space advance of every glyph but the space (which gets half). */
  width: number;
  bbox: number[];
  /** The glyphs' `d1` boxes; the font box by default. */
  glyphBox?: number[];
  /** The glyph name of a character (A-Z, a-z, space); dvips names glyphs `a<code>`. */
  name: (char: string) => string;
  toUnicode?: boolean;
};

const CHARS = [' ', ...'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz'];

const hex = (n: number) => n.toString(16).toUpperCase().padStart(4, '0');

function toUnicodeCMap(): string {
  return [
    '/CIDInit /ProcSet findresource begin 12 dict begin begincmap',
    '/CMapName /P2M-Type3 def 1 begincodespacerange <00> <FF> endcodespacerange',
    `${CHARS.length} beginbfchar`, ...CHARS.map((c) => `<${hex(c.charCodeAt(0)).slice(2)}> <${hex(c.charCodeAt(0))}>`), 'endbfchar',
    'endcmap CMapName currentdict /CMap defineresource pop end end',
  ].join('\n');
}

/** Registers a Type 3 font covering A-Z, a-z and the space at their ASCII codes. */
export function type3Font(doc: PDFDocument, spec: Type3Spec): PDFRef {
  const ctx = doc.context;
  const [x0, y0, x1, y1] = (spec.glyphBox ?? spec.bbox) as [number, number, number, number];
  const advance = (c: string) => (c === ' ' ? spec.width / 2 : spec.width);
  const procs: Record<string, PDFRef> = {};
  const differences: (number | string)[] = [];
  for (const c of CHARS) {
    const name = spec.name(c);
    differences.push(c.charCodeAt(0), name);
    const body = c === ' ' ? `${advance(c)} 0 0 0 0 0 d1` : `${advance(c)} 0 ${x0} ${y0} ${x1} ${y1} d1 ${x0} 0 ${x1 - x0} ${y1 * 0.7} re f`;
    procs[name] = ctx.register(ctx.stream(body));
  }
  const codes = CHARS.map((c) => c.charCodeAt(0));
  const first = Math.min(...codes), last = Math.max(...codes);
  const widths = Array.from({ length: last - first + 1 }, (_, i) => {
    const c = String.fromCharCode(first + i);
    return CHARS.includes(c) ? advance(c) : 0;
  });
  const font = ctx.obj({
    Type: 'Font', Subtype: 'Type3', FontMatrix: spec.matrix, FontBBox: spec.bbox, FirstChar: first, LastChar: last, Widths: widths,
    Encoding: { Type: 'Encoding', Differences: differences }, CharProcs: procs, Resources: {},
  });
  if (spec.toUnicode) font.set(PDFName.of('ToUnicode'), ctx.register(ctx.stream(toUnicodeCMap())));
  return ctx.register(font);
}

/** Escapes text for a PDF literal string. */
export const literal = (text: string): string => `(${text.replace(/[()\\]/g, (c) => `\\${c}`)})`;

/** A document of one page per entry: the page's content stream, with `fonts` as /F1, /F2… */
export async function type3Pdf(pages: { fonts: Type3Spec[]; content: string }[]): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  for (const p of pages) {
    const page = doc.addPage([400, 300]);
    const fonts = Object.fromEntries(p.fonts.map((spec, i) => [`F${i + 1}`, type3Font(doc, spec)]));
    page.node.set(PDFName.of('Resources'), doc.context.obj({ Font: fonts }));
    page.node.set(PDFName.of('Contents'), doc.context.register(doc.context.stream(p.content)));
  }
  return doc.save();
}
