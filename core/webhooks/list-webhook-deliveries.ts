import { and, desc, eq, lt, or, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { webhookDeliveries, webhookEndpoints } from '../../db/schema.ts';
import { accountIdOf } from '../accounts/account-of.ts';
import { defineOperation } from '../operation.ts';
import { decodeCursor, encodeCursor } from '../pagination/time-cursor.ts';
import { attemptsOf, toDeliveryView } from './delivery-view.ts';
import { WebhookDelivery, WebhookId } from './webhook-schema.ts';

/** Attempts a delivery gets at most under this configuration. */
export const maxAttemptsOf = (retrySeconds: readonly number[]): number => retrySeconds.length + 1;

export const listWebhookDeliveries = defineOperation({
  name: 'list_webhook_deliveries',
  title: 'List webhook deliveries',
  description:
    "The account's deliveries (endpoints and per-job callbacks), newest first, each with its status, attempts, last response code and error, and every attempt. Pass next_cursor back as cursor for the next page; webhook_id narrows to one endpoint.",
  scope: null,
  errors: ['not_linked', 'bad_input'],
  actors: ['session', 'device'],
  input: z.object({
    webhook_id: WebhookId.optional(),
    limit: z.coerce.number().int().min(1).max(100).default(20),
    cursor: z.string().max(200).optional(),
  }),
  output: z.object({ items: z.array(WebhookDelivery), next_cursor: z.string().nullable() }),
  async handler(ctx, { webhook_id, limit, cursor }) {
    const d = webhookDeliveries;
    const where: (SQL | undefined)[] = [eq(d.accountId, accountIdOf(ctx.principal))];
    if (webhook_id) where.push(eq(d.endpointId, webhook_id));
    if (cursor) {
      const c = decodeCursor(cursor);
      const t = new Date(c.t);
      where.push(or(lt(d.createdAt, t), and(eq(d.createdAt, t), lt(d.id, c.id))));
    }
    const rows = await ctx.db
      .select({ delivery: d, url: webhookEndpoints.url })
      .from(d)
      .leftJoin(webhookEndpoints, eq(webhookEndpoints.id, d.endpointId))
      .where(and(...where))
      .orderBy(desc(d.createdAt), desc(d.id))
      .limit(limit + 1);
    const page = rows.slice(0, limit);
    const attempts = await attemptsOf(ctx.db, page.map((r) => r.delivery.id));
    const max = maxAttemptsOf(ctx.config.webhooks.retrySeconds);
    const last = page.at(-1)?.delivery;
    return {
      items: page.map((r) => toDeliveryView(r.delivery, r.url, attempts.get(r.delivery.id) ?? [], max)),
      next_cursor: rows.length > limit && last ? encodeCursor(last.createdAt, last.id) : null,
    };
  },
});
