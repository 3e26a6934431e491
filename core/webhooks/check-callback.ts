/**
 * A per-job callback is a webhook: it exists on paid tiers only (403
 * not_in_plan at creation), needs its callback_secret to sign with, and its
 * URL is checked by the egress guard as a registered endpoint's is.
 */
import type { Ctx } from '../context.ts';
import { DomainError } from '../errors.ts';
import { assertWebhooksEnabled, checkWebhookUrl } from './webhook-access.ts';

/** Refuses a job's callback fields before anything is stored or fetched. */
export async function checkCallback(ctx: Ctx, req: { callbackUrl?: string | undefined; callbackSecret?: string | undefined }): Promise<void> {
  if (req.callbackUrl === undefined && req.callbackSecret === undefined) return;
  assertWebhooksEnabled(ctx, 'Per-job callbacks (callback_url)');
  if (req.callbackUrl === undefined) throw new DomainError('bad_input', 'callback_secret needs a callback_url.');
  if (req.callbackSecret === undefined) throw new DomainError('bad_input', 'callback_url needs a callback_secret to sign its deliveries with.');
  await checkWebhookUrl(ctx, req.callbackUrl, 'callback_url');
}
