/**
 * Charges to one counter, gathered per event-loop turn into one increment.
 * Status polls of one key arrive many at a time (50 connections polling one
 * job); with Redis each charge was a round trip of its own, serialized with
 * the key lookup and the job read. Charges asked for in the same turn now go
 * to the store as one increment of their sum, and each is judged at its own
 * place in the batch: the count after the increment, less what the charges
 * after it in the batch added. So the verdicts are those the charges one by
 * one would have had in that order; nothing is counted twice or skipped, and
 * a charge waits at most for the end of the turn it was asked in.
 */

/** The count after one increment (rate-limiter-flexible's RateLimiterRes has these). */
export type Counted = { consumedPoints: number; msBeforeNext: number };

type Charge = { points: number; resolve(c: Counted): void; reject(e: unknown): void };

export class ChargeBatches {
  readonly #increment: (key: string, points: number) => Promise<Counted>;
  readonly #waiting = new Map<string, Charge[]>();
  #scheduled = false;

  /** `increment` adds points to a key's counter and returns the count after it (or rejects, for the whole batch). */
  constructor(increment: (key: string, points: number) => Promise<Counted>) {
    this.#increment = increment;
  }

  /** Adds `points` to `key` with the other charges of this turn; resolves with the count as of this charge. */
  add(key: string, points: number): Promise<Counted> {
    return new Promise<Counted>((resolve, reject) => {
      const list = this.#waiting.get(key);
      if (list) list.push({ points, resolve, reject });
      else this.#waiting.set(key, [{ points, resolve, reject }]);
      if (!this.#scheduled) {
        this.#scheduled = true;
        setImmediate(() => this.#flush());
      }
    });
  }

  #flush(): void {
    this.#scheduled = false;
    const batches = [...this.#waiting];
    this.#waiting.clear();
    for (const [key, charges] of batches) void this.#run(key, charges);
  }

  async #run(key: string, charges: readonly Charge[]): Promise<void> {
    const total = charges.reduce((n, c) => n + c.points, 0);
    let after: Counted;
    try {
      after = await this.#increment(key, total);
    } catch (err) {
      for (const c of charges) c.reject(err);
      return;
    }
    // The count as of each charge: the first saw the count before the batch plus its own points.
    let count = after.consumedPoints - total;
    for (const c of charges) {
      count += c.points;
      c.resolve({ consumedPoints: count, msBeforeNext: after.msBeforeNext });
    }
  }
}
