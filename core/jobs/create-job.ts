/**
 * Creating a job, shared by every lane: idempotency, slots, streaming the
 * input into storage under the tier's cap, and the insert — in that order so
 * a full account is refused before its upload is read. A link is different:
 * its job row is inserted first, to hold the slot while the server fetches
 * (create-url-job.ts), so concurrent creations can never fetch more links
 * than the owner has slots.
 */
import { createHash, randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { jobs, type JobRow } from '../../db/schema.ts';
import type { Ctx } from '../context.ts';
import { seal } from '../crypto/secret-box.ts';
import { v1ProcessingLimit } from '../devices/v1-processing-limit.ts';
import { DomainError } from '../errors.ts';
import { converterFor } from '../settings/device-settings.ts';
import { uploadBytesFor } from '../transport-limits.ts';
import { ownerOf, type Owner } from './owner.ts';
import { priorityFor } from './priority.ts';
import { JOB_READ_COLUMNS } from './read-columns.ts';
import { countActive } from './slots.ts';
import { createUrlJob } from './create-url-job.ts';
import { storeInput, type JobSource, type StoredInput } from './store-input.ts';
import { admitJob } from './admit-job.ts';
import { allDefaults, DEFAULT_JOB_OPTIONS, type JobOptions } from './job-options.ts';

export type NewJob = {
  source: JobSource;
  fileName?: string;
  externalId?: string;
  tags?: string[];
  callbackUrl?: string;
  callbackSecret?: string;
  idempotencyKey?: string;
  /** Conversion settings (converter = auto | text | ocr). */
  settings?: { converter?: string };
  /** Conversion options (job-options.ts); absent: the defaults. */
  options?: JobOptions | undefined;
};

export type CreatedJob = { row: JobRow; created: boolean };

/** The optional fields of a creation request (wire names) as NewJob fields. */
export function newJobFields(f: {
  file_name?: string | undefined;
  external_id?: string | undefined;
  tags?: string[] | undefined;
  callback_url?: string | undefined;
  callback_secret?: string | undefined;
  idempotency_key?: string | undefined;
  options?: JobOptions | undefined;
}): Omit<NewJob, 'source'> {
  return {
    fileName: f.file_name,
    externalId: f.external_id,
    tags: f.tags,
    callbackUrl: f.callback_url,
    callbackSecret: f.callback_secret,
    idempotencyKey: f.idempotency_key,
    options: f.options,
  };
}

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

export function requestHash(req: Omit<NewJob, 'source'>, source: string): string {
  const base = [source, req.fileName ?? null, req.externalId ?? null, req.tags ?? null, req.callbackUrl ?? null];
  // Options that change nothing leave the hash as it was before options existed, so earlier keys still replay.
  const material = JSON.stringify(req.options && !allDefaults(req.options) ? [...base, req.options] : base);
  return createHash('sha256').update(material).digest('hex');
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

/** What the row records of the input: a stored file, or for a held link none yet (key and size null). */
export type RowInput = Pick<StoredInput, 'fileName' | 'sourceUrl'> & { key: string | null; size: number | null };

/** Inserts the job after re-checking the slot under a per-owner lock; null when the idempotency key lost a race. */
export async function insertJob(ctx: Ctx, owner: Owner, id: string, req: NewJob, input: RowInput, hash: string) {
  const limits = ctx.config.tiers[owner.tier];
  const converter = req.settings?.converter ?? (await converterFor(ctx.db, ctx.principal));
  const priority = await priorityFor(ctx, owner, converter);
  return ctx.db.transaction(async (tx) => {
    // Serialise creations per owner so two requests cannot both take the last slot.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${owner.ownerKey}))`);
    await assertFreeSlot(ctx, owner.ownerKey, limits.slots, tx as unknown as Ctx['db']);
    const [row] = await tx
      .insert(jobs)
      .values(jobValues(ctx, owner, { id, req, input, hash, priority, converter }))
      .onConflictDoNothing()
      .returning();
    return row ?? null;
  });
}

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
