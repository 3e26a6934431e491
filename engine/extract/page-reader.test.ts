/**
 * The page reader's backend chain: which backend a document goes to and why,
 * the per-page hand-over to the next backend, and the counts convert()
 * reports. Scripted backends test the chain; generated PDFs test the two
 * built-in backends behind it, and that pdf.js is never opened for a
 * document the direct reader reads whole.
 */
import fs from 'node:fs';
import v8 from 'node:v8';
import { runInNewContext } from 'node:vm';
import { PDFDocument, PDFHexString, PDFName, PDFString, StandardFonts, type PDFRef } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { corpusDir } from '../../test/support/corpus.ts';
import { encode, hasTtf, ttfPage } from '../../test/support/ttf-pdf.ts';
import { convert } from '../index.ts';
import type { Page } from '../model.ts';
import type { TextBackendName } from '../types.ts';
import { pdfjsOpenings } from './backends/lazy-pdfjs.ts';
import type { BackendSpec, DocumentBackend } from './backends/page-backend.ts';
import { PageReader } from './page-reader.ts';

const page = (number: number): Page => ({ number, width: 1, height: 1, runs: [], rules: [], lines: [], blocks: [] });

type Script = { name: TextBackendName; refuse?: string; fails?: number[]; log: string[] };

/** A backend of three pages that refuses the document or some pages, and logs what it is asked. */
function scripted(s: Script): BackendSpec {
  return {
    name: s.name,
    async open(): Promise<DocumentBackend> {
      s.log.push(`open ${s.name}`);
      if (s.refuse) throw new Error(s.refuse);
      return {
        name: s.name, pageCount: 3,
        page: async (n) => {
          s.log.push(`${s.name} ${n}`);
          if (s.fails?.includes(n)) throw new RangeError(`${s.name} cannot read page ${n}`);
          return page(n);
        },
        links: async () => [], outline: async () => [], destination: async () => null,
        settle: async (pages) => { s.log.push(`settle ${s.name} ${pages.map((p) => p.number).join(',')}`); },
        close: async () => { s.log.push(`close ${s.name}`); },
      };
    },
  };
}

async function readAll(reader: PageReader): Promise<string[]> {
  const out: string[] = [];
  for (let n = 1; n <= reader.pageCount; n++) out.push(await reader.read(n).then((p) => `ok ${p.number}`, (e: unknown) => `failed ${n}: ${String(e)}`));
  await reader.settle([]);
  await reader.close();
  return out;
}

const data = new Uint8Array(Buffer.from('%PDF-1.7'));

describe('PageReader backend chain', () => {
  it('gives the document to the first backend that opens it and says so', async () => {
    const log: string[] = [];
    const reader = await PageReader.open(data, { choice: [scripted({ name: 'direct', log }), scripted({ name: 'pdfjs', log })] });
    expect(await readAll(reader)).toEqual(['ok 1', 'ok 2', 'ok 3']);
    expect(reader.stats).toEqual({ direct: 3, pdfjs: 0, backend: 'direct', reason: 'first of direct → pdfjs' });
    // The second backend is never opened.
    expect(log).toEqual(['open direct', 'direct 1', 'direct 2', 'direct 3', 'settle direct 1,2,3', 'close direct']);
  });

  it('passes a refused document to the next backend, with the refusal as reason and fallback', async () => {
    const log: string[] = [];
    const reader = await PageReader.open(data, { choice: [scripted({ name: 'direct', refuse: 'no index', log }), scripted({ name: 'pdfjs', log })] });
    expect(await readAll(reader)).toEqual(['ok 1', 'ok 2', 'ok 3']);
    expect(reader.stats).toEqual({
      direct: 0, pdfjs: 3, backend: 'pdfjs', reason: 'direct refused the document: Error: no index', fallback: 'Error: no index',
    });
  });

  it('hands a page the backend cannot read, and only that page, to the next backend', async () => {
    const log: string[] = [];
    const reader = await PageReader.open(data, { choice: [scripted({ name: 'direct', fails: [2], log }), scripted({ name: 'pdfjs', log })] });
    expect(await readAll(reader)).toEqual(['ok 1', 'ok 2', 'ok 3']);
    expect(reader.stats).toMatchObject({ direct: 2, pdfjs: 1, backend: 'direct', fallback: 'page 2: RangeError: direct cannot read page 2' });
    // The next backend opens at the first page it is needed for; page 3 goes back to the direct one; each settles its own pages.
    expect(log).toEqual(['open direct', 'direct 1', 'direct 2', 'open pdfjs', 'pdfjs 2', 'direct 3', 'settle direct 1,3', 'settle pdfjs 2', 'close direct', 'close pdfjs']);
  });

  it('lets the last backend\'s failure through, counting the page as read by it', async () => {
    const log: string[] = [];
    const reader = await PageReader.open(data, { choice: [scripted({ name: 'pdfjs', fails: [2, 3], log })] });
    expect(await readAll(reader)).toEqual(['ok 1', 'failed 2: RangeError: pdfjs cannot read page 2', 'failed 3: RangeError: pdfjs cannot read page 3']);
    expect(reader.stats).toEqual({ direct: 0, pdfjs: 3, backend: 'pdfjs', reason: 'first of pdfjs' });
  });

  it('throws when the last backend refuses the document, and refuses what is not a PDF before any backend', async () => {
    await expect(PageReader.open(data, { choice: [scripted({ name: 'pdfjs', refuse: 'nothing works', log: [] })] })).rejects.toThrow('nothing works');
    await expect(PageReader.open(new Uint8Array(Buffer.from('hello')))).rejects.toMatchObject({ code: 'not_a_pdf' });
  });
});

