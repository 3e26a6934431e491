/**
 * The direct backend's page frame (page-tree.ts, page-box.ts,
 * page-geometry.ts) against pdf.js's page proxy on generated pages: rotated,
 * cropped, with a user unit, with boxes inherited from the page tree and
 * boxes pdf.js rejects.
 */
import { PDFDocument, PDFName, PDFNumber } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { DirectDocument } from './direct/direct-document.ts';
import { documentParams, loadPdfjs } from './pdfjs.ts';

type Setup = { media?: number[]; crop?: number[]; rotate?: number; unit?: number };

const CASES: Setup[] = [
  {}, { rotate: 90 }, { rotate: 180 }, { rotate: 270 }, { rotate: -90 }, { rotate: 450 }, { rotate: 45 },
  { media: [0, 0, 300, 400], crop: [20, 30, 250, 380] }, { media: [300, 400, 0, 0] }, { media: [0, 0, 300, 400], crop: [500, 500, 600, 600] },
  { media: [10, 10, 10, 500] }, { media: [-50, -60, 250, 340], crop: [0, 0, 200, 200], rotate: 90 }, { unit: 2 }, { unit: 3, rotate: 270 },
];

async function pages(cases: Setup[]): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  for (const c of cases) {
    const p = doc.addPage([595, 842]);
    if (c.media) p.node.set(PDFName.of('MediaBox'), doc.context.obj(c.media));
    if (c.crop) p.node.set(PDFName.of('CropBox'), doc.context.obj(c.crop));
    if (c.rotate !== undefined) p.node.set(PDFName.of('Rotate'), PDFNumber.of(c.rotate));
    if (c.unit !== undefined) p.node.set(PDFName.of('UserUnit'), PDFNumber.of(c.unit));
  }
  // Pages without a box of their own inherit the tree's.
  doc.catalog.Pages().set(PDFName.of('MediaBox'), doc.context.obj([0, 0, 500, 700]));
  const last = doc.addPage();
  last.node.delete(PDFName.of('MediaBox'));
  return doc.save({ useObjectStreams: false });
}

describe('page geometry of the direct backend', () => {
  it('equals pdf.js: page references, view boxes, viewport sizes and transforms', async () => {
    const bytes = await pages(CASES);
    const direct = DirectDocument.open(bytes);
    const task = (await loadPdfjs()).getDocument(documentParams(bytes));
    try {
      const pdf = await task.promise;
      expect(direct.pages.length).toBe(pdf.numPages);
      for (let n = 1; n <= pdf.numPages; n++) {
        const want = await pdf.getPage(n);
        const got = direct.geometry(n);
        const [wv, gv] = [want.getViewport({ scale: 1 }), got.getViewport({ scale: 1 })];
        expect({ ref: got.ref, view: got.view, w: gv.width, h: gv.height, t: gv.transform }, `page ${n}`)
          .toEqual({ ref: want.ref, view: want.view, w: wv.width, h: wv.height, t: wv.transform });
        expect(gv.convertToViewportPoint(17, 23)).toEqual(wv.convertToViewportPoint(17, 23));
      }
    } finally {
      await task.destroy();
    }
  });

  it('refuses a page tree whose /Count disagrees with its pages, which pdf.js would number otherwise', async () => {
    const doc = await PDFDocument.create();
    doc.addPage();
    doc.addPage();
    doc.catalog.Pages().set(PDFName.of('Count'), PDFNumber.of(3));
    const direct = DirectDocument.open(await doc.save({ useObjectStreams: false }));
    expect(() => direct.pages).toThrow(/Count 3 where 2 pages are/);
  });
});
