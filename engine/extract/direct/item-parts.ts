/**
 * The text of the item being built, as parts joined when it ends: the first
 * `parts` strings of `str`. The array is never emptied, since V8 drops an
 * array's storage when its length is set to 0 and every item would then grow
 * it anew; it is cut to the item's parts only when they are joined (a length
 * above 0 keeps the storage).
 */

/** Parts of an item's text; `str` beyond `parts` holds stale strings. */
export type ItemParts = { str: string[]; parts: number };

/** Adds a part. */
export function addPart(c: ItemParts, text: string): void {
  if (c.parts < c.str.length) c.str[c.parts] = text;
  else c.str.push(text);
  c.parts++;
}

/** The parts joined; the parts are then still there until the caller sets `parts` to 0. */
export function joinParts(c: ItemParts): string {
  if (c.parts === 0) return '';
  c.str.length = c.parts;
  return c.str.join('');
}
