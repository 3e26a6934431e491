/**
 * create_job_batch: several link jobs in one call, all or nothing. A paid
 * feature (the tier's batchEnabled). Slots are taken for every item before
 * any link is fetched (insert-job-batch.ts), so a batch can never make the
 * server fetch more links than the owner has slots; then the links are
 * fetched and any failure removes the whole batch (fetch-batch-inputs.ts).
 * With an Idempotency-Key, a repeat answers with the same jobs.
 */
import { createHash } from 'node:crypto';
import { z } from 'zod';
import { DomainError } from '../errors.ts';
import { defineOperation } from '../operation.ts';
import { admitBatch } from './admit-job.ts';
import { createJobFromUrl } from './create-job-from-url.ts';
import { newJobFields, type NewJob } from './new-job.ts';
import { fetchBatchInputs } from './fetch-batch-inputs.ts';
import { batchJobs, insertJobBatch, type BatchRecord } from './insert-job-batch.ts';
import { usageOf } from './job-access.ts';
import { Job, JobFields, SlotUsage } from './job-schema.ts';
import { toJobView } from './job-view.ts';
import { ownerOf } from './owner.ts';
import type { Ctx } from '../context.ts';

/** Largest batch the schema accepts; the owner's free slots are the real bound. */
export const MAX_BATCH_ITEMS = 100;

const { idempotency_key: IdempotencyKey, ...ItemFields } = JobFields;

export const BatchItem = z
  .object({ url: createJobFromUrl.input.shape.url, ...ItemFields })
  .describe('One link job: the same fields as a JSON creation, without an idempotency key of its own.');

export const JobBatch = z.object({
  items: z.array(Job).describe('The created jobs, in item order.'),
  slot_usage: SlotUsage,
  tier: z.string(),
  created: z.boolean().describe('False when an earlier batch with the same idempotency key was returned.'),
});

export const createJobBatch = defineOperation({
  name: 'create_job_batch',
  title: 'Convert several PDFs from links',
  description:
    'Queues one conversion per link, all or nothing: an invalid item (named by its index), too few free slots, or a link that cannot be fetched creates no job at all. Paid plans only (batch_enabled in get_limits).',
  scope: 'jobs:create',
  errors: ['plan_required', 'idempotency_mismatch', 'slots_full', 'fetch_failed', 'not_a_pdf', 'too_large', 'not_in_plan', 'bad_input'],
  actors: ['api_key'],
  input: z.object({
    items: z.array(BatchItem).min(1).max(MAX_BATCH_ITEMS).describe(`1 to ${MAX_BATCH_ITEMS} items, at most the free slots.`),
    idempotency_key: IdempotencyKey,
  }),
  output: JobBatch,
  async handler(ctx, { items, idempotency_key: key }) {
    const owner = ownerOf(ctx.principal);
    const limits = ctx.config.tiers[owner.tier];
    if (!limits.batchEnabled) throw new DomainError('plan_required', 'Batch creation is a paid feature; see GET /api/v2/billing/plans.');
    const reqs: NewJob[] = items.map(({ url, ...fields }) => ({ source: { kind: 'url', url }, ...newJobFields(fields) }));
    // The single create's rules, item by item, before any slot is held or link fetched.
    await admitBatch(ctx, reqs);
    const hash = createHash('sha256').update(JSON.stringify(items)).digest('hex');
    const inserted = await insertJobBatch(ctx, owner, reqs, { key, hash });
    if ('existing' in inserted) return replay(ctx, inserted.existing, hash);
    const named = items.map((i) => i.file_name !== undefined);
    const rows = await fetchBatchInputs(ctx, inserted.rows, { named, maxBytes: limits.maxFileBytes, batchKey: key });
    const usage = await usageOf(ctx);
    const tier = ctx.principal.tier;
    return { items: rows.map((r) => toJobView(r, usage, tier)), slot_usage: usage, tier, created: true };
  },
});

async function replay(ctx: Ctx, batch: BatchRecord, hash: string) {
  if (batch.requestHash !== hash) {
    throw new DomainError('idempotency_mismatch', 'This Idempotency-Key was already used with a different batch; use a new key.');
  }
  const usage = await usageOf(ctx);
  const tier = ctx.principal.tier;
  const items = (await batchJobs(ctx.db, batch)).map((r) => toJobView(r, usage, tier));
  return { items, slot_usage: usage, tier, created: false };
}
