import { afterEach, describe, expect, it, vi } from 'vitest';
import { PDFDocument, PDFName, PDFString } from 'pdf-lib';
import { documentLinkAnnotations } from './document-links.ts';
import { PdfObjects } from './pdf-objects.ts';
import { PdfObjectsError } from './values.ts';

async function twoPages(): Promise<{ bytes: Uint8Array; refs: { num: number; gen: number }[] }> {
  const pdf = await PDFDocument.create();
  for (const n of [1, 2]) {
    const page = pdf.addPage([595, 842]);
    const annot = pdf.context.obj({ Type: 'Annot', Subtype: 'Link', Rect: [1, 2, 3, 4], A: { S: 'URI', URI: PDFString.of(`https://example.org/${n}`) } });
    page.node.set(PDFName.of('Annots'), pdf.context.obj([pdf.context.register(annot)]));
  }
  const refs = pdf.getPages().map((p) => ({ num: p.ref.objectNumber, gen: p.ref.generationNumber }));
  return { bytes: await pdf.save(), refs };
}

afterEach(() => vi.restoreAllMocks());

describe('documentLinkAnnotations', () => {
  it('indexes the file on the first request only, and never if no page asks', async () => {
    const { bytes, refs } = await twoPages();
    const open = vi.spyOn(PdfObjects, 'open');
    const read = documentLinkAnnotations(bytes);
    expect(open).not.toHaveBeenCalled();
    expect(refs.map((r) => read(r)[0]?.url)).toEqual(['https://example.org/1', 'https://example.org/2']);
    expect(open).toHaveBeenCalledTimes(1);
  });

  it('remembers a file it could not index and fails every page at once', async () => {
    const open = vi.spyOn(PdfObjects, 'open');
    const read = documentLinkAnnotations(new Uint8Array(Buffer.from('%PDF-1.4\ntrailer << /Encrypt 1 0 R >>')));
    expect(() => read({ num: 1, gen: 0 })).toThrow(PdfObjectsError);
    expect(() => read({ num: 2, gen: 0 })).toThrow(/encrypted/);
    expect(open).toHaveBeenCalledTimes(1);
  });

  it('refuses a reference that is not a page', async () => {
    const { bytes } = await twoPages();
    const read = documentLinkAnnotations(bytes);
    expect(() => read({ num: 1, gen: 0 })).toThrow(/not a page/);
    expect(() => read({ num: 999, gen: 0 })).toThrow(/not found/);
  });
});
