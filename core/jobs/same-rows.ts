/**
 * Keeps the last row read of each job, so that a read returning the same
 * content hands back the same frozen object. Nothing is answered from here:
 * every poll still reads its row; only when the fresh row equals the kept
 * one, field by field, does the caller get the kept object, whose view,
 * entity tag and JSON were already made (core/jobs/job-view.ts keys them by
 * the row object). A changed row replaces the kept one.
 */
import type { JobRow } from '../../db/schema.ts';

export class SameRows {
  readonly #rows = new Map<string, JobRow>();
  readonly #max: number;

  constructor(maxEntries: number) {
    this.#max = Math.max(1, maxEntries);
  }

  /** The kept object when `fresh` equals it, else `fresh` (frozen), kept from now on. */
  intern(fresh: JobRow): JobRow {
    const kept = this.#rows.get(fresh.id);
    if (kept && sameRow(kept, fresh)) return kept;
    const row = Object.isFrozen(fresh) ? fresh : Object.freeze(fresh);
    this.#rows.delete(fresh.id);
    this.#rows.set(fresh.id, row);
    // Oldest first out: Map keeps insertion order, and a replaced row was re-inserted at the end.
    if (this.#rows.size > this.#max) this.#rows.delete(this.#rows.keys().next().value!);
    return row;
  }

  get size(): number {
    return this.#rows.size;
  }
}

function sameRow(a: JobRow, b: JobRow): boolean {
  const ka = Object.keys(a);
  if (ka.length !== Object.keys(b).length) return false;
  const x = a as Record<string, unknown>;
  const y = b as Record<string, unknown>;
  for (const k of ka) if (!sameValue(x[k], y[k])) return false;
  return true;
}

function sameValue(x: unknown, y: unknown): boolean {
  if (x === y) return true;
  if (x instanceof Date && y instanceof Date) return x.getTime() === y.getTime();
  if (x && y && typeof x === 'object' && typeof y === 'object') return JSON.stringify(x) === JSON.stringify(y);
  return false;
}
