/**
 * Strings that reach storage and headers. PostgreSQL's text cannot hold NUL,
 * and control characters in a name or key only ever come from a broken or
 * hostile client, so they are refused as input errors (400 bad_input) before
 * any query runs, instead of failing inside the database.
 */
import { z } from 'zod';

// C0 controls and DEL; tabs and newlines are no more welcome in a file name or key than NUL.
const isControl = (code: number) => code < 0x20 || code === 0x7f;

/** True when s holds no control character. */
export function isPlainText(s: string): boolean {
  for (let i = 0; i < s.length; i++) if (isControl(s.charCodeAt(i))) return false;
  return true;
}

/** A single-line string of 1..max characters without control characters. */
export function plainText(max: number) {
  return z.string().min(1).max(max).refine(isPlainText, { message: 'must not contain control characters' });
}

/** Control characters replaced by `_`: for names derived from input that was not validated (links, multipart). */
export function withoutControls(s: string): string {
  let out = '';
  for (const ch of s) out += isControl(ch.charCodeAt(0)) ? '_' : ch;
  return out;
}
