/**
 * `p2m worker`: a process that only converts (and sends webhook deliveries, unless P2M_WEBHOOK_CONCURRENCY=0), against the shared PostgreSQL
 * database and blob store. SIGTERM or SIGINT stops it gracefully: no new
 * claims, running conversions finish (or are handed back), then it exits.
 */
import type { Config } from '../core/config.ts';
import { createRuntime, type Runtime } from '../core/runtime.ts';
import { checkBlobStore } from './check-blob-store.ts';
import { createDispatcher } from './webhooks/dispatcher.ts';
import { createPoolWorkers, startPoolWorkers } from './pool-workers.ts';
import type { Worker } from './worker.ts';

export type WorkerProcessOptions = {
  /** Stops the process as SIGTERM would (tests, embedding). */
  signal?: AbortSignal;
  /** Called with each worker once it runs, e.g. to listen to its events. */
  onWorker?: (worker: Worker) => void;
  /** Starts the process's ops listener (/readyz, /metrics: server/ops-app.ts), closed at the end. */
  opsServer?: (runtime: Runtime) => Promise<{ close(): Promise<void> }>;
};

/** Refuses configurations a standalone worker cannot serve, with what to do instead. */
export function assertStandaloneConfig(config: Config): void {
  if (!config.databaseUrl) {
    throw new Error(
      'p2m worker needs a PostgreSQL server: set DATABASE_URL. Without it the service uses an embedded PGlite ' +
        'database that only one process can open; there, `p2m serve` runs the conversions itself (P2M_WORKERS).',
    );
  }
  if (config.workerPools.length === 0) {
    throw new Error('P2M_WORKER_POOLS (or --pool) names no pool with a concurrency above 0 to serve.');
  }
}

/** Runs workers until SIGTERM, SIGINT or opts.signal; resolves once they have stopped and the runtime is closed. */
export async function runWorkerProcess(config: Config, opts: WorkerProcessOptions = {}): Promise<void> {
  assertStandaloneConfig(config);
  const runtime = await createRuntime(config);
  const workers = await createPoolWorkers(runtime, config.workerPools);
  const stopped = new Promise<void>((resolve) => {
    const onStop = () => {
      process.off('SIGTERM', onStop);
      process.off('SIGINT', onStop);
      opts.signal?.removeEventListener('abort', onStop);
      runtime.lifecycle.draining = true;
      runtime.log.info({ workers: workers.map((w) => w.id), seconds: config.ops.shutdownSeconds }, 'worker stopping');
      resolve();
    };
    process.once('SIGTERM', onStop);
    process.once('SIGINT', onStop);
    if (opts.signal?.aborted) onStop();
    else opts.signal?.addEventListener('abort', onStop, { once: true });
  });
  const dispatcher = config.webhooks.concurrency > 0 ? createDispatcher(runtime) : null;
  const ops = await opts.opsServer?.(runtime);
  try {
    await checkBlobStore(runtime);
    const stop = startPoolWorkers(workers);
    dispatcher?.start();
    runtime.log.info({ workers: workers.map((w) => w.id), pools: config.workerPools }, 'worker started');
    for (const w of workers) opts.onWorker?.(w);
    await stopped;
    await stop();
    await dispatcher?.stop();
  } finally {
    await ops?.close();
    await runtime.close();
  }
}
