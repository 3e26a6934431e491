/**
 * Writes a Conversion back to the job, every write fenced by the lease. A
 * fenced write that changes no row means another worker or a cancel owns the
 * job now: the result is discarded and any blob written for it deleted.
 */
import { Readable } from 'node:stream';
import type { Conversion, WorkerDeps } from './convert-job.ts';
import { errorMessage } from './error-messages.ts';
import { abandonJob } from './sql/abandon-job.ts';
import type { ClaimedJob } from './sql/claim-jobs.ts';
import { completeJob } from './sql/complete-job.ts';
import { failJob } from './sql/fail-job.ts';
import { retryJob } from './sql/retry-job.ts';
import { newOutputKey } from '../core/jobs/job-blob-keys.ts';
import { imagesKeyOf, resultBlobKeys } from '../core/jobs/result-images.ts';
import { packImages } from './result-images.ts';

/** What became of a job after one worker's attempt. */
export type JobOutcome = 'ready' | 'error' | 'retry' | 'lost' | 'abandoned';

// Output blobs are never larger than the Markdown we hold in memory; the cap is a formality.
const NO_CAP = Number.MAX_SAFE_INTEGER;

/** Seconds before a transiently failed job runs again: 10 s, 20 s, 40 s … capped at 10 minutes. */
export const backoffSeconds = (attempts: number) => Math.min(600, 10 * 2 ** Math.max(0, attempts - 1));

/** Publishes the conversion (ready, error or retry) if this worker still holds the lease. */
export async function settleJob(deps: WorkerDeps, job: ClaimedJob, conv: Conversion): Promise<JobOutcome> {
  const fence = { id: job.id, lease: job.lease };
  switch (conv.kind) {
    case 'converted':
      return publish(deps, job, conv);
    case 'failed':
      return (await failJob(deps.db, { ...fence, code: conv.code, message: conv.message })) ? settled(deps, 'error') : 'lost';
    case 'transient':
      return retryOrFail(deps, job, conv.message);
    case 'lost':
      return 'lost';
    case 'abandoned':
      return (await abandonJob(deps.db, fence)) ? 'abandoned' : 'lost';
  }
}

async function publish(deps: WorkerDeps, job: ClaimedJob, conv: Extract<Conversion, { kind: 'converted' }>) {
  const outputKey = newOutputKey(job.id);
  const cap = deps.config.tiers[job.tier as keyof typeof deps.config.tiers]?.resultBytes ?? NO_CAP;
  const packed = packImages(conv.markdown, conv.images ?? [], cap);
  const bytes = Buffer.from(packed.markdown, 'utf8');
  try {
    await deps.blobs.put(outputKey, Readable.from([bytes]), { maxBytes: NO_CAP });
    if (packed.bundle) await deps.blobs.put(imagesKeyOf(outputKey), Readable.from([packed.bundle]), { maxBytes: NO_CAP });
  } catch (err) {
    await Promise.all(resultBlobKeys(outputKey).map((k) => deps.blobs.delete(k).catch(() => undefined)));
    return retryOrFail(
      deps,
      job,
      `could not store the Markdown: ${err instanceof Error ? err.message : String(err)}`,
    );
  }
  if (packed.omitted > 0) deps.log.info({ jobId: job.id, omitted: packed.omitted }, 'images left out: over the result size limit');
  // If this write itself fails we keep the blob: the row may have committed, and an
  // orphan file is a smaller harm than a ready job pointing at nothing. It is under
  // the job's prefix, so the job's deletion or expiry removes it all the same.
  const done = await completeJob(deps.db, {
    id: job.id,
    lease: job.lease,
    outputKey,
    outputSize: bytes.length,
    pages: conv.pages,
    pagesDone: conv.pagesDone,
    truncated: conv.truncated,
    ocrPages: conv.ocrPages,
    report: {
      ...(packed.index.length ? { images: packed.index } : {}),
      ...(conv.hiddenText ? { hidden_text: conv.hiddenText } : {}),
      ...(conv.structure ? { structure: conv.structure } : {}),
    },
  });
  if (done) return settled(deps, 'ready');
  deps.log.info({ jobId: job.id }, 'lease lost before completion; result discarded');
  await Promise.all(resultBlobKeys(outputKey).map((k) => deps.blobs.delete(k)));
  return 'lost';
}

async function retryOrFail(deps: WorkerDeps, job: ClaimedJob, message: string): Promise<JobOutcome> {
  const fence = { id: job.id, lease: job.lease };
  deps.log.warn({ jobId: job.id, attempts: job.attempts, message }, 'transient conversion failure');
  if (job.attempts < job.maxAttempts) {
    return (await retryJob(deps.db, { ...fence, backoffSeconds: backoffSeconds(job.attempts), message }))
      ? 'retry'
      : 'lost';
  }
  const failed = await failJob(deps.db, {
    ...fence,
    code: 'internal_error',
    message: errorMessage('internal_error', message),
  });
  return failed ? settled(deps, 'error') : 'lost';
}

// The statement that settled the job also wrote its webhook deliveries (if any): send them now, not at the next poll.
function settled(deps: WorkerDeps, outcome: 'ready' | 'error'): JobOutcome {
  deps.wake('webhooks');
  return outcome;
}
