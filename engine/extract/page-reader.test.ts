/**
 * The page reader's backend chain: which backend a document goes to and why,
 * the hand-over from the first page a backend cannot read, and the counts
 * convert() reports. Scripted backends test the chain; a real encrypted file
 * and a real non-embedded font test the two built-in backends behind it.
 */
import fs from 'node:fs';
import type { PDFDocumentProxy, PDFPageProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { describe, expect, it } from 'vitest';
import { corpusDir } from '../../test/support/corpus.ts';
import { makePdf } from '../../test/support/pdf.ts';
import { convert } from '../index.ts';
import type { Page } from '../model.ts';
import type { TextBackendName } from '../types.ts';
import type { BackendSpec, PageBackend } from './backends/page-backend.ts';
import { PageReader } from './page-reader.ts';

const page = (number: number): Page => ({ number, width: 1, height: 1, runs: [], rules: [], lines: [], blocks: [] });
/** The reader never touches the proxy itself; only backends do. */
const PROXY = {} as PDFPageProxy;

type Script = { name: TextBackendName; refuse?: string; failFrom?: number; log: string[] };

/** A backend that refuses the document or fails from a page on, and logs what it is asked. */
function scripted(s: Script): BackendSpec {
  return {
    name: s.name,
    open(): PageBackend {
      s.log.push(`open ${s.name}`);
      if (s.refuse) throw new Error(s.refuse);
      return {
        name: s.name,
        read: async (_p, n) => {
          s.log.push(`${s.name} ${n}`);
          if (s.failFrom !== undefined && n >= s.failFrom) throw new RangeError(`${s.name} cannot read page ${n}`);
          return page(n);
        },
        settle: async () => { s.log.push(`settle ${s.name}`); },
      };
    },
  };
}

async function readAll(reader: PageReader, pages: number): Promise<string[]> {
  const out: string[] = [];
  for (let n = 1; n <= pages; n++) out.push(await reader.read(PROXY, n).then((p) => `ok ${p.number}`, (e: unknown) => `failed ${n}: ${String(e)}`));
  await reader.settle({} as PDFDocumentProxy, []);
  return out;
}

const data = new Uint8Array([0x25, 0x50, 0x44, 0x46]);

describe('PageReader backend chain', () => {
  it('gives the document to the first backend that opens it and says so', async () => {
    const log: string[] = [];
    const reader = new PageReader(data, [scripted({ name: 'direct', log }), scripted({ name: 'pdfjs', log })]);
    expect(await readAll(reader, 2)).toEqual(['ok 1', 'ok 2']);
    expect(reader.stats).toEqual({ direct: 2, pdfjs: 0, backend: 'direct', reason: 'first of direct → pdfjs' });
    expect(log).toEqual(['open direct', 'direct 1', 'direct 2', 'settle direct']);
  });

  it('passes a refused document to the next backend, with the refusal as reason and fallback', async () => {
    const log: string[] = [];
    const reader = new PageReader(data, [scripted({ name: 'direct', refuse: 'no index', log }), scripted({ name: 'pdfjs', log })]);
    expect(await readAll(reader, 1)).toEqual(['ok 1']);
    expect(reader.stats).toEqual({
      direct: 0, pdfjs: 1, backend: 'pdfjs', reason: 'direct refused the document: Error: no index', fallback: 'Error: no index',
    });
  });

  it('hands the first page a backend cannot read, and every later one, to the next backend', async () => {
    const log: string[] = [];
    const reader = new PageReader(data, [scripted({ name: 'direct', failFrom: 2, log }), scripted({ name: 'pdfjs', log })]);
    expect(await readAll(reader, 3)).toEqual(['ok 1', 'ok 2', 'ok 3']);
    expect(reader.stats).toMatchObject({ direct: 1, pdfjs: 2, backend: 'direct', fallback: 'page 2: RangeError: direct cannot read page 2' });
    // The direct backend is not asked again after it failed; both settle.
    expect(log).toEqual(['open direct', 'direct 1', 'direct 2', 'open pdfjs', 'pdfjs 2', 'pdfjs 3', 'settle direct', 'settle pdfjs']);
  });

  it('lets the last backend\'s failure through, counting the page as read by it', async () => {
    const log: string[] = [];
    const reader = new PageReader(data, [scripted({ name: 'pdfjs', failFrom: 2, log })]);
    expect(await readAll(reader, 3)).toEqual(['ok 1', 'failed 2: RangeError: pdfjs cannot read page 2', 'failed 3: RangeError: pdfjs cannot read page 3']);
    expect(reader.stats).toEqual({ direct: 0, pdfjs: 3, backend: 'pdfjs', reason: 'first of pdfjs' });
  });

  it('throws when the last backend refuses the document', () => {
    expect(() => new PageReader(data, [scripted({ name: 'pdfjs', refuse: 'nothing works', log: [] })])).toThrow('nothing works');
  });
});

describe('the built-in backends behind the chain', () => {
  const hostile = corpusDir('hostile');
  it.skipIf(!hostile)('an encrypted document: the direct backend refuses it at opening, pdf.js reads it', { timeout: 60_000 }, async () => {
    const file = `${hostile}/encrypted-empty-user-password__pdfjs__bug900822.pdf`;
    const r = await convert(new Uint8Array(fs.readFileSync(file)), { ocr: 'off' });
    expect(r.textReader).toEqual({
      direct: 0, pdfjs: r.pages, backend: 'pdfjs', reason: 'direct refused the document: Unsupported: encrypted', fallback: 'Unsupported: encrypted',
    });
  });

  it('a non-embedded font: the direct backend takes the document and hands it over at page 1', { timeout: 60_000 }, async () => {
    const r = await convert(new Uint8Array(await makePdf([['Helvetica, not embedded.'], ['Page two.']])), { ocr: 'off' });
    expect(r.textReader).toMatchObject({ direct: 0, pdfjs: 2, backend: 'direct' });
    expect(r.textReader.fallback).toMatch(/^page 1: Unsupported: /);
    expect(r.markdown).toContain('Page two.');
  });
});
