import { asc, eq } from 'drizzle-orm';
import { z } from 'zod';
import { webhookEndpoints } from '../../db/schema.ts';
import { accountIdOf } from '../accounts/account-of.ts';
import { defineOperation } from '../operation.ts';
import { toWebhookView, Webhook } from './webhook-schema.ts';

export const WebhookList = z.object({
  items: z.array(Webhook),
  limit: z.number().int().describe("The plan's webhooks_limit."),
  used: z.number().int().describe('Registered endpoints, enabled or disabled.'),
  enabled: z.boolean().describe('Whether webhooks exist on the plan (webhooks_enabled).'),
});

export const listWebhooks = defineOperation({
  name: 'list_webhooks',
  title: 'List webhook endpoints',
  description: "The account's webhook endpoints (secrets are never returned), the plan's limit, how many are used, and whether the plan has webhooks.",
  scope: null,
  errors: ['not_linked'],
  actors: ['session', 'device'],
  input: z.object({}),
  output: WebhookList,
  async handler(ctx) {
    const rows = await ctx.db
      .select()
      .from(webhookEndpoints)
      .where(eq(webhookEndpoints.accountId, accountIdOf(ctx.principal)))
      .orderBy(asc(webhookEndpoints.createdAt), asc(webhookEndpoints.id));
    const tier = ctx.config.tiers[ctx.principal.tier];
    return { items: rows.map(toWebhookView), limit: tier.webhooksLimit, used: rows.length, enabled: tier.webhooksEnabled };
  },
});
