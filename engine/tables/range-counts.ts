/**
 * Counts at each integer x of [lo, hi], raised by one over whole ranges, and
 * the least of them at any time: a segment tree whose every node keeps the
 * least count below it (its own raises included), so a raise costs the log of
 * the width and the least count is read at the root, where a plain array
 * costs the range's width per raise and the whole width per reading.
 */
export class RangeCounts {
  private readonly lo: number;
  private readonly n: number;
  /** Raises that cover each node's whole range; the root is node 1, node k's halves are 2k and 2k + 1. */
  private readonly raised: number[];
  /** Least count in each node's range. */
  private readonly least: number[];

  constructor(lo: number, hi: number) {
    this.lo = lo;
    this.n = Math.max(hi - lo + 1, 0);
    const nodes = 4 * Math.max(this.n, 1); // a tree over n leaves by halving uses fewer than 4n nodes
    // Plain arrays: a typed array this size lives outside the heap, and allocating one per sweep cost more than the sweep.
    this.raised = new Array<number>(nodes).fill(0);
    this.least = new Array<number>(nodes).fill(0);
  }

  /** Adds one to the count at every x in [a, b], with lo <= a <= b <= hi. */
  raise(a: number, b: number): void {
    this.raiseIn(1, 0, this.n - 1, a - this.lo, b - this.lo);
  }

  /** The least count over [lo, hi]; Infinity when the range holds no x. */
  min(): number {
    return this.n === 0 ? Infinity : this.least[1]!;
  }

  private raiseIn(node: number, l: number, r: number, a: number, b: number): void {
    if (a <= l && r <= b) {
      this.raised[node]!++;
      this.least[node]!++;
      return;
    }
    const mid = (l + r) >> 1;
    const left = node << 1;
    if (a <= mid) this.raiseIn(left, l, mid, a, b);
    if (b > mid) this.raiseIn(left + 1, mid + 1, r, a, b);
    this.least[node] = this.raised[node]! + Math.min(this.least[left]!, this.least[left + 1]!);
  }
}
