/**
 * Unruled tables side by side whose rows share baselines and end together
 * (Chromium, Calc and Writer set two tables of one padding top-aligned):
 * neither the baselines (baseline-split.ts) nor where the rows end
 * (extent-split.ts) tell them apart. What a reader still sees is the row
 * labels: each table opens with its stub, a column of labels that name its
 * rows, and carries figures in the rest, so a second column of labels after
 * the first table's values starts the second table; and the gutter between the two tables is the widest
 * of the band, wider than any gutter between the columns on either side,
 * which are only a cell's padding apart. Both must hold: a single table
 * with a column of names among its values (`Name | Age | City | Pop`) has
 * it at one of its own gutters, no wider than the rest, and a table of
 * words (`Yes`, `No`, `full`) has no stub of labels beside figures.
 */
import type { TextRun } from '../model.ts';
import type { Sides } from './extent-split.ts';
import { isStub } from './extent-split.ts';
import { maxOf, minOf } from '../numbers.ts';
import { HALF } from './measures.ts';

/** Gaps (points) between the stretches of x the runs cover, merged where they overlap or touch. */
function gutters(runs: readonly TextRun[]): number[] {
  const spans = runs.map((r) => [r.box.x0, r.box.x1] as const).sort((p, q) => p[0] - q[0]);
  const out: number[] = [];
  let end = -Infinity;
  for (const [x0, x1] of spans) {
    if (end > -Infinity && x0 > end) out.push(x0 - end);
    end = Math.max(end, x1);
  }
  return out;
}

/** A figure, signed or not (`-20.9`, `+29,765`, `−5.95`, `(3.1)`, `.5`), as a value cell opens. */
const VALUE = /^[-+\u2212\u2013(]?[.,]?\p{N}/u;

/** Whether most of a side's runs after its stub hold figures: the stub's rows carry values, not more labels or words. */
function holdsValues(runs: readonly TextRun[]): boolean {
  const inked = runs.map((r) => r.text.trim()).filter((t) => t !== '');
  return inked.length > 0 && inked.filter((t) => VALUE.test(t)).length > HALF * inked.length;
}

/** Distance (ems) within which the labels of a stub set flush left start at its left edge. */
const FLUSH_EM = 0.5;

/**
 * Whether the first runs of a side's lines make a stub (extent-split.ts
 * isStub) and each of them that starts at the side's left edge is a label:
 * a column of figures there is a value column cut off from its table.
 */
function opensWithStub(firsts: readonly TextRun[], size: number): boolean {
  const edge = minOf(firsts.map((r) => r.box.x0));
  const atEdge = firsts.filter((r) => r.box.x0 <= edge + FLUSH_EM * size);
  return isStub(firsts.map((r) => r.text)) && atEdge.every((r) => /^\p{L}/u.test(r.text.trim()));
}

/**
 * Whether the band's lines, split at a cut (each line's runs left, `a`, and
 * right, `b`, of it), are two tables side by side that each open with a
 * stub of row labels, parted by the band's widest gutter; see the module
 * comment. `size` is the text's em. Each side must hold `minRows` rows on
 * the lines both share.
 */
export function repeatsStub(sides: readonly Sides[], size: number, minRows: number): boolean {
  const shared = sides.filter((l) => l.a.length && l.b.length);
  if (shared.length < minRows) return false;
  if (!opensWithStub(shared.map((l) => l.a[0]!), size) || !opensWithStub(shared.map((l) => l.b[0]!), size)) return false;
  if (!holdsValues(shared.flatMap((l) => l.a.slice(1))) || !holdsValues(shared.flatMap((l) => l.b.slice(1)))) return false;
  const left = sides.flatMap((l) => l.a), right = sides.flatMap((l) => l.b);
  const cut = minOf(right.map((r) => r.box.x0)) - maxOf(left.map((r) => r.box.x1));
  return [...gutters(left), ...gutters(right)].every((g) => g < cut);
}
