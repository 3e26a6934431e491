/**
 * Row building: the values of a new queued job's row, from the owner, the
 * request and its input. Pure (no database): the single creation, the link
 * reservation and the batch insert all build their rows here.
 */
import type { jobs } from '../../db/schema.ts';
import type { Ctx } from '../context.ts';
import { seal } from '../crypto/secret-box.ts';
import { v1ProcessingLimit } from '../devices/v1-processing-limit.ts';
import { DEFAULT_JOB_OPTIONS } from './job-options.ts';
import type { NewJob } from './new-job.ts';
import type { Owner } from './owner.ts';
import type { StoredInput } from './store-input.ts';

/** What the row records of the input: a stored file, or for a held link none yet (key and size null). */
export type RowInput = Pick<StoredInput, 'fileName' | 'sourceUrl'> & { key: string | null; size: number | null };

/** The row of a new queued job: the owner's tier decides pool, budget and retention. */
export function jobValues(
  ctx: Pick<Ctx, 'config' | 'secretKey'>,
  owner: Owner,
  j: { id: string; req: NewJob; input: RowInput; hash: string; priority: number; converter: string },
): typeof jobs.$inferInsert {
  const limits = ctx.config.tiers[owner.tier];
  // v1 jobs fail at the v1 time limit whatever the tier.
  const budget = owner.lane === 'v1' ? v1ProcessingLimit(ctx.config.tiers) : limits;
  const { req, input } = j;
  return {
    id: j.id,
    ownerType: owner.ownerType,
    ownerKey: owner.ownerKey,
    accountId: owner.accountId,
    deviceId: owner.deviceId,
    apiKeyId: owner.apiKeyId,
    lane: owner.lane,
    tier: owner.tier,
    pool: limits.pool,
    priority: j.priority,
    agingSeconds: ctx.config.priorityAgingSeconds,
    status: 'queued',
    sourceKind: req.source.kind,
    sourceUrl: input.sourceUrl,
    fileName: req.fileName ?? input.fileName,
    externalId: req.externalId ?? null,
    tags: req.tags ?? null,
    callbackUrl: req.callbackUrl ?? null,
    callbackSecret: req.callbackSecret ? seal(ctx.secretKey, req.callbackSecret) : null,
    settings: { converter: j.converter, options: req.options ?? DEFAULT_JOB_OPTIONS },
    idempotencyKey: req.idempotencyKey ?? null,
    requestHash: j.hash,
    inputKey: input.key,
    inputSize: input.size,
    timeBudgetMs: budget.timeBudgetMs,
    onBudget: budget.onBudget,
    retentionSeconds: limits.retentionSeconds,
    maxAttempts: ctx.config.maxAttempts,
  };
}
