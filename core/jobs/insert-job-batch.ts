/**
 * The all-or-nothing insert of a batch: under the owner's creation lock, the
 * free slots are counted once for every item, then all rows (queued, no
 * input yet: each holds its slot while its link is fetched, as a single link
 * job does) and, with an Idempotency-Key, the batch record are written in one
 * transaction. Too few free slots: slots_full, nothing written.
 */
import { randomUUID } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { inTransaction } from '../../db/in-transaction.ts';
import type { Db } from '../../db/database.ts';
import { jobBatches, jobs, type JobRow } from '../../db/schema.ts';
import type { Ctx } from '../context.ts';
import { DomainError } from '../errors.ts';
import { converterFor } from '../settings/device-settings.ts';
import { jobValues } from './job-values.ts';
import { requestHash, type NewJob } from './new-job.ts';
import type { Owner } from './owner.ts';
import { priorityFor } from './priority.ts';
import { JOB_READ_COLUMNS } from './read-columns.ts';
import { countActive } from './slots.ts';
import { fileNameFromUrl } from './store-input.ts';

export type BatchRecord = typeof jobBatches.$inferSelect;

export async function findBatch(db: Db, ownerKey: string, key: string): Promise<BatchRecord | null> {
  const [row] = await db
    .select()
    .from(jobBatches)
    .where(and(eq(jobBatches.ownerKey, ownerKey), eq(jobBatches.idempotencyKey, key)));
  return row ?? null;
}

/** The jobs of an earlier batch, in item order (a job deleted since is left out). */
export async function batchJobs(db: Db, batch: BatchRecord): Promise<JobRow[]> {
  const found = await db.select(JOB_READ_COLUMNS).from(jobs).where(inArray(jobs.id, batch.jobIds));
  const byId = new Map(found.map((r) => [r.id, r]));
  return batch.jobIds.flatMap((id) => byId.get(id) ?? []);
}

export type BatchInsert = { rows: JobRow[] } | { existing: BatchRecord };

/** Inserts every item's job, or none; an Idempotency-Key already used (a race) returns that batch instead. */
export async function insertJobBatch(
  ctx: Ctx,
  owner: Owner,
  items: NewJob[],
  batch: { key: string | undefined; hash: string },
): Promise<BatchInsert> {
  const limits = ctx.config.tiers[owner.tier];
  const converter = await converterFor(ctx.db, ctx.principal);
  const priority = await priorityFor(ctx, owner, converter);
  const values = items.map((req) => {
    const url = req.source.kind === 'url' ? req.source.url : '';
    const input = { key: null, size: null, fileName: fileNameFromUrl(url), sourceUrl: url };
    return jobValues(ctx, owner, { id: randomUUID(), req, input, hash: requestHash(req, url), priority, converter });
  });
  return inTransaction(ctx.db, async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${owner.ownerKey}))`);
    if (batch.key) {
      const existing = await findBatch(tx, owner.ownerKey, batch.key);
      if (existing) return { existing };
    }
    const free = limits.slots - (await countActive(tx, owner.ownerKey));
    if (items.length > free) {
      throw new DomainError('slots_full', `This batch needs ${items.length} free slots and ${Math.max(0, free)} of ${limits.slots} are free; nothing was created.`);
    }
    const rows = await tx.insert(jobs).values(values).returning();
    if (batch.key) {
      await tx.insert(jobBatches).values({
        ownerKey: owner.ownerKey,
        idempotencyKey: batch.key,
        requestHash: batch.hash,
        jobIds: values.map((v) => v.id!),
      });
    }
    const order = new Map(values.map((v, i) => [v.id!, i]));
    return { rows: rows.sort((a, b) => order.get(a.id)! - order.get(b.id)!) };
  });
}
