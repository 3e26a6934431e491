/**
 * One attempt at one claimed job: convert it while heartbeating the lease and
 * recording progress, then settle it. A heartbeat or progress write that
 * finds the lease gone (canceled, reaped) stops the child at once.
 */
import { convertJob, LEASE_LOST, type Conversion, type ConvertJobOptions, type WorkerDeps } from './convert-job.ts';
import { settleJob, type JobOutcome } from './settle-job.ts';
import type { ClaimedJob } from './sql/claim-jobs.ts';
import { heartbeat } from './sql/heartbeat.ts';
import { recordProgress } from './sql/record-progress.ts';
import { progressWrites } from './progress-writes.ts';

export type ProcessJobOptions = Omit<ConvertJobOptions, 'onProgress'> & {
  onProgress?: (p: { jobId: string; pagesDone: number; pagesTotal: number }) => void;
  /** Told what the conversion gave before it is settled (metrics). */
  onConversion?: (c: Conversion) => void;
};

/** Converts and settles one claimed job; resolves with what became of it. */
export async function processJob(
  deps: WorkerDeps,
  job: ClaimedJob,
  opts: ProcessJobOptions = {},
): Promise<JobOutcome> {
  const ctl = new AbortController();
  const forward = () => ctl.abort(opts.signal?.reason);
  if (opts.signal?.aborted) forward();
  opts.signal?.addEventListener('abort', forward, { once: true });
  const fence = { id: job.id, lease: job.lease };
  // Claimed (now processing), each progress written and the settlement: announced to the long polls waiting on the job.
  deps.jobChanged(job.id);
  const loseLease = () => ctl.abort(LEASE_LOST);
  const beat = setInterval(() => {
    heartbeat(deps.db, { ...fence, leaseSeconds: deps.config.leaseSeconds })
      .then((held) => held || loseLease())
      .catch((err: unknown) =>
        deps.log.warn({ jobId: job.id, err }, 'heartbeat failed; retrying at the next beat'),
      );
  }, deps.config.heartbeatSeconds * 1000);
  const progress = progressRecorder(deps, fence, loseLease);
  try {
    const conversion = await convertJob(deps, job, {
      ...opts,
      signal: ctl.signal,
      onProgress: (p) => {
        progress.record(p.pagesTotal, p.pagesDone);
        opts.onProgress?.({ jobId: job.id, ...p });
      },
    });
    await progress.stop();
    opts.onConversion?.(conversion);
    const outcome = await settleJob(deps, job, conversion);
    deps.jobChanged(job.id);
    return outcome;
  } finally {
    clearInterval(beat);
    void progress.stop(); // a conversion that threw leaves no write waiting
    opts.signal?.removeEventListener('abort', forward);
  }
}

/** The job's progress writes (progress-writes.ts), each fenced by the lease and announced to long polls. */
function progressRecorder(deps: WorkerDeps, fence: { id: string; lease: string }, loseLease: () => void) {
  return progressWrites(async (next) => {
    try {
      // Announced once written, so a long poll woken by it reads the new progress.
      if (await recordProgress(deps.db, { ...fence, ...next })) deps.jobChanged(fence.id);
      else loseLease();
    } catch (err) {
      deps.log.warn({ jobId: fence.id, err }, 'progress not recorded');
    }
  }, deps.config.progressMs);
}
