/**
 * The differential target: the direct reader must read a page exactly as
 * pdf.js does or refuse it (engine/extract/page-reader.ts relies on that).
 * Each page the direct reader reads is compared with pdf.js by the parity
 * tools' comparePage; a difference, or a throw other than a refusal, is a
 * defect. Inputs pdf.js itself cannot open are not judged.
 */
import { comparePage } from '../parity/compare-page.ts';
import { FontIdMap } from '../parity/item-diff.ts';
import { DirectDocument } from '../../engine/extract/direct/direct-document.ts';
import { documentParams, loadPdfjs } from '../../engine/extract/pdfjs.ts';
import { isRefusal } from './targets.ts';

/** Pages compared per input. */
const MAX_PAGES = 5;

/** A direct-reader page that differs from pdf.js's. */
export class Mismatch extends Error {
  override name = 'Mismatch';
}

export async function differentialTarget(data: Uint8Array): Promise<void> {
  let direct: DirectDocument;
  try {
    direct = DirectDocument.open(data);
  } catch (err) {
    if (isRefusal(err)) return;
    throw err;
  }
  const task = (await loadPdfjs()).getDocument(documentParams(data));
  try {
    const doc = await task.promise.catch(() => null);
    if (!doc) return;
    const fonts = new FontIdMap();
    for (let n = 1; n <= Math.min(doc.numPages, MAX_PAGES); n++) {
      const page = await doc.getPage(n).catch(() => null);
      if (!page) continue;
      // comparePage catches the direct reader's throws itself; what escapes it is pdf.js failing on the input.
      const verdict = await comparePage(direct, page, fonts).catch(() => null);
      if (!verdict) return;
      if (verdict.kind === 'different') throw new Mismatch(`page ${n}: ${verdict.what}`);
      if (verdict.kind === 'error') throw new Mismatch(`page ${n} fault: ${verdict.reason}`);
      // After a refusal the engine reads the rest with pdf.js: later pages are not the direct reader's.
      if (verdict.kind === 'unsupported') return;
    }
  } finally {
    await task.destroy();
  }
}
