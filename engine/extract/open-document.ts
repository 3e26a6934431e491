/**
 * Opening a PDF with pdf.js and translating its failures into EngineError
 * codes, so callers never see pdf.js exception classes.
 */
import type { PDFDocumentProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { EngineError } from '../types.ts';
import { documentParams, loadPdfjs } from './pdfjs.ts';
import { withoutAttachmentOnlyEncryption } from './attachment-only-encryption.ts';

/** Opening must not hang on pathological files; pdf.js parses in-process. */
const OPEN_TIMEOUT_MS = 20_000;

/** Cheap sniff: a PDF header must appear in the first KiB (readers tolerate leading junk and a missing version). */
export function looksLikePdf(data: Uint8Array): boolean {
  const head = Buffer.from(data.subarray(0, 1024)).toString('latin1');
  return head.includes('%PDF');
}

/** Maps a pdf.js load failure to an EngineError. */
export function classifyOpenError(err: unknown): EngineError {
  if (err instanceof EngineError) return err;
  const name = err instanceof Error ? err.name : '';
  const message = err instanceof Error ? err.message : String(err);
  if (name === 'PasswordException') {
    return new EngineError('encrypted_pdf', 'The PDF is encrypted and needs a password.');
  }
  if (name === 'InvalidPDFException' || name === 'FormatError' || name === 'UnknownErrorException') {
    return new EngineError('malformed_pdf', `The PDF could not be parsed: ${message}`);
  }
  return new EngineError('malformed_pdf', `The PDF could not be opened: ${message}`);
}

/** An open document and the only way to release it (pdf.js v6 destroys through the loading task). */
export type OpenDocument = { pdf: PDFDocumentProxy; close(): Promise<void> };

/** Opens the document or throws EngineError (not_a_pdf, encrypted_pdf, malformed_pdf, no_pages). */
export async function openDocument(data: Uint8Array, password?: string): Promise<OpenDocument> {
  if (data.length === 0 || !looksLikePdf(data)) {
    throw new EngineError('not_a_pdf', 'The input is not a PDF (no %PDF header).');
  }
  try {
    return await openWithPdfjs(data, password);
  } catch (err) {
    // Only embedded files encrypted: the pages need no key, so open them without asking for one.
    const clear = err instanceof EngineError && err.code === 'encrypted_pdf' && password === undefined
      ? withoutAttachmentOnlyEncryption(data)
      : null;
    if (!clear) throw err;
    return openWithPdfjs(clear, undefined);
  }
}

async function openWithPdfjs(data: Uint8Array, password: string | undefined): Promise<OpenDocument> {
  const pdfjs = await loadPdfjs();
  const task = pdfjs.getDocument(documentParams(data, password));
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new EngineError('malformed_pdf', 'Opening the PDF timed out.')), OPEN_TIMEOUT_MS);
  });
  try {
    const doc = await Promise.race([task.promise, timeout]);
    if (doc.numPages < 1) throw new EngineError('no_pages', 'The PDF has no pages.');
    return { pdf: doc, close: () => task.destroy().catch(() => undefined) };
  } catch (err) {
    await task.destroy().catch(() => undefined);
    throw classifyOpenError(err);
  } finally {
    clearTimeout(timer);
  }
}
