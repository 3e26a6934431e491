/**
 * Admission of a new job to the owner's queue: an Idempotency-Key's earlier
 * job answers a repeat (replay), a full account is refused (slots_full), and
 * the row is inserted under a per-owner lock that checks the slots again, so
 * two concurrent creations cannot both take the last slot. The callback rules
 * are admit-job.ts; the row's values are job-values.ts.
 */
import { and, eq, sql } from 'drizzle-orm';
import { inTransaction } from '../../db/in-transaction.ts';
import { jobs, type JobRow } from '../../db/schema.ts';
import type { Ctx } from '../context.ts';
import { DomainError } from '../errors.ts';
import { converterFor } from '../settings/device-settings.ts';
import { jobValues, type RowInput } from './job-values.ts';
import type { CreatedJob, NewJob } from './new-job.ts';
import type { Owner } from './owner.ts';
import { priorityFor } from './priority.ts';
import { JOB_READ_COLUMNS } from './read-columns.ts';
import { countActive } from './slots.ts';

/**
 * The earlier job of an Idempotency-Key, if the request is the same and the
 * caller may read that job; else idempotency_mismatch. Keys are unique per
 * owner key, and a linked device shares its account's (one namespace): a key
 * an API key of the account already used names a job the device cannot read,
 * so the device is refused rather than handed a job it then gets 404 for.
 */
export function replay(existing: JobRow, hash: string, owner: Pick<Owner, 'deviceId'>): CreatedJob {
  if (owner.deviceId !== null && existing.deviceId !== owner.deviceId) {
    throw new DomainError(
      'idempotency_mismatch',
      'This Idempotency-Key is already used by another client of this account (keys are shared with the account); use a new key.',
    );
  }
  if (existing.requestHash !== hash) {
    throw new DomainError(
      'idempotency_mismatch',
      'This Idempotency-Key was already used with a different request; use a new key for a new job.',
    );
  }
  return { row: existing, created: false };
}

export async function findByIdempotencyKey(ctx: Ctx, owner: Owner, key: string): Promise<JobRow | null> {
  const [row] = await ctx.db
    .select(JOB_READ_COLUMNS)
    .from(jobs)
    .where(and(eq(jobs.ownerKey, owner.ownerKey), eq(jobs.idempotencyKey, key)))
    .limit(1);
  return row ?? null;
}

export async function assertFreeSlot(ctx: Ctx, ownerKey: string, slots: number, db = ctx.db): Promise<void> {
  if ((await countActive(db, ownerKey)) >= slots) {
    throw new DomainError('slots_full', `All ${slots} conversion slots are busy; wait for a job to finish or delete one.`);
  }
}

/** Inserts the job after re-checking the slot under a per-owner lock; null when the idempotency key lost a race. */
export async function insertJob(ctx: Ctx, owner: Owner, id: string, req: NewJob, input: RowInput, hash: string) {
  const limits = ctx.config.tiers[owner.tier];
  const converter = req.settings?.converter ?? (await converterFor(ctx.db, ctx.principal));
  const priority = await priorityFor(ctx, owner, converter);
  return inTransaction(ctx.db, async (tx) => {
    // Serialise creations per owner so two requests cannot both take the last slot.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${owner.ownerKey}))`);
    await assertFreeSlot(ctx, owner.ownerKey, limits.slots, tx);
    const [row] = await tx
      .insert(jobs)
      .values(jobValues(ctx, owner, { id, req, input, hash, priority, converter }))
      .onConflictDoNothing()
      .returning();
    return row ?? null;
  });
}
