/**
 * The opaque cursor of newest-first lists: the last item's timestamp and id,
 * base64url JSON. A cursor this API did not hand out is bad_input.
 */
import { z } from 'zod';
import { DomainError } from '../errors.ts';

const Cursor = z.object({ t: z.iso.datetime(), id: z.uuid() });
export type TimeCursor = z.infer<typeof Cursor>;

export const encodeCursor = (t: Date, id: string): string =>
  Buffer.from(JSON.stringify({ t: t.toISOString(), id })).toString('base64url');

export function decodeCursor(cursor: string): TimeCursor {
  try {
    return Cursor.parse(JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')));
  } catch {
    throw new DomainError('bad_input', 'cursor is not one this API returned.');
  }
}
