import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import { webhookDeliveries, webhookEndpoints } from '../../db/schema.ts';
import { accountIdOf } from '../accounts/account-of.ts';
import { DomainError } from '../errors.ts';
import { defineOperation } from '../operation.ts';
import { toDeliveryView } from './delivery-view.ts';
import { maxAttemptsOf } from './list-webhook-deliveries.ts';
import { assertWebhooksEnabled } from './webhook-access.ts';
import { WebhookDelivery } from './webhook-schema.ts';

export const DeliveryId = z.uuid({ message: 'delivery_id must be a UUID' });

/**
 * A failed delivery sent again: a new delivery row with the same event (the
 * same event_id, so X-P2M-Delivery lets a receiver drop a duplicate), the
 * same destination and body, and a fresh set of attempts. The failed row
 * stays in the log as it was.
 */
export const redeliverWebhookDelivery = defineOperation({
  name: 'redeliver_webhook_delivery',
  title: 'Redeliver a failed webhook delivery',
  description:
    'Queues a failed delivery (status failed) again as a new delivery with the same event_id, destination and body, retried and logged like any other. A delivery that is not failed is 409 not_ready; one to a disabled endpoint is 409 too (send a test event first, which enables it again). Paid tiers only (403 not_in_plan).',
  scope: null,
  errors: ['not_linked', 'not_found', 'not_in_plan', 'not_ready', 'bad_input'],
  actors: ['session', 'device'],
  input: z.object({ delivery_id: DeliveryId }),
  output: WebhookDelivery,
  async handler(ctx, { delivery_id }) {
    assertWebhooksEnabled(ctx);
    const [found] = await ctx.db
      .select({ delivery: webhookDeliveries, url: webhookEndpoints.url, disabledAt: webhookEndpoints.disabledAt })
      .from(webhookDeliveries)
      .leftJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
      .where(and(eq(webhookDeliveries.id, delivery_id), eq(webhookDeliveries.accountId, accountIdOf(ctx.principal))));
    if (!found) throw new DomainError('not_found', `No delivery ${delivery_id}.`);
    const d = found.delivery;
    if (d.status !== 'failed') throw new DomainError('not_ready', `Only a failed delivery can be redelivered; this one is ${d.status}.`);
    if (found.disabledAt) {
      throw new DomainError('not_ready', 'The endpoint is disabled: send it a test event (which enables it again once delivered), then redeliver.');
    }
    const [row] = await ctx.db
      .insert(webhookDeliveries)
      .values({
        eventId: d.eventId,
        accountId: d.accountId,
        endpointId: d.endpointId,
        jobId: d.jobId,
        event: d.event,
        callbackUrl: d.callbackUrl,
        callbackSecret: d.callbackSecret,
        job: d.job,
        test: d.test,
      })
      .returning();
    ctx.wake('webhooks');
    return toDeliveryView(row!, found.url, [], maxAttemptsOf(ctx.config.webhooks.retrySeconds));
  },
});
