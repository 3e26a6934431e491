/**
 * One-page PDFs for the hidden-text tests: a hand-written content stream in
 * the embedded TrueType font of ttf-pdf.ts (/F1, read by both text readers),
 * with the extras hidden text needs: graphics states (/GS0 fully transparent,
 * /GS1 half), a grey image (/Im1), optional-content groups (/OFF1 off,
 * /ON1 on, in /Properties) and a crop box.
 */
import fs from 'node:fs';
import { PDFDocument, PDFName } from 'pdf-lib';
import { TTF, trueTypeFont } from './ttf-pdf.ts';

export type PaintPage = { content: string; cropBox?: [number, number, number, number] };

/** An A4 PDF with one page per entry. */
export async function paintPdf(pages: readonly PaintPage[]): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const ctx = doc.context;
  const font = trueTypeFont(doc, new Uint8Array(fs.readFileSync(TTF)), []);
  const image = ctx.register(ctx.stream(new Uint8Array([128, 128, 128, 128]), {
    Type: 'XObject', Subtype: 'Image', Width: 2, Height: 2, ColorSpace: 'DeviceGray', BitsPerComponent: 8,
  }));
  const off = ctx.register(ctx.obj({ Type: 'OCG', Name: 'Off layer' }));
  const on = ctx.register(ctx.obj({ Type: 'OCG', Name: 'On layer' }));
  doc.catalog.set(PDFName.of('OCProperties'), ctx.obj({ OCGs: [off, on], D: ctx.obj({ Order: [off, on], OFF: [off] }) }));
  for (const p of pages) {
    const page = doc.addPage([595, 842]);
    page.node.setFontDictionary(PDFName.of('F1'), font);
    page.node.setXObject(PDFName.of('Im1'), image);
    page.node.setExtGState(PDFName.of('GS0'), ctx.obj({ Type: 'ExtGState', ca: 0, CA: 0 }));
    page.node.setExtGState(PDFName.of('GS1'), ctx.obj({ Type: 'ExtGState', ca: 0.5, CA: 0.5 }));
    page.node.Resources()!.set(PDFName.of('Properties'), ctx.obj({ OFF1: off, ON1: on }));
    if (p.cropBox) page.node.set(PDFName.of('CropBox'), ctx.obj(p.cropBox));
    page.node.set(PDFName.of('Contents'), ctx.register(ctx.stream(new TextEncoder().encode(p.content))));
  }
  return doc.save();
}

/** A line of text at (x, y) (PDF user space, bottom-left origin) in /F1 at `size`. */
export function text(s: string, x: number, y: number, size = 12): string {
  return `BT /F1 ${size} Tf ${x} ${y} Td (${s}) Tj ET`;
}
