/**
 * The workers of one process, one per configured pool entry
 * (P2M_WORKER_POOLS, or `p2m worker --pool`), each with its own concurrency,
 * so paid capacity is sized apart from free capacity.
 */
import type { Runtime } from '../core/runtime.ts';
import { claimPoolsOf, type WorkerPoolSpec } from '../core/queue/worker-pools.ts';
import { bundledChild } from './run-isolated.ts';
import { createWorker, type Worker } from './worker.ts';

/** Builds (does not start) a worker per spec; their conversion children load the bundled child module when it can be had. */
export async function createPoolWorkers(runtime: Runtime, specs: readonly WorkerPoolSpec[]): Promise<Worker[]> {
  // After SIGTERM, running conversions get P2M_SHUTDOWN_SECONDS to finish; the rest are handed back to the queue.
  const stopTimeoutMs = runtime.config.ops.shutdownSeconds * 1000;
  const childModule = await bundledChild((why) => runtime.log.info({ why }, 'conversion children load the engine from source'));
  return specs.map((spec) => createWorker(runtime, { concurrency: spec.concurrency, ...claimPoolsOf(spec.pool), stopTimeoutMs, childModule }));
}

/** Starts every worker; the returned function stops them all (gracefully, in parallel). */
export function startPoolWorkers(workers: readonly Worker[]): () => Promise<void> {
  for (const w of workers) w.start();
  return async () => {
    await Promise.all(workers.map((w) => w.stop()));
  };
}
