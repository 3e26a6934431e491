/**
 * Strings that reach storage and headers. PostgreSQL's text cannot hold NUL,
 * and control characters in a name or key only ever come from a broken or
 * hostile client, so they are refused as input errors (400 bad_input) before
 * any query runs, instead of failing inside the database.
 */
import { z } from 'zod';

// C0 controls and DEL; tabs and newlines are no more welcome in a file name or key than NUL.
const CONTROL = /[\u0000-\u001f\u007f]/;

/** True when s holds no control character. */
export const isPlainText = (s: string): boolean => !CONTROL.test(s);

/** A single-line string of 1..max characters without control characters. */
export function plainText(max: number) {
  return z.string().min(1).max(max).refine(isPlainText, { message: 'must not contain control characters' });
}

/** Control characters replaced by `_`: for names derived from input that was not validated (links, multipart). */
export const withoutControls = (s: string): string => s.replace(new RegExp(CONTROL.source, 'g'), '_');
