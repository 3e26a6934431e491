/**
 * The admission check every job creation passes, single or batch, on every
 * lane (REST, v1, MCP, tRPC, upload tickets): the callback rules — paid plans
 * only (403 not_in_plan), a callback_url needs its callback_secret and the
 * other way round, and the URL must be one a delivery could reach (https, a
 * host resolving to public addresses only: no metadata, loopback or private
 * address). It runs before any slot is taken, any upload is read or any link
 * is fetched, so a refused request costs nothing. One function for both
 * paths: a batch can no longer be the way around the single create's rules.
 */
import type { Ctx } from '../context.ts';
import { DomainError, isDomainError } from '../errors.ts';
import { checkCallback } from '../webhooks/check-callback.ts';

/** The fields of a creation request that admission looks at. */
export type AdmissionFields = { callbackUrl?: string | undefined; callbackSecret?: string | undefined };

/** Refuses a single creation that breaks a rule; resolves when it may proceed. */
export async function admitJob(ctx: Ctx, req: AdmissionFields): Promise<void> {
  await checkCallback(ctx, req);
}

/**
 * Refuses a batch when any item breaks a rule, naming the first such item
 * (`items[2].callback_url …`), so nothing of the batch is created.
 */
export async function admitBatch(ctx: Ctx, items: readonly AdmissionFields[]): Promise<void> {
  for (const [i, item] of items.entries()) {
    try {
      await admitJob(ctx, item);
    } catch (err) {
      if (!isDomainError(err) || err.code !== 'bad_input') throw err;
      throw new DomainError('bad_input', `items[${i}].${err.message}`);
    }
  }
}
