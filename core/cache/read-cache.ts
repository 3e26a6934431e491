/**
 * A bounded in-process cache of database reads, emptied by the change feed
 * (table-changes.ts). It stores nothing unless the feed is live.
 */
export class ReadCache<V> {
  #entries = new Map<string, { value: V; untilMs: number }>();
  #generation = 0;
  #live: boolean;
  #maxEntries: number;
  #maxAgeMs: number;

  /** `maxAgeMs` bounds an entry's life even without a change; entries beyond `maxEntries` push out the oldest. */
  constructor(opts: { live: boolean; maxAgeMs: number; maxEntries?: number }) {
    this.#live = opts.live;
    this.#maxAgeMs = opts.maxAgeMs;
    this.#maxEntries = opts.maxEntries ?? 10_000;
  }

  /**
   * Bumped by every invalidation. Read it before querying and pass it to set():
   * a read that was under way when the rows changed must not be stored.
   */
  get generation(): number {
    return this.#generation;
  }

  get(key: string, now = Date.now()): V | undefined {
    const entry = this.#entries.get(key);
    if (!entry) return undefined;
    if (entry.untilMs > now) return entry.value;
    this.#entries.delete(key);
    return undefined;
  }

  /** Stores a value read at `generation`, valid until `untilMs` at the latest. */
  set(key: string, value: V, generation: number, untilMs = Infinity, now = Date.now()): void {
    if (!this.#live || generation !== this.#generation) return;
    if (this.#entries.size >= this.#maxEntries) this.#entries.delete(this.#entries.keys().next().value!);
    this.#entries.set(key, { value, untilMs: Math.min(untilMs, now + this.#maxAgeMs) });
  }

  invalidate(): void {
    this.#generation++;
    this.#entries.clear();
  }
}
