/**
 * The one place that knows how to load pdf.js on Node 24 and which document
 * parameters make its text extraction reliable and side-effect free.
 */
import { createRequire } from 'node:module';
import path from 'node:path';

/** The pdf.js module namespace (legacy build; the default build crashes on Node 24). */
export type Pdfjs = typeof import('pdfjs-dist/legacy/build/pdf.mjs');

let cached: Promise<Pdfjs> | null = null;

/** Imports pdf.js on first use, so importing the engine does no work. */
export function loadPdfjs(): Promise<Pdfjs> {
  cached ??= import('pdfjs-dist/legacy/build/pdf.mjs');
  return cached;
}

/** Parameters for `getDocument`: local resource folders, no eval, no font faces, no network. */
export function documentParams(data: Uint8Array, password?: string) {
  const dir = path.dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json'));
  return {
    // pdf.js transfers (detaches) the buffer it is given; copy so the caller's stays usable.
    data: data.slice(),
    password,
    cMapUrl: path.join(dir, 'cmaps') + path.sep,
    cMapPacked: true,
    standardFontDataUrl: path.join(dir, 'standard_fonts') + path.sep,
    wasmUrl: path.join(dir, 'wasm') + path.sep,
    fontExtraProperties: true,
    isEvalSupported: false,
    disableFontFace: true,
    useSystemFonts: false,
    stopAtErrors: false,
    verbosity: 0,
  };
}
