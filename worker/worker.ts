/**
 * A worker: claims jobs from its pools up to its concurrency, converts each in
 * a child process, and settles it under a fenced lease. It wakes on
 * runtime.wakeup and otherwise polls every config.pollMs; every
 * config.sweepSeconds it reaps expired leases and runs the retention sweep.
 * Several workers, in one process or many, share the queue safely.
 */
import { EventEmitter } from 'node:events';
import { hostname } from 'node:os';
import { randomUUID } from 'node:crypto';
import type { Runtime } from '../core/runtime.ts';
import type { Pool } from '../core/wakeup/wakeup.ts';
import { SHUTDOWN, type Conversion } from './convert-job.ts';
import { processJob } from './process-job.ts';
import { createWarmChildren, type WarmChildren } from '../isolate/warm-children.ts';
import { DEFAULT_CHILD } from './run-isolated.ts';
import { createClaimPump } from './claim-pump.ts';
import { purgeExpired } from './purge-expired.ts';
import type { JobOutcome } from './settle-job.ts';
import { claimJobs, type ClaimedJob } from './sql/claim-jobs.ts';
import { reapExpiredLeases } from './sql/reap-expired-leases.ts';

export { purgeExpired } from './purge-expired.ts';
export { reapExpiredLeases } from './sql/reap-expired-leases.ts';

export type WorkerOptions = {
  concurrency: number;
  pools: readonly Pool[];
  /** Pools claimed from only when nothing in `pools` is runnable (core/queue/worker-pools.ts). */
  idlePools?: readonly Pool[];
  workerId?: string;
  /** How long stop() lets running conversions finish before handing their jobs back. */
  stopTimeoutMs?: number;
  /** Time past a job's budget before its child is killed. */
  graceMs?: number;
  /** Entry module of the conversion child (default worker/convert-child.ts); tests substitute misbehaving ones. */
  childModule?: string;
};

export type JobEvent = { jobId: string; outcome: JobOutcome; workerId: string };
export type ProgressEvent = { jobId: string; pagesDone: number; pagesTotal: number };
export type WorkerEvents = {
  job: [JobEvent];
  progress: [ProgressEvent];
  claimed: [ClaimedJob];
  /** An unexpected failure of the loop itself (database down…); the worker carries on. */
  error: [unknown];
};

export type Worker = {
  readonly id: string;
  /** Emits `job` when a job is settled, `progress` and `claimed` along the way. */
  readonly events: EventEmitter<WorkerEvents>;
  start(): void;
  /** Stops claiming, lets conversions finish up to stopTimeoutMs, then hands the rest back to the queue. */
  stop(): Promise<void>;
  /** Claims and processes until nothing runnable is left in its pools; returns the number of jobs processed. */
  runOnce(): Promise<number>;
  /** One reaper and retention pass, as the timer runs it. */
  sweep(): Promise<void>;
};

