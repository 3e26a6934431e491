/**
 * Text drawn twice at (almost) the same place: producers fake bold by
 * showing a string again a fraction of a point to the side, or fill and
 * stroke it in two passes. Reading both copies gives `ENABLEENABLE`.
 * pdftotext drops a glyph that repeats one already drawn at nearly the same
 * position; on runs, a run is dropped when an earlier run on the same
 * baseline, in the same size, covers its box and holds its text at the same
 * place. Both readers' runs pass through here (text-runs.ts).
 */
import type { TextRun } from '../model.ts';
import { visibleLength } from '../geometry.ts';
import { greatest, magnitude } from '../numbers.ts';

/** How far (in ems) the copy may sit from the original: fake bold offsets are a small fraction of an em. */
const OFFSET_EM = 0.25;

const width = (r: TextRun) => r.box.x1 - r.box.x0;

/**
 * Texts of equal length that agree wherever both show a character: one pass
 * of a double-drawn line may leave out glyphs (`7 6` under `7.6`).
 */
function agrees(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i] && a[i] !== ' ' && b[i] !== ' ') return false;
  return true;
}

/** Whether the characters of `part` occur in `whole` in order. */
function subsequence(part: string, whole: string): boolean {
  let k = 0;
  for (let i = 0; i < whole.length && k < part.length; i++) if (whole[i] === part[k]) k++;
  return k === part.length;
}

/** True if `copy` repeats text `orig` already drew at the same spot. */
function repeats(orig: TextRun, copy: TextRun): boolean {
  const em = greatest(1, copy.fontSize);
  if (magnitude(orig.fontSize - copy.fontSize) > 0.05 * em || orig.dir !== copy.dir) return false;
  if (magnitude(orig.box.y1 - copy.box.y1) > OFFSET_EM * em) return false;
  const text = copy.text.trim();
  if (text === '') return false;
  const full = orig.text;
  if (agrees(full.trim(), text)) return magnitude(orig.box.x0 - copy.box.x0) < OFFSET_EM * em && magnitude(width(orig) - width(copy)) < OFFSET_EM * em;
  // A piece of a longer run lies within its box.
  if (copy.box.x0 < orig.box.x0 - OFFSET_EM * em || copy.box.x1 > orig.box.x1 + OFFSET_EM * em) return false;
  // Its letters must occur, in order, in the part of the run it covers: a pass may leave glyphs
  // out (`H ft` under `Hefty`, `i i` under the `irie` of `Prairie`).
  const perChar = width(orig) / greatest(1, full.length);
  const from = greatest(0, Math.floor((copy.box.x0 - orig.box.x0) / perChar) - 1);
  const to = Math.ceil((copy.box.x1 - orig.box.x0) / perChar) + 1;
  return subsequence(text.replace(/\s+/g, ''), full.slice(from, to));
}

/** Whether run `i` repeats text of a run `bucket` lists, drawn at the same place (see dropOverprint). */
function repeatsAny(runs: readonly TextRun[], i: number, bucket: readonly number[] | undefined): boolean {
  if (!bucket) return false;
  const r = runs[i]!;
  // A loop, not some() with a closure per run: this runs for every run of every page.
  for (let k = 0; k < bucket.length; k++) {
    const j = bucket[k]!;
    const o = runs[j]!;
    // Only overlapping runs of one size can repeat each other; most pairs stop here.
    if (j === i || o.dir === 'ttb' || o.box.x0 >= r.box.x1 || r.box.x0 >= o.box.x1 || magnitude(o.fontSize - r.fontSize) > 0.05 * r.fontSize) continue;
    // The baseline test of repeats(), ahead of the text comparisons: the lines above and below share the buckets.
    if (magnitude(o.box.y1 - r.box.y1) > OFFSET_EM * greatest(1, r.fontSize)) continue;
    // An unseen copy never stands in for a seen one: hidden text may be dropped later.
    if (o.hidden && !r.hidden) continue;
    const a = o.text.trim(), b = r.text.trim();
    // Of two copies the fuller one stays, the first one if they are alike.
    if (agrees(a, b) ? visibleLength(a) < visibleLength(b) || (visibleLength(a) === visibleLength(b) && j > i) : a.length <= b.length) continue;
    if (repeats(o, r)) return true;
  }
  return false;
}

/**
 * Drops runs that repeat text drawn at the same position (see the module
 * comment): of two equal runs the later goes; a piece of a longer run goes
 * whichever came first (some producers draw the pieces before the line).
 */
export function dropOverprint(runs: readonly TextRun[]): TextRun[] {
  // Buckets by baseline, so each run is compared with the few runs on its own line and the lines beside it.
  const byLine = new Map<number, number[]>();
  const keys = runs.map((r) => Math.round(r.box.y1 / greatest(1, r.fontSize)));
  keys.forEach((key, i) => {
    const bucket = byLine.get(key);
    if (bucket) bucket.push(i);
    else byLine.set(key, [i]);
  });
  return runs.filter((r, i) => {
    if (r.dir === 'ttb') return true;
    const key = keys[i]!;
    return !(repeatsAny(runs, i, byLine.get(key - 1)) || repeatsAny(runs, i, byLine.get(key)) || repeatsAny(runs, i, byLine.get(key + 1)));
  });
}
