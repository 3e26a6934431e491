/**
 * PDFs with text in a Type 3 font of numbered glyphs, as Ghostscript's
 * pdfwrite makes one of text it turns into a font of its own: each glyph gets
 * the next code as the text first shows it, and the name `a<code>`. Each
 * glyph procedure draws its letter in Helvetica, so the page renders as
 * readable text (for OCR) while the codes say nothing of the letters.
 */
import { PDFDocument, PDFName, StandardFonts, type PDFRef } from 'pdf-lib';

/** What the font's ToUnicode gives: none, ZapfDingbats' reading of the names (a later pass's guess), or the true letters. */
export type NumberedToUnicode = 'none' | 'dingbats' | 'letters';

/** Codes in order of first use in `lines`, from 1 (code 0 is Ghostscript's empty glyph), spaces not included. */
export function numberGlyphs(lines: readonly string[]): Map<string, number> {
  const codes = new Map<string, number>();
  for (const ch of lines.join('')) if (ch !== ' ' && !codes.has(ch)) codes.set(ch, codes.size + 1);
  return codes;
}

const hex2 = (n: number) => n.toString(16).padStart(2, '0');
const hex4 = (n: number) => n.toString(16).padStart(4, '0');

function toUnicode(codes: Map<string, number>, kind: Exclude<NumberedToUnicode, 'none'>): string {
  // The dingbats kind maps each code as ZapfDingbats' a<code> would read, near enough: U+2700 + code.
  const pairs = [...codes].map(([ch, code]) => `<${hex2(code)}> <${hex4(kind === 'letters' ? ch.codePointAt(0)! : 0x2700 + code)}>`);
  return [
    '/CIDInit /ProcSet findresource begin 12 dict begin begincmap',
    '/CMapName /P2M-Numbered def 1 begincodespacerange <00> <FF> endcodespacerange',
    `${pairs.length} beginbfchar`, ...pairs, 'endbfchar',
    'endcmap CMapName currentdict /CMap defineresource pop end end',
  ].join('\n');
}

/** The string showing `text` in the numbered font, as a hex string; a space is a TJ gap. */
function shown(text: string, codes: Map<string, number>, space: number): string {
  const parts = text.split(' ').map((word) => `<${[...word].map((ch) => hex2(codes.get(ch)!)).join('')}>`);
  return `[${parts.join(` ${-space} `)}] TJ`;
}

/**
 * One 612 × 792 page: `lines` set at 12 pt in the numbered font from (72, 700)
 * down, and a caption in Helvetica below them.
 */
export async function numberedType3Pdf(lines: readonly string[], opts: { toUnicode?: NumberedToUnicode; caption?: string } = {}): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const helvetica = await doc.embedFont(StandardFonts.Helvetica);
  const ctx = doc.context;
  const codes = numberGlyphs(lines);
  const procs: Record<string, PDFRef> = { a0: ctx.register(ctx.stream('0 0 d0')) };
  const differences: (number | string)[] = [0, 'a0'];
  const widths = [0];
  for (const [ch, code] of codes) {
    const width = Math.round(helvetica.widthOfTextAtSize(ch, 1000));
    procs[`a${code}`] = ctx.register(ctx.stream(`${width} 0 d0 BT /H 1000 Tf 0 0 Td <${hex2(ch.charCodeAt(0))}> Tj ET`));
    differences.push(`a${code}`);
    widths.push(width);
  }
  const font = ctx.obj({
    Type: 'Font', Subtype: 'Type3', FontMatrix: [0.001, 0, 0, 0.001, 0, 0], FontBBox: [0, -250, 1000, 1000],
    FirstChar: 0, LastChar: codes.size, Widths: widths, Encoding: { Type: 'Encoding', Differences: differences },
    CharProcs: procs, Resources: { Font: { H: helvetica.ref } },
  });
  if (opts.toUnicode && opts.toUnicode !== 'none') font.set(PDFName.of('ToUnicode'), ctx.register(ctx.stream(toUnicode(codes, opts.toUnicode))));
  const page = doc.addPage([612, 792]);
  const content = ['BT /N 12 Tf'];
  lines.forEach((line, i) => content.push(`1 0 0 1 72 ${700 - i * 16} Tm`, shown(line, codes, 278)));
  content.push('ET');
  if (opts.caption) content.push(`BT /H 10 Tf 1 0 0 1 72 ${690 - lines.length * 16} Tm <${Buffer.from(opts.caption, 'latin1').toString('hex')}> Tj ET`);
  page.node.set(PDFName.of('Resources'), ctx.obj({ Font: { N: ctx.register(font), H: helvetica.ref } }));
  page.node.set(PDFName.of('Contents'), ctx.register(ctx.stream(content.join('\n'))));
  return doc.save();
}
