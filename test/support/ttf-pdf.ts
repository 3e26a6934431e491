/**
 * One-page PDFs with a hand-written content stream in an embedded TrueType
 * font (DejaVu Sans from the Debian fonts-dejavu package, WinAnsi, /F1), so
 * that both text readers read them: the direct reader refuses the
 * non-embedded standard fonts pdf-lib's drawText uses.
 */
import fs from 'node:fs';
import { PDFDocument, PDFName, type PDFRef } from 'pdf-lib';

/** The font file the PDFs embed. */
export const TTF = '/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf';
/** False where the font package is not installed: tests that need it skip. */
export const hasTtf = fs.existsSync(TTF);
/** Advances in the embedded font's /Widths, in 1/1000 em: narrow space and full stop, so the font is not monospaced. */
export const GLYPH_WIDTH = 600;
const NARROW = new Set([' ', '.', ',']);

/**
 * Embeds `ttf` as a simple WinAnsi TrueType font by hand: pdf-lib needs
 * @pdf-lib/fontkit for embedFont, which this project does not depend on.
 * Approximate widths are enough, as both readers take widths from /Widths.
 */
export function trueTypeFont(doc: PDFDocument, ttf: Uint8Array, high: readonly string[]): PDFRef {
  const ctx = doc.context;
  const file = ctx.register(ctx.flateStream(ttf, { Length1: ttf.length }));
  const descriptor = ctx.register(ctx.obj({
    Type: 'FontDescriptor', FontName: 'DejaVuSans', Flags: 32, FontBBox: [-1021, -463, 1793, 1232],
    ItalicAngle: 0, Ascent: 928, Descent: -236, CapHeight: 729, StemV: 80, FontFile2: file,
  }));
  const font = ctx.obj({
    Type: 'Font', Subtype: 'TrueType', BaseFont: 'DejaVuSans', FirstChar: 32, LastChar: 126 + high.length,
    Widths: Array.from({ length: 95 + high.length }, (_, i) => (NARROW.has(String.fromCharCode(32 + i)) ? GLYPH_WIDTH / 2 : GLYPH_WIDTH)),
    Encoding: 'WinAnsiEncoding', FontDescriptor: descriptor,
  });
  if (high.length) font.set(PDFName.of('ToUnicode'), ctx.register(ctx.stream(new TextEncoder().encode(toUnicode(high)))));
  return ctx.register(font);
}

const hex = (n: number, digits: number) => n.toString(16).toUpperCase().padStart(digits, '0');

/** A ToUnicode CMap: ASCII as itself, codes 127, 128… as the characters of `high`. */
function toUnicode(high: readonly string[]): string {
  const chars = high.map((c, i) => `<${hex(127 + i, 2)}> <${[...c].map((u) => hex(u.codePointAt(0)!, 4)).join('')}>`);
  return [
    '/CIDInit /ProcSet findresource begin 12 dict begin begincmap',
    '/CMapName /P2M-Test def 1 begincodespacerange <00> <FF> endcodespacerange',
    '1 beginbfrange <20> <7E> <0020> endbfrange',
    `${chars.length} beginbfchar`, ...chars, 'endbfchar',
    'endcmap CMapName currentdict /CMap defineresource pop end end',
  ].join('\n');
}

/**
 * Encodes text for /F1 when the page was made with `high`: ASCII as is, each
 * character of `high` as its code (127 + index), in PDF string syntax.
 */
export function encode(text: string, high: readonly string[] = []): string {
  const bytes = [...text].map((c) => {
    const k = high.indexOf(c);
    if (k >= 0) return `\\${(127 + k).toString(8)}`;
    return /[()\\]/.test(c) ? `\\${c}` : c;
  });
  return `(${bytes.join('')})`;
}

/**
 * An A4 page drawing `content` (a content stream; the font is /F1). `high`
 * adds characters beyond ASCII (Hebrew, Arabic) at codes 127 onwards, through
 * a ToUnicode CMap; `encode` writes strings that use them.
 */
export async function ttfPage(content: string, high: readonly string[] = []): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const ctx = doc.context;
  const page = doc.addPage([595, 842]);
  page.node.setFontDictionary(PDFName.of('F1'), trueTypeFont(doc, new Uint8Array(fs.readFileSync(TTF)), high));
  page.node.set(PDFName.of('Contents'), ctx.register(ctx.stream(new TextEncoder().encode(content))));
  return doc.save();
}
