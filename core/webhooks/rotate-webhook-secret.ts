import { and, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { webhookEndpoints } from '../../db/schema.ts';
import { newSecret } from '../crypto/hash-secret.ts';
import { seal } from '../crypto/secret-box.ts';
import { defineOperation } from '../operation.ts';
import { WEBHOOK_SECRET_PREFIX } from './create-webhook.ts';
import { assertWebhooksEnabled, ownedEndpoint } from './webhook-access.ts';
import { CreatedWebhook, toWebhookView, WebhookId } from './webhook-schema.ts';

const DEFAULT_OVERLAP_SECONDS = 24 * 3600;

export const rotateWebhookSecret = defineOperation({
  name: 'rotate_webhook_secret',
  title: 'Rotate a webhook signing secret',
  description:
    'Issues a new signing secret (returned once). For overlap_seconds (default 86400; 0 ends the old secret at once) deliveries carry two signatures in X-P2M-Signature, separated by a comma: the new secret\'s first, then the old one\'s, so a receiver still holding the old secret keeps verifying while it switches. A secret already in its overlap is replaced by the current one.',
  scope: null,
  errors: ['not_linked', 'not_found', 'bad_input'],
  actors: ['session', 'device'],
  input: z.object({
    webhook_id: WebhookId,
    overlap_seconds: z.coerce.number().int().min(0).optional().describe('How long the old secret keeps signing; at most P2M_WEBHOOK_MAX_OVERLAP_SECONDS.'),
  }),
  output: CreatedWebhook,
  async handler(ctx, { webhook_id, overlap_seconds }) {
    assertWebhooksEnabled(ctx);
    const overlap = Math.min(overlap_seconds ?? DEFAULT_OVERLAP_SECONDS, ctx.config.webhooks.maxOverlapSeconds);
    for (;;) {
      const row = await ownedEndpoint(ctx, webhook_id);
      const secret = newSecret(WEBHOOK_SECRET_PREFIX);
      const [rotated] = await ctx.db
        .update(webhookEndpoints)
        .set({
          secretSealed: seal(ctx.secretKey, secret),
          previousSecretSealed: overlap > 0 ? row.secretSealed : null,
          previousSecretUntil: overlap > 0 ? sql`now() + make_interval(secs => ${overlap})` : null,
        })
        // Fenced by the secret read: of two rotations at once, the second starts again from the first's secret.
        .where(and(eq(webhookEndpoints.id, row.id), eq(webhookEndpoints.secretSealed, row.secretSealed)))
        .returning();
      if (rotated) return { ...toWebhookView(rotated), secret };
    }
  },
});
