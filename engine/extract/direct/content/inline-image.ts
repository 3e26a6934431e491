/**
 * Skipping an inline image (`BI <dict> ID <data> EI`) the way pdf.js's
 * findDefaultInlineStreamEnd does: the data ends at an `EI` followed by a
 * space or end of line, where the next bytes look like text and the next
 * tokens form a known operator with its operand count. Getting this wrong
 * would misread the rest of the page, so anything else is Unsupported.
 */
import type { PdfDict, PdfValue } from '../../pdf-objects/values.ts';
import { Unsupported } from '../types.ts';
import { COMMAND, ContentLexer, EOF } from './content-lexer.ts';
import { opSpec } from './operators.ts';

/** Bytes after a candidate `EI` that must look like text (pdf.js's n = 15). */
const PEEK = 15;

/** The filter name pdf.js picks its end finder by (the first of an array). */
function firstFilter(dict: PdfDict): string | undefined {
  const f: PdfValue | undefined = dict.map.get('F') ?? dict.map.get('Filter');
  const first = Array.isArray(f) ? f[0] : f;
  return typeof first === 'object' && first !== null && !Array.isArray(first) && first.kind === 'name' ? first.name : undefined;
}

/** True when the bytes after a candidate EI look like content (pdf.js's check of the next 15 bytes). */
function looksLikeText(b: Uint8Array, from: number): boolean {
  const end = Math.min(b.length, from + PEEK);
  for (let i = from; i < end; i++) {
    const ch = b[i]!;
    if (ch === 0 && b[i + 1] !== 0) continue;
    if (ch !== 0x0a && ch !== 0x0d && (ch < 0x20 || ch > 0x7f)) return false;
  }
  return true;
}

/** True when the tokens in the 75 bytes after a candidate EI reach a known operator with a valid operand count. */
function operatorFollows(b: Uint8Array, from: number): boolean {
  const lexer = new ContentLexer(b.subarray(from, Math.min(b.length, from + 5 * PEEK)));
  let numArgs = 0;
  for (let guard = 0; guard < 5 * PEEK + 1; guard++) {
    const t = lexer.next();
    if (t === EOF) return false;
    if (t === COMMAND) {
      const spec = opSpec(lexer.command.cmd);
      if (!spec) return false;
      if (spec.variable ? numArgs <= spec.args : numArgs === spec.args) return true;
      numArgs = 0;
    } else numArgs++;
  }
  return false;
}

/**
 * Given the position right after the `ID` operator, returns the position
 * after the `EI` that ends the image data and its following whitespace byte.
 */
export function skipInlineImage(b: Uint8Array, afterId: number, dict: PdfDict): number {
  const filter = firstFilter(dict);
  if (filter === 'DCT' || filter === 'DCTDecode' || filter === 'A85' || filter === 'ASCII85Decode' || filter === 'AHx' || filter === 'ASCIIHexDecode') {
    throw new Unsupported(`inline image with ${filter}`);
  }
  // pdf.js starts after the one whitespace byte that follows ID, and scans
  // with a three-state machine: a byte that breaks a partial match is not
  // looked at again, so "EEI " and "EIEI " do not end the data there.
  let state = 0;
  for (let i = afterId + 1; i < b.length; i++) {
    const ch = b[i]!;
    if (state === 0) state = ch === 0x45 ? 1 : 0;
    else if (state === 1) state = ch === 0x49 ? 2 : 0;
    else if (ch === 0x20 || ch === 0x0a || ch === 0x0d) {
      const after = i + 1;
      if (after >= b.length || (looksLikeText(b, after) && operatorFollows(b, after))) return after;
      state = 0;
    } else state = 0;
  }
  throw new Unsupported('inline image without a valid EI');
}
