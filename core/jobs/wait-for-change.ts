/**
 * The long poll behind get_job's wait_seconds (REST ?wait=N): hold the answer
 * until the job reads differently from what the caller has, or the wait ends.
 * "What the caller has" is the entity tag it sent (if_none_match), else the
 * job as read when the call arrived. A wait wakes on the job's announcements
 * (core/wakeup: the worker announces a claim, each recorded progress and the
 * settlement; delete and cancel announce too) and re-reads the job at least
 * every config.waits.recheckSeconds in case one was lost; each re-read is an
 * ordinary read, as fresh as any poll. It never waits past the configured
 * maximum, when this process already holds its maximum of waits, or once the
 * caller has gone.
 */
import type { Ctx } from '../context.ts';
import { entityTagMatches, jobEntityTag } from './job-etag.ts';
import type { Job } from './job-schema.ts';
import { ACTIVE_STATUSES } from './slots.ts';

export type WaitRequest = { jobId: string; ifNoneMatch: string | undefined; waitSeconds: number };

/** The answer and whether the call waited for it. */
export type Waited = { view: Job; waited: boolean };

/** Reads the job (`read`), and when asked to wait and the job is as the caller has it, waits for a change. */
export async function readOrWait(ctx: Ctx, req: WaitRequest, read: () => Promise<Job>): Promise<Waited> {
  const ms = Math.min(req.waitSeconds, ctx.config.waits.maxSeconds) * 1000;
  if (ms <= 0) return { view: await read(), waited: false };
  // Watch before the first read, so that a change between the read and the wait still wakes it.
  const watch = ctx.jobWatches.watch(req.jobId);
  try {
    let view = await read();
    if (!watch) return { view, waited: false };
    const baseline = req.ifNoneMatch ?? jobEntityTag(view);
    // Without a tag, a finished job is answered at once: nothing the caller waits for will come.
    const unchanged = req.ifNoneMatch ? entityTagMatches(baseline, jobEntityTag(view)) : isActive(view);
    if (!unchanged) return { view, waited: false };
    const deadline = performance.now() + ms;
    const recheckMs = ctx.config.waits.recheckSeconds * 1000;
    const signal = ctx.abortSignal?.();
    for (;;) {
      const left = deadline - performance.now();
      if (left <= 0) return { view, waited: true };
      const end = await watch.next(Math.min(left, recheckMs), signal);
      if (end === 'aborted') return { view, waited: true };
      view = await read();
      if (!entityTagMatches(baseline, jobEntityTag(view))) return { view, waited: true };
    }
  } finally {
    watch?.close();
  }
}

const isActive = (view: Job) => (ACTIVE_STATUSES as readonly string[]).includes(view.status);
