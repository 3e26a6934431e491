/**
 * Math.min, Math.max and Math.abs of numbers, written as comparisons with
 * the same results (NaN and the sign of zero included). A conversion child
 * of a small batch compiles no further than Maglev (engine/cli/child-limits.ts),
 * whose code calls out for the Math functions and allocates each result: in
 * a loop over boxes, about eight times the cost of these, which it inlines.
 */

/** `Math.min(a, b)`. */
export function least(a: number, b: number): number {
  if (a < b) return a;
  if (b < a) return b;
  if (a !== a) return a; // NaN
  if (b !== b) return b;
  return a === 0 && 1 / a < 0 ? a : b; // -0 is the lesser zero
}

/** `Math.max(a, b)`. */
export function greatest(a: number, b: number): number {
  if (a > b) return a;
  if (b > a) return b;
  if (a !== a) return a; // NaN
  if (b !== b) return b;
  return a === 0 && 1 / a > 0 ? a : b; // +0 is the greater zero
}

/** `Math.abs(x)`: adding 0 turns -0 into 0 and leaves any other number as it is. */
export function magnitude(x: number): number {
  return x < 0 ? -x : x + 0;
}

/** `Math.min(...xs)`, with no arguments list built (Infinity for none). */
export function minOf(xs: ArrayLike<number>): number {
  let m = Infinity;
  for (let i = 0; i < xs.length; i++) m = least(m, +xs[i]!); // + as Math.min converts its arguments: a stray undefined is NaN
  return m;
}

/** `Math.max(...xs)`, with no arguments list built (-Infinity for none). */
export function maxOf(xs: ArrayLike<number>): number {
  let m = -Infinity;
  for (let i = 0; i < xs.length; i++) m = greatest(m, +xs[i]!);
  return m;
}
