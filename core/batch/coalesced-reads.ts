/**
 * Concurrent reads of one kind, coalesced into one statement per batch.
 *
 * Status polling sends many identical or similar reads at once (every poll
 * looks up its key and its job). Each read waits for the next batch that
 * starts after it was asked for, never joins one already under way, so it
 * sees every change committed before it was asked: as fresh as a statement
 * of its own. Identical reads within a batch share one answer. One batch is
 * under way at a time: under load a batch gathers what arrived meanwhile,
 * and when idle a read starts its batch at the end of the event-loop turn
 * that asked for it, so requests read from many sockets in one turn go
 * together (a round trip to the database costs about as much as serving a
 * request, so batches gathered per tick stayed at one or two reads).
 */

/** Runs one batch: the distinct keys asked for, answered by key id (missing: no row). */
export type BatchRunner<K, V> = (keys: readonly K[]) => Promise<ReadonlyMap<string, V>>;

type Waiter<V> = { resolve(v: V | undefined): void; reject(e: unknown): void };

/** The default bound on one statement's parameter arrays (config P2M_READ_BATCH_MAX); more waiting reads go in the next batch. */
export const DEFAULT_MAX_BATCH = 256;

export class CoalescedReads<K, V> {
  readonly #run: BatchRunner<K, V>;
  readonly #idOf: (key: K) => string;
  readonly #maxBatch: number;
  #waiting = new Map<string, { key: K; waiters: Waiter<V>[] }>();
  #busy = false;
  #scheduled = false;

  /** `idOf` names a key: reads with the same id in one batch share its answer; a batch holds at most `maxBatch` keys. */
  constructor(run: BatchRunner<K, V>, idOf: (key: K) => string, maxBatch = DEFAULT_MAX_BATCH) {
    if (!Number.isInteger(maxBatch) || maxBatch < 1) throw new RangeError(`maxBatch must be a positive integer, not ${maxBatch}`);
    this.#run = run;
    this.#idOf = idOf;
    this.#maxBatch = maxBatch;
  }

  /** The value for `key` from a batch that starts after this call; undefined when there is none. */
  load(key: K): Promise<V | undefined> {
    const id = this.#idOf(key);
    return new Promise((resolve, reject) => {
      const entry = this.#waiting.get(id);
      if (entry) entry.waiters.push({ resolve, reject });
      else this.#waiting.set(id, { key, waiters: [{ resolve, reject }] });
      this.#schedule();
    });
  }

  #schedule(): void {
    if (this.#busy || this.#scheduled) return;
    this.#scheduled = true;
    // At the end of this event-loop turn: every request read in it goes in the batch.
    setImmediate(() => {
      this.#scheduled = false;
      void this.#dispatch();
    });
  }

  async #dispatch(): Promise<void> {
    if (this.#busy || this.#waiting.size === 0) return;
    this.#busy = true;
    const batch = new Map<string, { key: K; waiters: Waiter<V>[] }>();
    for (const [id, entry] of this.#waiting) {
      if (batch.size === this.#maxBatch) break;
      batch.set(id, entry);
      this.#waiting.delete(id);
    }
    try {
      const found = await this.#run([...batch.values()].map((e) => e.key));
      for (const [id, { waiters }] of batch) for (const w of waiters) w.resolve(found.get(id));
    } catch (err) {
      for (const { waiters } of batch.values()) for (const w of waiters) w.reject(err);
    } finally {
      this.#busy = false;
      this.#schedule();
    }
  }
}
