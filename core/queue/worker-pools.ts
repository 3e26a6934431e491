/**
 * Which queues a worker serves. Paid-tier jobs go to the `paid` pool, all
 * others to `free` (core/tiers.ts `pool`). A worker runs in one of three modes:
 *
 * - `paid`: paid jobs only. Paid capacity is never taken by a free job, so a
 *   paying customer never waits behind a free conversion (up to its whole
 *   time budget).
 * - `free`: free jobs first; when no free job is waiting, it takes a paid job
 *   (an idle free worker helps the paid pool, and never delays a free job to
 *   do so).
 * - `all`: both pools in one order: effective priority (see
 *   worker/sql/claim-jobs.ts), so paid jobs go first and free jobs still age
 *   past them.
 */
import { z } from 'zod';

export const WorkerPool = z.enum(['paid', 'free', 'all']);
export type WorkerPool = z.infer<typeof WorkerPool>;

/** One worker of a process: its mode and how many conversions it runs at once. */
export type WorkerPoolSpec = Readonly<{ pool: WorkerPool; concurrency: number }>;

/** The pools a worker of a mode claims from: first `pools`, then `idlePools` when nothing in `pools` is runnable. */
export function claimPoolsOf(mode: WorkerPool): { pools: readonly ('paid' | 'free')[]; idlePools: readonly ('paid' | 'free')[] } {
  switch (mode) {
    case 'paid':
      return { pools: ['paid'], idlePools: [] };
    case 'free':
      return { pools: ['free'], idlePools: ['paid'] };
    case 'all':
      return { pools: ['paid', 'free'], idlePools: [] };
  }
}

/**
 * `paid=2,free=1`, `all`, `paid,free=3`: one worker per entry; an entry without
 * `=N` runs `defaultConcurrency` conversions at once. Entries with 0 are
 * dropped. The legacy list `paid,free` (both pools, no counts) means one
 * worker serving both: `all`.
 */
export function parseWorkerPools(spec: string, defaultConcurrency: number): readonly WorkerPoolSpec[] {
  const parts = spec.split(',').map((p) => p.trim()).filter(Boolean);
  const legacy = parts.length === 2 && parts.includes('paid') && parts.includes('free');
  const entries = legacy ? ['all'] : parts;
  const specs = entries.map((entry) => {
    const [name, count] = entry.split('=').map((s) => s.trim());
    const concurrency = count === undefined ? defaultConcurrency : z.coerce.number().int().min(0).max(64).parse(count);
    return { pool: WorkerPool.parse(name), concurrency };
  });
  const pools = specs.map((s) => s.pool);
  if (new Set(pools).size !== pools.length) throw new Error(`P2M_WORKER_POOLS names a pool twice: ${spec}`);
  return Object.freeze(specs.filter((s) => s.concurrency > 0).map((s) => Object.freeze(s)));
}
