/**
 * Which grid slot (row and column of a ruled grid) holds a point, and which
 * runs fall in a cell. The ruled-table steps asked this by scanning every
 * boundary for every run, and every run for every cell: a page of a few
 * grids with hundreds of cells and runs paid cells × runs several times
 * over. Here each run is placed once, by binary search, and a cell gathers
 * the runs of its slots. The answers are those of the scans: boundaries
 * ascend (they are sorted when the grid is read), so the interval holding a
 * value is unique; a grid whose boundaries do not ascend is scanned as before.
 */
import type { TextRun } from '../model.ts';
import type { GridCell, RuleGrid } from './rule-grid.ts';

const midX = (r: TextRun): number => (r.box.x0 + r.box.x1) / 2;
const midY = (r: TextRun): number => (r.box.y0 + r.box.y1) / 2;

/** Whether each boundary is at least the one before it (NaN is not). */
export function ascending(bounds: readonly number[]): boolean {
  for (let i = 1; i < bounds.length; i++) if (!(bounds[i - 1]! <= bounds[i]!)) return false;
  return true;
}

/**
 * Index i of the interval [bounds[i], bounds[i + 1]) that holds v, or -1:
 * for ascending bounds, the first such interval, as a scan from the left finds it.
 */
export function slotOf(bounds: readonly number[], v: number): number {
  const last = bounds.length - 1;
  if (last < 1 || !(v >= bounds[0]! && v < bounds[last]!)) return -1;
  // The largest i with bounds[i] <= v; bounds[i + 1] > v then, and any interval before it is empty or ends by v.
  let lo = 0;
  let hi = last - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >>> 1;
    if (bounds[mid]! <= v) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

/** Whether a run's centre lies in the cell: its columns' and rows' bounds, left and top inclusive. */
export const inCell = (grid: RuleGrid, c: GridCell) => (r: TextRun): boolean => {
  const x = midX(r);
  const y = midY(r);
  return x >= grid.xs[c.c0]! && x < grid.xs[c.c1]! && y >= grid.ys[c.r0]! && y < grid.ys[c.r1]!;
};

/**
 * The runs whose centre lies in a cell, in the order given: the same as
 * `runs.filter(inCell(grid, c))` for any cell, at the cost of the cell's slots.
 */
export function cellRuns(grid: RuleGrid, runs: readonly TextRun[]): (c: GridCell) => TextRun[] {
  const { xs, ys } = grid;
  if (!ascending(xs) || !ascending(ys)) return (c) => runs.filter(inCell(grid, c));
  const cols = Math.max(xs.length - 1, 0);
  const rows = Math.max(ys.length - 1, 0);
  // Run indexes per slot, ascending.
  const bySlot = new Map<number, number[]>();
  runs.forEach((run, i) => {
    const k = slotOf(xs, midX(run));
    const r = slotOf(ys, midY(run));
    if (k < 0 || r < 0) return;
    const list = bySlot.get(r * cols + k);
    if (list) list.push(i);
    else bySlot.set(r * cols + k, [i]);
  });
  return (c) => {
    // A cell outside the grid's slots (none is) is judged by its bounds.
    if (c.c0 < 0 || c.r0 < 0 || c.c1 > cols || c.r1 > rows) return runs.filter(inCell(grid, c));
    const lists: number[][] = [];
    for (let r = c.r0; r < c.r1; r++) {
      for (let k = c.c0; k < c.c1; k++) {
        const list = bySlot.get(r * cols + k);
        if (list) lists.push(list);
      }
    }
    const picked = lists.length === 1 ? lists[0]! : lists.flat().sort((a, b) => a - b);
    return picked.map((i) => runs[i]!);
  };
}

/** The runs whose centre lies in each grid row (between ys[r] and ys[r + 1]), in the order given. */
export function rowRuns(ys: readonly number[], runs: readonly TextRun[]): TextRun[][] {
  const rows: TextRun[][] = Array.from({ length: Math.max(ys.length - 1, 0) }, () => []);
  if (!ascending(ys)) {
    return rows.map((_, r) => runs.filter((run) => midY(run) >= ys[r]! && midY(run) < ys[r + 1]!));
  }
  for (const run of runs) {
    const r = slotOf(ys, midY(run));
    if (r >= 0) rows[r]!.push(run);
  }
  return rows;
}
