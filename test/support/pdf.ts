/** Small real PDFs made on the fly for tests. */
import { PDFDocument, StandardFonts } from 'pdf-lib';

export async function makePdf(pages: string[][] = [['Hello p2m', 'A second line of text.']]): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (const lines of pages) {
    const page = doc.addPage([595, 842]);
    lines.forEach((text, i) => page.drawText(text, { x: 72, y: 770 - i * 18, size: 12, font }));
  }
  return Buffer.from(await doc.save());
}
