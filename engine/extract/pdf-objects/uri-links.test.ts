/**
 * The direct reader against pdf.js on PDFs made with pdf-lib, with and
 * without object streams: every link pdf.js reports is read the same way
 * (url, unsafeUrl, flags, rect), plus the cases where the reader is meant to differ.
 */
import { describe, expect, it } from 'vitest';
import { PDFDict, PDFDocument, PDFHexString, PDFName, PDFString, StandardFonts, type PDFObject } from 'pdf-lib';
import { documentParams, loadPdfjs } from '../pdfjs.ts';
import { documentLinkAnnotations } from './document-links.ts';
import type { LinkAnnotation } from './uri-links.ts';

const hex = (s: string) => PDFHexString.of(Buffer.from(s, 'latin1').toString('hex'));

/** Link annotation dictionaries for page 1, each exercising one feature. */
function page1Annots(pdf: PDFDocument): PDFObject[] {
  const c = pdf.context;
  const uri = (u: PDFObject) => ({ S: 'URI', URI: u });
  const link = (y: number, a: Record<string, unknown>) => c.obj({ Type: 'Annot', Subtype: 'Link', Rect: [50, y, 250, y + 12], ...a } as never);
  return [
    link(700, { A: uri(PDFString.of('https://example.org/plain')) }),
    link(680, { A: uri(PDFString.of('https://example.org/print')), F: 4 }),
    link(660, { A: uri(PDFString.of('https://example.org/hidden')), F: 2 }),
    link(640, { A: uri(PDFString.of('https://example.org/noview')), F: 32 }),
    link(620, { A: uri(PDFString.of('https://example.org/invisible')), F: 1 }),
    link(600, { A: c.register(c.obj(uri(PDFString.of('https://example.org/indirect-action')))) }),
    link(580, { A: uri(hex('https://example.org/hex?q=1&r=2')) }),
    link(560, { A: uri(PDFString.of('https://example.org/\\(p\\)\\141\\\n/contin\\\r\nued')) }),
    link(540, { A: uri(PDFString.of('javascript:alert(1)')) }),
    link(520, { A: uri(PDFString.of('www.example.org/www')) }),
    link(500, { A: uri(PDFString.of('../docs/index.md#x')) }),
    link(480, { A: { S: 'GoToR', F: PDFString.of('other.pdf'), D: PDFName.of('chapter1') } }),
    link(460, { AA: { U: uri(PDFString.of('https://example.org/mouse-up')) } }),
    link(440, { A: uri(PDFString.of('https://example.org/dest-wins')), Dest: PDFName.of('x') }),
    link(420, { Dest: [pdf.getPage(0).ref, PDFName.of('Fit')] }),
    c.obj({ Type: 'Annot', Subtype: 'Link', Rect: [250, 412, 50, 400], A: uri(PDFString.of('https://example.org/reversed')) }),
    c.obj({ Type: 'Annot', Subtype: 'Text', Rect: [50, 380, 70, 392], Contents: PDFString.of('a note') }),
  ];
}

/** Three pages: a direct /Annots array, an indirect one, and none (inheriting from the page tree). */
async function linkPdf(useObjectStreams: boolean): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  for (let i = 0; i < 3; i++) pdf.addPage([595, 842]).drawText(`Page ${i + 1}`, { x: 50, y: 760, size: 12, font });
  const c = pdf.context;
  const [p1, p2, p3] = pdf.getPages() as [ReturnType<PDFDocument['getPage']>, ReturnType<PDFDocument['getPage']>, ReturnType<PDFDocument['getPage']>];
  p1.node.set(PDFName.of('Annots'), c.obj(page1Annots(pdf).map((a) => c.register(a))));
  const onPage2 = c.obj({ Type: 'Annot', Subtype: 'Link', Rect: [10, 20, 30, 40], A: { S: 'URI', URI: PDFString.of('https://example.org/p2') } });
  p2.node.set(PDFName.of('Annots'), c.register(c.obj([c.register(onPage2)])));
  const inherited = c.obj({ Type: 'Annot', Subtype: 'Link', Rect: [1, 2, 3, 4], A: { S: 'URI', URI: PDFString.of('https://example.org/inherited') } });
  // pdf-lib gives drawn-on pages an empty /Annots; without one, page 3 inherits the page tree's.
  p3.node.delete(PDFName.of('Annots'));
  c.lookup(p3.node.get(PDFName.of('Parent')), PDFDict).set(PDFName.of('Annots'), c.obj([c.register(inherited)]));
  return pdf.save({ useObjectStreams });
}

type Compared = { url?: string; unsafeUrl?: string; flags: number; rect: number[] };
const compared = (a: { url?: string; unsafeUrl?: string; annotationFlags: number; rect: ArrayLike<number> }): Compared => ({
  url: a.url, unsafeUrl: a.unsafeUrl, flags: a.annotationFlags, rect: Array.from(a.rect, (v) => Math.round(v * 100) / 100),
});

