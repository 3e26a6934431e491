import { count, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { inTransaction } from '../../db/in-transaction.ts';
import { webhookEndpoints } from '../../db/schema.ts';
import { accountIdOf } from '../accounts/account-of.ts';
import { newSecret } from '../crypto/hash-secret.ts';
import { seal } from '../crypto/secret-box.ts';
import { DomainError } from '../errors.ts';
import { defineOperation } from '../operation.ts';
import { deviceIdOf } from '../principal.ts';
import { assertWebhooksEnabled, checkWebhookUrl } from './webhook-access.ts';
import { WebhookEvent } from './webhook-events.ts';
import { CreatedWebhook, toWebhookView, WebhookUrl } from './webhook-schema.ts';

/** Prefix of webhook signing secrets. */
export const WEBHOOK_SECRET_PREFIX = 'whsec_';

export const createWebhook = defineOperation({
  name: 'create_webhook',
  title: 'Register a webhook endpoint',
  description:
    'Registers an https URL to receive signed job events. The url must resolve to public addresses only (checked now and at every delivery). `events` filters the events; empty means all. The signing secret (whsec_…) is returned once. Paid tiers only (403 not_in_plan); at the plan\'s webhooks_limit, 403 limit_reached.',
  scope: null,
  errors: ['not_linked', 'not_in_plan', 'limit_reached', 'bad_input'],
  actors: ['session', 'device'],
  input: z.object({
    url: WebhookUrl,
    events: z.array(WebhookEvent).max(4).default([]).describe('Events to deliver; empty (the default) means all.'),
  }),
  output: CreatedWebhook,
  async handler(ctx, { url, events }) {
    const accountId = accountIdOf(ctx.principal);
    assertWebhooksEnabled(ctx);
    await checkWebhookUrl(ctx, url);
    const limit = ctx.config.tiers[ctx.principal.tier].webhooksLimit;
    const secret = newSecret(WEBHOOK_SECRET_PREFIX);
    const row = await inTransaction(ctx.db, async (tx) => {
      // Serialise registrations per account so two requests cannot both take the last place.
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${'webhooks:' + accountId}))`);
      const [{ n } = { n: 0 }] = await tx
        .select({ n: count() })
        .from(webhookEndpoints)
        .where(eq(webhookEndpoints.accountId, accountId));
      if (n >= limit) throw new DomainError('limit_reached', `This plan allows ${limit} webhook endpoints; delete one first.`);
      const [inserted] = await tx
        .insert(webhookEndpoints)
        .values({ accountId, url, events: [...new Set(events)], secretSealed: seal(ctx.secretKey, secret), deviceId: deviceIdOf(ctx.principal) })
        .returning();
      return inserted!;
    });
    return { ...toWebhookView(row), secret };
  },
});
