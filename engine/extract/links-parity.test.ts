/**
 * Parity on real documents: for two corpus PDFs of each producer, every
 * page's links read straight from the bytes equal those pdf.js
 * getAnnotations() yields (same url, box within 0.01), and the direct reader
 * needed no fallback to get there.
 */
import fs from 'node:fs';
import { describe, expect, it, vi } from 'vitest';
import type { PDFPageProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { documentParams, loadPdfjs } from './pdfjs.ts';
import { corpusDir } from '../../test/support/corpus.ts';
import { extractLinks, linkReader, type LinkArea } from './links.ts';

const PDF = corpusDir('dev', 'pdf');
const DOCS = [
  'nodejs-api-documentation__latex', 'libxmlsec1-dev-readme__latex',
  'node-micromatch-readme__office', 'rollup-configuration-options-p02__office',
  'node-browserslist-readme__html-1col', 'nodejs-contributing-collaborator-guide__html-1col',
  'docker-cli-cli__html-2col', 'node-micromatch-readme__html-2col',
];

function expectSameLinks(direct: LinkArea[], fromPdfjs: LinkArea[], where: string): void {
  expect(direct.map((l) => l.url), where).toEqual(fromPdfjs.map((l) => l.url));
  direct.forEach((l, i) => {
    const want = fromPdfjs[i]!.box;
    for (const k of ['x0', 'y0', 'x1', 'y1'] as const) expect(Math.abs(l.box[k] - want[k]), `${where} link ${i} ${k}`).toBeLessThan(0.01);
  });
}

describe.skipIf(!PDF)('direct link reader vs pdf.js on corpus documents', () => {
  it.each(DOCS)('%s', { timeout: 120_000 }, async (id) => {
    const bytes = new Uint8Array(fs.readFileSync(`${PDF}/${id}.pdf`));
    const task = (await loadPdfjs()).getDocument(documentParams(bytes));
    const read = linkReader(bytes);
    let total = 0;
    try {
      const doc = await task.promise;
      for (let n = 1; n <= doc.numPages; n++) {
        const page: PDFPageProxy = await doc.getPage(n);
        const spy = vi.spyOn(page, 'getAnnotations');
        const direct = await read(page);
        expect(spy, `${id} page ${n} fell back to pdf.js`).not.toHaveBeenCalled();
        expectSameLinks(direct, await extractLinks(page), `${id} page ${n}`);
        total += direct.length;
      }
    } finally {
      await task.destroy();
    }
    expect(total, 'documents chosen for having links').toBeGreaterThan(5);
  });
});
