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

/** A PDF of text pages where some pages also carry a picture (a small PNG drawn at 150 x 100 pt under the text). */
export async function makePdfWithPictures(pages: { lines: string[]; picture?: boolean }[]): Promise<Buffer> {
  const { createCanvas } = await import('@napi-rs/canvas');
  const canvas = createCanvas(30, 20);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = '#2a7';
  ctx.fillRect(0, 0, 30, 20);
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const png = await doc.embedPng(canvas.toBuffer('image/png'));
  for (const p of pages) {
    const page = doc.addPage([595, 842]);
    p.lines.forEach((text, i) => page.drawText(text, { x: 72, y: 770 - i * 18, size: 12, font }));
    if (p.picture) page.drawImage(png, { x: 72, y: 400, width: 150, height: 100 });
  }
  return Buffer.from(await doc.save());
}