/** For each page: [pdf.js getAnnotations links, direct reader links]. */
async function bothReaders(bytes: Uint8Array): Promise<[Compared[], LinkAnnotation[]][]> {
  const pdfjs = await loadPdfjs();
  const task = pdfjs.getDocument(documentParams(bytes));
  const doc = await task.promise;
  const read = documentLinkAnnotations(bytes);
  const out: [Compared[], LinkAnnotation[]][] = [];
  try {
    for (let n = 1; n <= doc.numPages; n++) {
      const page = await doc.getPage(n);
      const fromPdfjs = (await page.getAnnotations()) as { subtype: string; url?: string; unsafeUrl?: string; annotationFlags: number; rect: number[] }[];
      out.push([fromPdfjs.filter((a) => a.subtype === 'Link').map(compared), read(page.ref!)]);
    }
  } finally {
    await task.destroy();
  }
  return out;
}

describe.each([false, true])('direct link reader (object streams: %s)', (useObjectStreams) => {
  it('agrees with pdf.js getAnnotations on every link it shows', async () => {
    for (const [fromPdfjs, direct] of await bothReaders(await linkPdf(useObjectStreams))) {
      // pdf.js's display intent leaves out NoView links; the reader reports them and links.ts drops them.
      expect(direct.filter((a) => !(a.annotationFlags & 32)).map(compared)).toEqual(fromPdfjs);
    }
  });

  it('reads each kind of target as expected', async () => {
    const [p1 = [], p2 = [], p3 = []] = (await bothReaders(await linkPdf(useObjectStreams))).map(([, direct]) => direct);
    const byY = new Map(p1.map((a) => [a.rect[1], a]));
    expect(byY.get(700)).toEqual({ subtype: 'Link', annotationFlags: 0, rect: [50, 700, 250, 712], url: 'https://example.org/plain', unsafeUrl: 'https://example.org/plain' });
    expect([660, 640, 620].map((y) => byY.get(y)?.annotationFlags)).toEqual([2, 32, 0]);
    expect(byY.get(600)?.url).toBe('https://example.org/indirect-action');
    expect(byY.get(580)?.url).toBe('https://example.org/hex?q=1&r=2');
    expect(byY.get(560)?.url).toBe('https://example.org/(p)a/continued');
    expect(byY.get(540)).toMatchObject({ unsafeUrl: 'javascript:alert(1)' });
    expect(byY.get(540)?.url).toBeUndefined();
    expect(byY.get(520)?.url).toBe('http://www.example.org/www');
    expect(byY.get(500)).toMatchObject({ unsafeUrl: '../docs/index.md#x' });
    expect(byY.get(480)).toMatchObject({ unsafeUrl: 'other.pdf#chapter1' });
    expect(byY.get(460)?.url).toBe('https://example.org/mouse-up');
    expect(byY.get(440)?.url).toBe('https://example.org/dest-wins');
    expect(byY.get(420)?.unsafeUrl).toBeUndefined();
    expect(byY.get(400)).toMatchObject({ rect: [50, 400, 250, 412], url: 'https://example.org/reversed' });
    expect(p1).toHaveLength(16);
    expect(p2.map((a) => a.url)).toEqual(['https://example.org/p2']);
    expect(p3.map((a) => a.url)).toEqual(['https://example.org/inherited']);
  });
});

describe('strings pdf.js keeps as bytes', () => {
  it('decodes a UTF-16BE URI (pdf.js would report the raw bytes as an unsafe URL)', async () => {
    const pdf = await PDFDocument.create();
    const page = pdf.addPage([595, 842]);
    const annot = pdf.context.obj({ Type: 'Annot', Subtype: 'Link', Rect: [1, 2, 3, 4], A: { S: 'URI', URI: PDFHexString.fromText('https://example.org/ü') } });
    page.node.set(PDFName.of('Annots'), pdf.context.obj([pdf.context.register(annot)]));
    const [[fromPdfjs, direct]] = await bothReaders(await pdf.save()) as [[Compared[], LinkAnnotation[]]];
    expect(fromPdfjs[0]?.url).toBeUndefined();
    expect(direct[0]?.url).toBe('https://example.org/%C3%BC');
  });
});

describe('document base URI', () => {
  it('resolves relative targets against the catalog /URI /Base, like pdf.js', async () => {
    const pdf = await PDFDocument.create();
    const page = pdf.addPage([595, 842]);
    pdf.catalog.set(PDFName.of('URI'), pdf.context.obj({ Base: PDFString.of('https://example.org/base/') }));
    const annot = pdf.context.obj({ Type: 'Annot', Subtype: 'Link', Rect: [1, 2, 3, 4], A: { S: 'URI', URI: PDFString.of('docs/a.html') } });
    page.node.set(PDFName.of('Annots'), pdf.context.obj([pdf.context.register(annot)]));
    const [[fromPdfjs, direct]] = await bothReaders(await pdf.save()) as [[Compared[], LinkAnnotation[]]];
    expect(direct.map(compared)).toEqual(fromPdfjs);
    expect(direct[0]?.url).toBe('https://example.org/base/docs/a.html');
  });
});
