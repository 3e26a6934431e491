/**
 * The text of the item being built, as parts joined when it ends: the first
 * `parts` strings of `str`. The array is never emptied or cut, since V8 drops
 * an array's storage when its length is set to 0 and every item would then
 * grow it anew, and setting the length at all is a call into the runtime.
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
  // Concatenated, not joined: join() would need the array cut to length first, and
  // costs more than the concatenation for the few dozen parts of an item.
  let text = '';
  for (let i = 0; i < c.parts; i++) text += c.str[i]!;
  return text;
}
