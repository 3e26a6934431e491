/**
 * Furniture as it recurs from page to page: its text with digits of any
 * common set folded and spacing collapsed, at about the same height.
 */

/** Lines this many points apart vertically still count as "the same place". */
export const Y_TOLERANCE = 8;

/** Something found on a page: its text key, its height and its page. */
type Recurring = { key: string; y: number; page: number };

/**
 * The items of each text key that stand at its usual height (the median of
 * its items', within {@link Y_TOLERANCE}), with that height and the number of
 * pages they are on.
 */
export function recurringGroups<T extends Recurring>(items: readonly T[]): { key: string; y: number; near: T[]; pages: number }[] {
  const byKey = new Map<string, T[]>();
  for (const item of items) {
    const group = byKey.get(item.key);
    if (group) group.push(item);
    else byKey.set(item.key, [item]);
  }
  return [...byKey].map(([key, group]) => {
    const ys = group.map((c) => c.y).sort((a, b) => a - b);
    const y = ys[ys.length >> 1]!;
    const near = group.filter((c) => Math.abs(c.y - y) <= Y_TOLERANCE);
    return { key, y, near, pages: new Set(near.map((c) => c.page)).size };
  });
}

/** Text with digits folded and spacing collapsed, so "Page 3 of 9" matches "Page 4 of 9". */
export function furnitureKey(text: string): string {
  return asciiDigits(text).toLowerCase().replace(/\d+/g, '#').replace(/\s+/g, ' ').trim();
}

/** The zero of each digit set folios are commonly numbered in besides ASCII: Arabic-Indic, Persian, Devanagari, Bengali, Thai, fullwidth. */
const DIGIT_ZEROS = [0x660, 0x6f0, 0x966, 0x9e6, 0xe50, 0xff10];

/** Digits of those sets as ASCII ones (٥ → 5), so the page-number patterns read them. */
export function asciiDigits(text: string): string {
  // Every digit it rewrites is at U+0660 or above: text below that throughout, as most is, is returned as it is.
  let i = 0;
  while (i < text.length && text.charCodeAt(i) < DIGIT_ZEROS[0]!) i++;
  if (i === text.length) return text;
  return text.replace(/\p{Nd}/gu, (d) => {
    const cp = d.codePointAt(0)!;
    const zero = DIGIT_ZEROS.find((z) => cp >= z && cp <= z + 9); // the set's ten digits, zero to nine
    return zero === undefined ? d : String(cp - zero);
  });
}

/**
 * Whether lines recurring under one key carry the page's number: one of
 * their numbers (the same place in each) is the page's number plus one offset
 * on every page it is on ("Chapter 1. Introduction 2" on page 2, "… 3" on
 * page 3). A chapter's running header changes with the chapter, too soon to
 * recur on enough pages, but it counts the pages as no line of text does.
 */
export function countsPages(items: readonly { text: string; page: number }[]): boolean {
  if (new Set(items.map((c) => c.page)).size < 2) return false; // one page counts nothing
  const numbers = items.map((c) => (asciiDigits(c.text).match(/\d+/g) ?? []).map(Number));
  const places = Math.min(...numbers.map((n) => n.length));
  for (let k = 0; k < places; k++) {
    const offset = numbers[0]![k]! - items[0]!.page;
    if (numbers.every((n, i) => n[k]! - items[i]!.page === offset)) return true;
  }
  return false;
}