/** Pages in the embedded TrueType font (direct-readable), one per text; `helvetica` pages use a non-embedded font instead. */
async function manual(texts: string[], helvetica: number[] = []): Promise<{ doc: PDFDocument; refs: PDFRef[] }> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (const [i, text] of texts.entries()) {
    if (helvetica.includes(i + 1)) {
      doc.addPage([595, 842]).drawText(text, { x: 72, y: 760, size: 12, font });
      continue;
    }
    const src = await PDFDocument.load(await ttfPage(`BT /F1 12 Tf 72 760 Td ${encode(text)} Tj ET`));
    doc.addPage((await doc.copyPages(src, [0]))[0]!);
  }
  return { doc, refs: doc.getPages().map((p) => p.ref) };
}

/** An outline of two entries: an explicit destination on page 3, and a GoTo to a named destination on page 2. */
function addOutline(doc: PDFDocument, refs: PDFRef[]): void {
  const ctx = doc.context;
  const root = ctx.nextRef();
  const [a, b] = [ctx.nextRef(), ctx.nextRef()];
  ctx.assign(a, ctx.obj({ Title: PDFHexString.fromText('Résumé — first'), Parent: root, Next: b, Dest: [refs[2]!, 'XYZ', null, null, null] }));
  ctx.assign(b, ctx.obj({ Title: PDFString.of('Second'), Parent: root, Prev: a, A: { S: 'GoTo', D: PDFString.of('sec.two') } }));
  ctx.assign(root, ctx.obj({ Type: 'Outlines', First: a, Last: b, Count: 2 }));
  doc.catalog.set(PDFName.of('Outlines'), root);
  doc.catalog.set(PDFName.of('Names'), ctx.obj({ Dests: ctx.obj({ Names: [PDFString.of('sec.two'), ctx.obj([refs[1]!, 'XYZ', 0, 700, null])] }) }));
}

/** A link over page 1's text to the named destination on page 2. */
function addInternalLink(doc: PDFDocument): void {
  const ctx = doc.context;
  const annot = ctx.register(ctx.obj({ Type: 'Annot', Subtype: 'Link', Rect: [70, 755, 200, 775], A: { S: 'GoTo', D: PDFString.of('sec.two') } }));
  doc.getPages()[0]!.node.set(PDFName.of('Annots'), ctx.obj([annot]));
}

/** A full garbage collection, from a test (V8's gc, exposed for the moment it takes). */
function collectGarbage(): void {
  v8.setFlagsFromString('--expose-gc');
  (runInNewContext('gc') as () => void)();
}

