/**
 * A smaller run goes with the words it touches. Rows are grouped by their
 * runs' vertical centres; on a page whose columns keep baselines of their
 * own, a word set smaller than its line (small capitals, a code span) sits a
 * little off its line's centre and can fall into a row of the next column
 * whose centre lies nearer ("listed under the | section." in one row and
 * "ADDRESSES" with the column beside it): the reading order then cuts the
 * word out of its sentence. A run that stands a word space from runs of
 * another row, inside their height, while none of its own row touches it,
 * belongs to their row.
 */
import type { TextRun } from '../model.ts';
import { sortedView } from '../in-order.ts';
import { greatest } from '../numbers.ts';

/** A run this much shorter than the words it touches may sit off their centre (small capitals, a smaller face). */
const SHORTER = 0.9;
/** Times the run's height a line holding it is at most: a taller box is a turned label or a drawing's text, no line. */
const TALLER = 2;
/** Ems a neighbour may stand from the run and still touch it: a word space, stretched. */
const TOUCH_EM = 0.6;
/** Ems the run may reach past a neighbour's top or bottom and still sit inside its line. */
const INSIDE_EM = 0.1;

const height = (r: TextRun) => r.box.y1 - r.box.y0;
const byLeft = (a: TextRun, b: TextRun): number => a.box.x0 - b.box.x0;

/** Whether `n` stands a word space beside `r` on the same line, `r` inside its height. */
function touches(r: TextRun, n: TextRun): boolean {
  const em = greatest(r.fontSize, n.fontSize);
  const gap = greatest(r.box.x0 - n.box.x1, n.box.x0 - r.box.x1);
  if (gap < 0 || gap > TOUCH_EM * em) return false;
  return r.box.y0 >= n.box.y0 - INSIDE_EM * em && r.box.y1 <= n.box.y1 + INSIDE_EM * em;
}

/** Runs looked at left of where a run would go in a row sorted by x0: its neighbours on either side, and a few that overlap. */
const SCAN = 8;

/** Any run of the row may touch `r`. */
const anyRun = (): boolean => true;

/** A run of a neighbouring row may adopt `r` when it is taller, within reason, and set the same way. */
const taller = (n: TextRun, r: TextRun): boolean =>
  height(r) < SHORTER * height(n) && height(n) <= TALLER * height(r) && n.rotation === r.rotation && n.dir === r.dir;

/** Whether a run of `row` (sorted by x0) other than `r` touches `r`, with `fits` true of it; looks only near `r`'s place. */
function touchedIn(row: readonly TextRun[], r: TextRun, fits: (n: TextRun, r: TextRun) => boolean): boolean {
  const reach = r.box.x1 + TOUCH_EM * r.fontSize * TALLER; // a neighbour up to TALLER times the run's size measures its gap in its own ems
  let lo = 0, hi = row.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (row[mid]!.box.x0 <= reach) lo = mid + 1;
    else hi = mid;
  }
  for (let k = lo - 1; k >= 0 && k >= lo - SCAN; k--) {
    const n = row[k]!;
    if (n !== r && fits(n, r) && touches(r, n)) return true;
  }
  return false;
}

/**
 * Moves each run that no run of its own row touches, and that taller runs of
 * a neighbouring row touch, into that row. Rows top to bottom, edited in
 * place; a row left empty is dropped.
 */
export function adoptTouchingRuns(rows: TextRun[][]): TextRun[][] {
  if (rows.length <= 1) return rows;
  const byX = rows.map((row) => sortedView(row, byLeft));
  const moves: { from: number; to: number; run: TextRun }[] = [];
  for (let i = 0; i < rows.length; i++) {
    const row = rows[i]!;
    // Indexed: a for…of here made an iterator result per run of the page (Maglev does not elide them).
    for (let k = 0; k < row.length; k++) {
      const r = row[k]!;
      // Asked of every run of the page: no closure or list is made for it.
      if (touchedIn(byX[i]!, r, anyRun)) continue;
      if (i > 0 && touchedIn(byX[i - 1]!, r, taller)) moves.push({ from: i, to: i - 1, run: r });
      else if (i + 1 < rows.length && touchedIn(byX[i + 1]!, r, taller)) moves.push({ from: i, to: i + 1, run: r });
    }
  }
  if (!moves.length) return rows;
  for (const m of moves) {
    rows[m.from] = rows[m.from]!.filter((r) => r !== m.run);
    rows[m.to]!.push(m.run);
  }
  return rows.filter((row) => row.length > 0);
}
