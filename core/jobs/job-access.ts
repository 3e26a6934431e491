import type { JobRow } from '../../db/schema.ts';
import { jobs } from '../../db/schema.ts';
import type { Ctx } from '../context.ts';
import { DomainError } from '../errors.ts';
import { ownerKeyOf } from '../principal.ts';
import { findJobWithUsage } from './job-with-usage.ts';
import { jobVisibleTo } from './owner.ts';
import { JOB_READ_COLUMNS } from './read-columns.ts';
import { slotUsage, type SlotUsageValue } from './slots.ts';

/**
 * The caller's job including its tombstone, or null. Another owner's job is
 * indistinguishable from none. A ready job past its retention reads as expired.
 */
export async function findJob(ctx: Ctx, jobId: string): Promise<JobRow | null> {
  const [row] = await ctx.db.select(JOB_READ_COLUMNS).from(jobs).where(jobVisibleTo(ctx.principal, jobId)).limit(1);
  return row ?? null;
}

/** The caller's live job, or not_found. */
export async function getOwnedJob(ctx: Ctx, jobId: string): Promise<JobRow> {
  return liveOrNotFound(await findJob(ctx, jobId), jobId);
}

/** The caller's live job and its owner's slot usage, read in one statement; not_found like getOwnedJob. */
export async function getOwnedJobWithUsage(ctx: Ctx, jobId: string): Promise<{ row: JobRow; usage: SlotUsageValue }> {
  const found = await findJobWithUsage(ctx, jobId);
  return { row: liveOrNotFound(found?.row ?? null, jobId), usage: found!.usage };
}

function liveOrNotFound(row: JobRow | null, jobId: string): JobRow {
  if (!row || row.deletedAt) throw new DomainError('not_found', `No job ${jobId}.`);
  return row;
}

export function usageOf(ctx: Ctx): Promise<SlotUsageValue> {
  return slotUsage(ctx.db, ownerKeyOf(ctx.principal), ctx.config.tiers[ctx.principal.tier].slots);
}
