import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import { webhookEndpoints } from '../../db/schema.ts';
import { accountIdOf } from '../accounts/account-of.ts';
import { DomainError } from '../errors.ts';
import { defineOperation } from '../operation.ts';
import { assertWebhooksEnabled, checkWebhookUrl, ownedEndpoint } from './webhook-access.ts';
import { WebhookEvent } from './webhook-events.ts';
import { toWebhookView, Webhook, WebhookId, WebhookUrl } from './webhook-schema.ts';

/**
 * Changes where an endpoint receives and which events, in place: its
 * signing secret, delivery log and enabled state stay, so a receiver that
 * moves does not need a new secret (deleting and registering again would
 * issue one). Deliveries already queued go to the url they were queued for.
 */
export const updateWebhook = defineOperation({
  name: 'update_webhook',
  title: 'Change a webhook endpoint',
  description:
    'Changes the endpoint\'s url and/or its events, keeping its signing secret, delivery log and enabled state. A new url must resolve to public addresses only, as at registration. Fields left out stay as they are. Paid tiers only (403 not_in_plan).',
  scope: null,
  errors: ['not_linked', 'not_in_plan', 'not_found', 'bad_input'],
  actors: ['session', 'device'],
  input: z.object({
    webhook_id: WebhookId,
    url: WebhookUrl.optional(),
    events: z.array(WebhookEvent).max(4).optional().describe('Events to deliver; empty means all.'),
  }),
  output: Webhook,
  async handler(ctx, { webhook_id, url, events }) {
    const accountId = accountIdOf(ctx.principal);
    assertWebhooksEnabled(ctx);
    const row = await ownedEndpoint(ctx, webhook_id);
    if (url !== undefined && url !== row.url) await checkWebhookUrl(ctx, url);
    const [updated] = await ctx.db
      .update(webhookEndpoints)
      .set({ url: url ?? row.url, events: events ? [...new Set(events)] : row.events })
      .where(and(eq(webhookEndpoints.id, webhook_id), eq(webhookEndpoints.accountId, accountId)))
      .returning();
    // Deleted between the read and the write.
    if (!updated) throw new DomainError('not_found', `No webhook ${webhook_id}.`);
    return toWebhookView(updated);
  },
});
