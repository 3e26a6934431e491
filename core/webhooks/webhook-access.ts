/**
 * Who may manage webhooks and where they may point: the caller's account
 * (sessions and linked devices), its tier's webhooksEnabled, and the receiver
 * URL checked by the egress guard exactly as a delivery will be.
 */
import { and, eq } from 'drizzle-orm';
import { webhookEndpoints, type WebhookEndpointRow } from '../../db/schema.ts';
import { accountIdOf } from '../accounts/account-of.ts';
import type { Ctx } from '../context.ts';
import { isEgressError } from '../egress/egress-error.ts';
import { DomainError } from '../errors.ts';

/** Throws not_in_plan when the caller's tier has no webhooks. */
export function assertWebhooksEnabled(ctx: Ctx, what = 'Webhooks'): void {
  if (!ctx.config.tiers[ctx.principal.tier].webhooksEnabled) {
    throw new DomainError('not_in_plan', `${what} are a paid feature; the ${ctx.principal.tier} plan has none.`);
  }
}

/**
 * Refuses (400 bad_input) a URL a delivery could not be sent to: not https,
 * credentials in it, a host that does not resolve, or any resolved address
 * that is not public. Deliveries check again each time, since DNS changes.
 */
export async function checkWebhookUrl(ctx: Ctx, url: string, field = 'url'): Promise<void> {
  try {
    await ctx.webhookClient.check(url);
  } catch (err) {
    if (!isEgressError(err)) throw err;
    throw new DomainError('bad_input', `${field} cannot receive webhooks: ${err.message}`);
  }
}

/** The caller's endpoint, or not_found (another account's looks the same as none). */
export async function ownedEndpoint(ctx: Ctx, webhookId: string): Promise<WebhookEndpointRow> {
  const [row] = await ctx.db
    .select()
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.id, webhookId), eq(webhookEndpoints.accountId, accountIdOf(ctx.principal))));
  if (!row) throw new DomainError('not_found', `No webhook ${webhookId}.`);
  return row;
}
