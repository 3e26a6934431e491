import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import { webhookEndpoints } from '../../db/schema.ts';
import { accountIdOf } from '../accounts/account-of.ts';
import { DomainError } from '../errors.ts';
import { defineOperation } from '../operation.ts';
import { WebhookId } from './webhook-schema.ts';

export const deleteWebhook = defineOperation({
  name: 'delete_webhook',
  title: 'Delete a webhook endpoint',
  description:
    'Deletes the endpoint at once, with its delivery log; deliveries not yet sent to it are dropped. Open to any plan, so a downgraded account can clean up.',
  scope: null,
  errors: ['not_linked', 'not_found'],
  actors: ['session', 'device'],
  input: z.object({ webhook_id: WebhookId }),
  output: z.object({ deleted: z.literal(true) }),
  async handler(ctx, { webhook_id }) {
    const gone = await ctx.db
      .delete(webhookEndpoints)
      .where(and(eq(webhookEndpoints.id, webhook_id), eq(webhookEndpoints.accountId, accountIdOf(ctx.principal))))
      .returning({ id: webhookEndpoints.id });
    if (gone.length === 0) throw new DomainError('not_found', `No webhook ${webhook_id}.`);
    return { deleted: true as const };
  },
});