describe('PageReader close', () => {
  it('lets go of its backends, so what they read is not kept while the stages run', async () => {
    let opened: WeakRef<DocumentBackend> | undefined;
    const spec = scripted({ name: 'direct', log: [] });
    const tracked: BackendSpec = { name: 'direct', open: async (src) => {
      const backend = await spec.open(src);
      opened = new WeakRef(backend);
      return backend;
    } };
    const reader = await PageReader.open(data, { choice: [tracked] });
    await reader.read(1);
    await reader.close();
    // The reader itself stays reachable (convert() reports its stats after the stages), and its page count too.
    await new Promise((resolve) => setImmediate(resolve));
    collectGarbage();
    expect(opened?.deref()).toBeUndefined();
    expect(reader.pageCount).toBe(3);
    await expect(reader.read(1)).rejects.toThrow(/closed/);
  });
});

describe.skipIf(!hasTtf)('the built-in backends behind the chain', () => {
  it('reads a born-digital document, its outline included, without ever opening pdf.js', { timeout: 60_000 }, async () => {
    const { doc, refs } = await manual(['Alpha page one.', 'Beta page two.', 'Gamma page three.']);
    addOutline(doc, refs);
    addInternalLink(doc);
    const bytes = await doc.save();
    const before = pdfjsOpenings.count;
    const r = await convert(bytes, { ocr: 'auto' });
    expect(pdfjsOpenings.count - before).toBe(0);
    expect(r.textReader).toMatchObject({ direct: 3, pdfjs: 0, backend: 'direct' });
    for (const w of ['Alpha', 'Beta', 'Gamma']) expect(r.markdown).toContain(w);
    const direct = await PageReader.open(bytes);
    const pdfjs = await PageReader.open(bytes, { choice: 'pdfjs' });
    const want = [{ title: 'Résumé — first', level: 1, page: 3 }, { title: 'Second', level: 1, page: 2 }];
    expect(await direct.outline()).toEqual(want);
    expect(await pdfjs.outline()).toEqual(want);
    // The link's destination, resolved from the objects as pdf.js resolves it.
    const page2 = { page: 2, top: 700 };
    expect(await direct.destination('name:sec.two')).toEqual(page2);
    expect(await pdfjs.destination('name:sec.two')).toEqual(page2);
    const explicit = `json:${JSON.stringify([{ num: refs[2]!.objectNumber, gen: 0 }, { name: 'FitH' }, 500])}`;
    expect(await direct.destination(explicit)).toEqual({ page: 3, top: 500 });
    expect(await pdfjs.destination(explicit)).toEqual({ page: 3, top: 500 });
    expect(await direct.destination('name:nowhere')).toBeNull();
    await direct.close();
    await pdfjs.close();
  });

  it('reads only the page the direct reader refuses with pdf.js, and the pages after it directly again', { timeout: 60_000 }, async () => {
    const { doc } = await manual(['Alpha page one.', 'Helvetica page two.', 'Gamma page three.'], [2]);
    const before = pdfjsOpenings.count;
    const r = await convert(await doc.save(), { ocr: 'off' });
    expect(pdfjsOpenings.count - before).toBe(1);
    expect(r.textReader).toMatchObject({ direct: 2, pdfjs: 1, backend: 'direct' });
    expect(r.textReader.fallback).toMatch(/^page 2: Unsupported: /);
    for (const w of ['Alpha', 'Helvetica page two.', 'Gamma']) expect(r.markdown).toContain(w);
  });
});

describe('a document the direct reader refuses', () => {
  const hostile = corpusDir('hostile');
  it.skipIf(!hostile)('an encrypted document: the direct backend refuses it at opening, pdf.js reads it', { timeout: 60_000 }, async () => {
    const file = `${hostile}/encrypted-empty-user-password__pdfjs__bug900822.pdf`;
    const r = await convert(new Uint8Array(fs.readFileSync(file)), { ocr: 'off' });
    expect(r.textReader).toEqual({
      direct: 0, pdfjs: r.pages, backend: 'pdfjs', reason: 'direct refused the document: Unsupported: encrypted', fallback: 'Unsupported: encrypted',
    });
  });
});
