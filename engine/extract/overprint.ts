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

/** How far (in ems) the copy may sit from the original: fake bold offsets are a small fraction of an em. */
const OFFSET_EM = 0.25;

const width = (r: TextRun) => r.box.x1 - r.box.x0;

/** True if `copy` repeats text `orig` already drew at the same spot. */
function repeats(orig: TextRun, copy: TextRun): boolean {
  const em = Math.max(1, copy.fontSize);
  if (Math.abs(orig.fontSize - copy.fontSize) > 0.05 * em || orig.dir !== copy.dir) return false;
  if (Math.abs(orig.box.y1 - copy.box.y1) > OFFSET_EM * em) return false;
  const text = copy.text.trim();
  if (text === '') return false;
  const full = orig.text;
  if (full.trim() === text) return Math.abs(orig.box.x0 - copy.box.x0) < OFFSET_EM * em && Math.abs(width(orig) - width(copy)) < OFFSET_EM * em;
  // A piece of a longer run: its text must occur in the run where its position puts it.
  if (copy.box.x0 < orig.box.x0 - OFFSET_EM * em || copy.box.x1 > orig.box.x1 + OFFSET_EM * em) return false;
  const perChar = width(orig) / Math.max(1, full.length);
  const at = (copy.box.x0 - orig.box.x0) / Math.max(0.01, perChar);
  for (let i = full.indexOf(text); i >= 0; i = full.indexOf(text, i + 1)) {
    if (Math.abs(i - at) <= 1.5) return true;
  }
  return false;
}

/**
 * Drops runs that repeat text drawn at the same position (see the module
 * comment): of two equal runs the later goes; a piece of a longer run goes
 * whichever came first (some producers draw the pieces before the line).
 */
export function dropOverprint(runs: readonly TextRun[]): TextRun[] {
  // Buckets by baseline, so each run is compared with the few runs on its own line.
  const byLine = new Map<number, number[]>();
  const keyOf = (r: TextRun) => Math.round(r.box.y1 / Math.max(1, r.fontSize));
  runs.forEach((r, i) => {
    const bucket = byLine.get(keyOf(r));
    if (bucket) bucket.push(i);
    else byLine.set(keyOf(r), [i]);
  });
  return runs.filter((r, i) => {
    if (r.dir === 'ttb') return true;
    const key = keyOf(r);
    const near = [key - 1, key, key + 1].flatMap((k) => byLine.get(k) ?? []);
    return !near.some((j) => {
      const o = runs[j]!;
      if (j === i || o.dir === 'ttb') return false;
      const same = o.text.trim() === r.text.trim();
      if (same ? j > i : o.text.trim().length <= r.text.trim().length) return false;
      return repeats(o, r);
    });
  });
}
