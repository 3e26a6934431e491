/**
 * Creating a job, shared by every lane: idempotency, slots, streaming the
 * input into storage under the tier's cap, and the insert — in that order so
 * a full account is refused before its upload is read. A link is different:
 * its job row is inserted first, to hold the slot while the server fetches
 * (create-url-job.ts), so concurrent creations can never fetch more links
 * than the owner has slots.
 */
import { randomUUID } from 'node:crypto';
import type { Ctx } from '../context.ts';
import { uploadBytesFor } from '../transport-limits.ts';
import { admitJob } from './admit-job.ts';
import { createUrlJob } from './create-url-job.ts';
import { assertFreeSlot, findByIdempotencyKey, insertJob, replay } from './job-admission.ts';
import { requestHash, type CreatedJob, type NewJob } from './new-job.ts';
import { ownerOf } from './owner.ts';
import { storeInput } from './store-input.ts';

export async function createJob(ctx: Ctx, req: NewJob): Promise<CreatedJob> {
  const owner = ownerOf(ctx.principal);
  // Before the slot check and the upload: a refused callback costs no storage and no fetch.
  await admitJob(ctx, req);
  if (req.source.kind === 'url') return createUrlJob(ctx, owner, req, req.source.url);
  const limits = ctx.config.tiers[owner.tier];
  const existing = req.idempotencyKey ? await findByIdempotencyKey(ctx, owner, req.idempotencyKey) : null;
  if (!existing) await assertFreeSlot(ctx, owner.ownerKey, limits.slots);

  const jobId = randomUUID();
  const input = await storeInput(ctx, jobId, req.source, uploadBytesFor(ctx.config, ctx.principal));
  const hash = requestHash(req, input.sha256);
  if (existing) {
    await ctx.blobs.delete(input.key);
    return replay(existing, hash, owner);
  }
  try {
    const row = await insertJob(ctx, owner, jobId, req, input, hash);
    if (!row) {
      // Lost a race with the same idempotency key: answer with the winner.
      await ctx.blobs.delete(input.key);
      return replay((await findByIdempotencyKey(ctx, owner, req.idempotencyKey!))!, hash, owner);
    }
    ctx.wake(row.pool as 'free' | 'paid');
    return { row, created: true };
  } catch (err) {
    await ctx.blobs.delete(input.key);
    throw err;
  }
}