/** Builds a worker over a runtime; nothing runs until start() or runOnce(). */
export function createWorker(runtime: Runtime, opts: WorkerOptions): Worker {
  const id = opts.workerId ?? `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  // Without a listener an 'error' event would throw; the loop's failures are logged anyway.
  const events = new EventEmitter<WorkerEvents>().on('error', () => undefined);
  const active = new Map<string, { ctl: AbortController; done: Promise<void> }>();
  const { metrics, config: { leaseSeconds } } = runtime;
  const pools = { pools: opts.pools, idlePools: opts.idlePools ?? [] };
  const children = warmChildrenOf(runtime, opts);
  const claim = (limit: number) => timed(metrics.claimSeconds, () => claimJobs(runtime.db, { workerId: id, ...pools, limit, leaseSeconds }));

  async function handle(job: ClaimedJob): Promise<void> {
    events.emit('claimed', job);
    const ctl = new AbortController();
    const timer = metrics.jobSeconds.startTimer();
    const done = processJob(runtime, job, {
      signal: ctl.signal,
      onProgress: (p) => events.emit('progress', p),
      onConversion: (c) => countConversion(metrics, c),
      ...(opts.graceMs !== undefined ? { graceMs: opts.graceMs } : {}),
      children,
    })
      .then((outcome) => {
        timer({ outcome });
        runtime.log.info({ jobId: job.id, outcome, worker: id }, 'job settled');
        events.emit('job', { jobId: job.id, outcome, workerId: id });
      })
      .catch((err: unknown) => {
        // The lease will expire and the reaper re-queues the job.
        runtime.log.error({ jobId: job.id, err }, 'job processing failed');
        events.emit('error', err);
      })
      .finally(() => active.delete(job.id));
    active.set(job.id, { ctl, done });
    return done;
  }

  const sweep = () => sweepOnce(runtime);

  const loop = createLoop({ runtime, opts, events, active, claim, handle, sweep });
  return {
    id,
    events,
    start: loop.start,
    async stop() {
      await loop.stop();
      await children.close();
    },
    sweep,
    async runOnce() {
      let processed = 0;
      for (;;) {
        const jobs = await claim(opts.concurrency);
        if (jobs.length === 0) return processed;
        await Promise.all(jobs.map(handle));
        processed += jobs.length;
      }
    },
  };
}

/** Reaps expired leases and runs the retention sweep, waking whoever waits on what changed. */
async function sweepOnce(runtime: Runtime): Promise<void> {
  const reaped = await reapExpiredLeases(runtime.db);
  for (const r of reaped) runtime.jobChanged(r.id); // to the long polls waiting on them
  for (const pool of new Set(reaped.filter((r) => r.status === 'queued').map((r) => r.pool))) runtime.wake(pool);
  if (reaped.length) runtime.log.info({ reaped: reaped.length }, 'expired leases reaped');
  const purged = await purgeExpired(runtime);
  // Failed and expired jobs fire events, written by the same statements.
  if (reaped.some((r) => r.status === 'error') || purged.expired + purged.staleFetches > 0) runtime.wake('webhooks');
  if (Object.values(purged).some((n) => n > 0)) {
    runtime.log.info(purged, 'retention sweep');
  }
}

/** One warm child per slot at most, kept for further jobs of the same tenant (core/queue/child-reuse-config.ts). */
function warmChildrenOf(runtime: Runtime, opts: WorkerOptions): WarmChildren {
  const { singleThreaded, ...reuse } = runtime.config.children;
  return createWarmChildren({
    module: opts.childModule ?? DEFAULT_CHILD,
    // Each job brings its own wall-clock limit (worker/convert-job.ts); this default is never used.
    limits: { heapMb: runtime.config.convertMemoryMb, limitMs: 60_000, ...(singleThreaded ? { singleThreaded } : {}) },
    capacity: opts.concurrency,
    ...reuse,
    onAcquire: (warm) => runtime.metrics.conversionChildren.inc({ child: warm ? 'warm' : 'fresh' }),
  });
}

type LoopParts = {
  runtime: Runtime;
  opts: WorkerOptions;
  events: EventEmitter<WorkerEvents>;
  active: Map<string, { ctl: AbortController; done: Promise<void> }>;
  claim(limit: number): Promise<ClaimedJob[]>;
  handle(job: ClaimedJob): Promise<void>;
  sweep(): Promise<void>;
};

/** The background loop of start()/stop(): wake-ups, polling, sweeping, graceful shutdown. */
function createLoop(p: LoopParts) {
  const { runtime, opts, events, active } = p;
  let state: 'idle' | 'running' | 'stopping' = 'idle';
  let sweeping: Promise<void> | null = null;
  const timers: NodeJS.Timeout[] = [];
  let unsubscribe = () => undefined as void;
  const report = (err: unknown) => {
    runtime.log.error({ err }, 'worker loop error');
    events.emit('error', err);
  };
  const pump = createClaimPump({ ...p, concurrency: p.opts.concurrency }, report, () => state === 'running');

  function runSweep(): void {
    sweeping ??= p
      .sweep()
      .catch(report)
      .finally(() => (sweeping = null));
  }

  return {
    start(): void {
      if (state !== 'idle') return;
      state = 'running';
      unsubscribe = runtime.wakeup.subscribe((topic) => (isIn(opts.pools, topic) || isIn(opts.idlePools, topic)) && pump.kick());
      timers.push(
        setInterval(pump.kick, runtime.config.pollMs),
        setInterval(runSweep, runtime.config.sweepSeconds * 1000),
      );
      runSweep();
      pump.kick();
    },
    async stop(): Promise<void> {
      if (state === 'stopping') return;
      state = 'stopping';
      unsubscribe();
      timers.forEach(clearInterval);
      await pump.idle();
      await sweeping;
      await drain(active, opts.stopTimeoutMs ?? 30_000);
    },
  };
}


/** Waits for running jobs up to timeoutMs, then aborts the rest so their jobs are handed back. */
async function drain(active: Map<string, { ctl: AbortController; done: Promise<void> }>, timeoutMs: number) {
  const running = [...active.values()];
  if (running.length === 0) return;
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(true), timeoutMs)));
  const finished = Promise.all(running.map((r) => r.done)).then(() => false);
  const late = await Promise.race([finished, timedOut]);
  clearTimeout(timer);
  if (!late) return;
  for (const r of running) r.ctl.abort(SHUTDOWN);
  await Promise.all(running.map((r) => r.done));
}

async function timed<T>(h: Runtime['metrics']['claimSeconds'], run: () => Promise<T>): Promise<T> {
  const stop = h.startTimer();
  try {
    return await run();
  } finally {
    stop();
  }
}

/** Pages converted, and engine failures by code. */
function countConversion(metrics: Runtime['metrics'], c: Conversion): void {
  if (c.kind === 'converted') metrics.pages.inc(c.pagesDone);
  if (c.kind === 'failed') metrics.engineFailures.inc({ code: c.code });
}

/** Whether a wake-up topic (a pool, or 'webhooks') is one of these pools. */
const isIn = (pools: readonly string[] | undefined, topic: string): boolean => pools?.includes(topic) ?? false;
