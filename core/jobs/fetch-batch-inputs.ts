/**
 * The second half of a batch: every link is fetched (in parallel, one per
 * held slot) into storage under the tier's byte cap. Any failure rolls the
 * whole batch back: the rows, the stored files and the batch record are
 * deleted, and the answer names the item that failed. Only when every input
 * is stored do the jobs become claimable, together.
 */
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { inTransaction } from '../../db/in-transaction.ts';
import { jobBatches, jobs, type JobRow } from '../../db/schema.ts';
import type { Ctx } from '../context.ts';
import { DomainError, isDomainError } from '../errors.ts';
import { storeInput, type StoredInput } from './store-input.ts';

/**
 * Stores every row's link; returns the rows as they are now, or throws the
 * first failure (batch rolled back). `named[i]`: item i came with its own
 * file_name (else the name comes from the link's final address).
 */
export async function fetchBatchInputs(
  ctx: Ctx,
  rows: JobRow[],
  opts: { named: boolean[]; maxBytes: number; batchKey: string | undefined },
): Promise<JobRow[]> {
  const { maxBytes, batchKey } = opts;
  const settled = await Promise.allSettled(rows.map((r) => storeInput(ctx, r.id, { kind: 'url', url: r.sourceUrl! }, maxBytes)));
  const stored = settled.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : []));
  const failed = settled.findIndex((s) => s.status === 'rejected');
  if (failed >= 0) {
    await rollBack(ctx, rows, stored, batchKey);
    throw itemError(failed, (settled[failed] as PromiseRejectedResult).reason);
  }
  const ready = await inTransaction(ctx.db, async (tx) => {
    const out: JobRow[] = [];
    for (const [i, row] of rows.entries()) {
      const input = stored[i]!;
      const [r] = await tx
        .update(jobs)
        .set({ inputKey: input.key, inputSize: input.size, fileName: opts.named[i] ? row.fileName : input.fileName, runAt: sql`now()` })
        .where(and(eq(jobs.id, row.id), eq(jobs.status, 'queued'), isNull(jobs.inputKey)))
        .returning();
      // Canceled while fetching: its file is not needed.
      if (!r) await ctx.blobs.delete(input.key);
      out.push(r ?? row);
    }
    return out;
  });
  for (const pool of new Set(ready.map((r) => r.pool))) ctx.wake(pool as 'free' | 'paid');
  return ready;
}

async function rollBack(ctx: Ctx, rows: JobRow[], stored: StoredInput[], batchKey: string | undefined): Promise<void> {
  await ctx.db.delete(jobs).where(inArray(jobs.id, rows.map((r) => r.id)));
  if (batchKey) {
    await ctx.db.delete(jobBatches).where(and(eq(jobBatches.ownerKey, rows[0]!.ownerKey), eq(jobBatches.idempotencyKey, batchKey)));
  }
  await Promise.all(stored.map((s) => ctx.blobs.delete(s.key)));
}

/** The item's failure, its index first: "items[3]: Could not fetch …". */
function itemError(index: number, err: unknown): unknown {
  if (!isDomainError(err)) return err;
  return new DomainError(err.code, `items[${index}]: ${err.message} Nothing was created.`, { cause: err });
}
