/**
 * Sorting that first checks whether there is anything to sort. Most lists
 * the stages sort (a row's runs left to right, a page's runs top to bottom)
 * already stand in order, and V8's sort copies every list into scratch
 * storage and back even then: that copying was a good part of the engine's
 * garbage. A stable sort of a list already in order leaves it as it is, so
 * skipping it changes nothing.
 */

/**
 * Whether every neighbouring pair compares as in order (`cmp(a, b) <= 0`).
 * A pair that compares as NaN counts as out of order: the list is then
 * sorted as before, whatever sort makes of it.
 */
export function inOrder<T>(items: readonly T[], cmp: (a: T, b: T) => number): boolean {
  for (let i = 1; i < items.length; i++) if (!(cmp(items[i - 1]!, items[i]!) <= 0)) return false;
  return true;
}

/** `items.sort(cmp)`, with no sort when they are already in order. */
export function sortInPlace<T>(items: T[], cmp: (a: T, b: T) => number): T[] {
  return inOrder(items, cmp) ? items : items.sort(cmp);
}

/**
 * The items sorted by `cmp` in a new array, or the list itself when it is
 * already in order: for callers that only read the result.
 */
export function sortedView<T>(items: readonly T[], cmp: (a: T, b: T) => number): readonly T[] {
  return inOrder(items, cmp) ? items : [...items].sort(cmp);
}
