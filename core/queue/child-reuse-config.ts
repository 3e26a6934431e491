/**
 * How a worker reuses its conversion child processes (part of Config).
 *
 * A fresh child per job pays process start, module loading and V8's warm-up
 * on every job: on a 12-page document that is more than the conversion
 * itself. A worker therefore keeps each child warm for further jobs, within
 * limits:
 * - P2M_CHILD_REUSE: `tenant` (default) reuses a child only for jobs of the
 *   same owner (account, or device when there is no account), so no job is
 *   ever converted in a process that held another owner's document; `any`
 *   reuses across owners (a deployment with a single tenant); `never` starts
 *   a fresh child per job.
 * - P2M_CHILD_MAX_JOBS: jobs a child converts before it is retired. A start
 *   costs about 1.7 CPU-s (loading, then V8's warm-up over the first two dozen
 *   conversions, each about twice the steady cost), so 50 spent a third of a
 *   12-page job's CPU on restarts; at 500 it is under a twentieth. Memory is
 *   bounded by P2M_CHILD_RETIRE_MB, not by this count.
 * - P2M_CHILD_RETIRE_MB: a child whose resident memory after a job is above
 *   this is retired (V8 keeps the heap a long document grew).
 * - P2M_CHILD_IDLE_SECONDS: an idle child is ended after this long.
 * - P2M_CHILD_THREADS: `v8` (default) lets V8 compile and collect garbage on
 *   helper threads beside the conversion, so one child keeps about 1.3 cores
 *   busy; `single` runs each child on one thread (`--single-threaded`), for
 *   machines run with one worker process per core: the same CPU per job,
 *   about a quarter more wall time per job alone, and workers that add a core
 *   each (bench/SCALE.md).
 */
import { z } from 'zod';

export const CHILD_REUSE_ENV = {
  P2M_CHILD_REUSE: z.enum(['tenant', 'any', 'never']).default('tenant'),
  P2M_CHILD_MAX_JOBS: z.coerce.number().int().min(1).max(100_000).default(500),
  P2M_CHILD_RETIRE_MB: z.coerce.number().int().min(64).max(1_000_000).default(400),
  P2M_CHILD_IDLE_SECONDS: z.coerce.number().int().min(1).max(86_400).default(60),
  P2M_CHILD_THREADS: z.enum(['v8', 'single']).default('v8'),
};

export type ChildReuse = 'tenant' | 'any' | 'never';

export type ChildReuseConfig = Readonly<{
  reuse: ChildReuse;
  maxJobs: number;
  retireAboveMb: number;
  idleMs: number;
  singleThreaded: boolean;
}>;

type ChildReuseEnv = z.infer<z.ZodObject<typeof CHILD_REUSE_ENV>>;

export function childReuseConfigOf(e: ChildReuseEnv): ChildReuseConfig {
  return Object.freeze({
    reuse: e.P2M_CHILD_REUSE,
    maxJobs: e.P2M_CHILD_MAX_JOBS,
    retireAboveMb: e.P2M_CHILD_RETIRE_MB,
    idleMs: e.P2M_CHILD_IDLE_SECONDS * 1000,
    singleThreaded: e.P2M_CHILD_THREADS === 'single',
  });
}
