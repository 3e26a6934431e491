/**
 * A job from a link. The slot is taken before any byte leaves the server:
 * the job row is inserted first (under the per-owner lock that re-checks the
 * slots), as `queued` with no input — workers claim only jobs with an input
 * — and only then is the link fetched. So an owner with N slots can make the
 * server fetch at most N links at once, however many requests arrive
 * together (the rate budget was charged by invoke() before this runs).
 *
 * The reservation never leaks: a failed fetch deletes the row (the creation
 * answers the fetch error, so no job ever existed for the caller); a process
 * that dies mid-fetch leaves a row the worker sweep fails with
 * fetch_interrupted once the fetch deadline has surely passed
 * (worker/sql/fail-stale-fetches.ts); a DELETE during the fetch cancels the
 * row, and the fetched file is then discarded.
 */
import { randomUUID } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { jobs } from '../../db/schema.ts';
import type { Ctx } from '../context.ts';
import { assertFreeSlot, findByIdempotencyKey, insertJob, replay } from './job-admission.ts';
import { requestHash, type CreatedJob, type NewJob } from './new-job.ts';
import type { Owner } from './owner.ts';
import { fileNameFromUrl, storeInput } from './store-input.ts';

export async function createUrlJob(ctx: Ctx, owner: Owner, req: NewJob, url: string): Promise<CreatedJob> {
  const limits = ctx.config.tiers[owner.tier];
  const hash = requestHash(req, url);
  const key = req.idempotencyKey;
  const existing = key ? await findByIdempotencyKey(ctx, owner, key) : null;
  if (existing) return replay(existing, hash, owner);
  // Cheap refusal first; insertJob checks again under the lock.
  await assertFreeSlot(ctx, owner.ownerKey, limits.slots);

  const jobId = randomUUID();
  const held = { key: null, size: null, fileName: fileNameFromUrl(url), sourceUrl: url };
  const row = await insertJob(ctx, owner, jobId, req, held, hash);
  // Lost a race with the same idempotency key: answer with the winner.
  if (!row) return replay((await findByIdempotencyKey(ctx, owner, key!))!, hash, owner);

  let input;
  try {
    input = await storeInput(ctx, jobId, { kind: 'url', url }, limits.maxFileBytes);
  } catch (err) {
    await ctx.db.delete(jobs).where(and(eq(jobs.id, jobId), isNull(jobs.inputKey), eq(jobs.status, 'queued')));
    throw err;
  }
  const [ready] = await ctx.db
    .update(jobs)
    .set({
      inputKey: input.key,
      inputSize: input.size,
      fileName: req.fileName ?? input.fileName,
      runAt: sql`now()`,
    })
    .where(and(eq(jobs.id, jobId), eq(jobs.status, 'queued'), isNull(jobs.inputKey)))
    .returning();
  if (!ready) {
    // Canceled (or swept) while fetching: the file is not needed; answer with the job as it is now.
    await ctx.blobs.delete(input.key);
    const [current] = await ctx.db.select().from(jobs).where(eq(jobs.id, jobId));
    return { row: current ?? row, created: true };
  }
  ctx.wake(ready.pool as 'free' | 'paid');
  return { row: ready, created: true };
}
