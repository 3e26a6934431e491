import { and, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { webhookEndpoints } from '../../db/schema.ts';
import { newSecret } from '../crypto/hash-secret.ts';
import { seal } from '../crypto/secret-box.ts';
import { DomainError } from '../errors.ts';
import { defineOperation } from '../operation.ts';
import { WEBHOOK_SECRET_PREFIX } from './create-webhook.ts';
import { assertWebhooksEnabled, ownedEndpoint } from './webhook-access.ts';
import { CreatedWebhook, toWebhookView, WebhookId } from './webhook-schema.ts';

const DEFAULT_OVERLAP_SECONDS = 24 * 3600;

/** What the rotate call answers: the endpoint, its new secret once, and how deliveries are signed meanwhile. */
export const RotatedWebhook = CreatedWebhook.extend({
  signatures: z
    .string()
    .describe('How X-P2M-Signature looks until previous_secret_expires_at: two comma-separated sha256= values, the new secret\'s first; a receiver accepts a delivery if any value matches.'),
});

const signaturesNote = (until: string | null) =>
  until === null
    ? 'X-P2M-Signature carries one value, sha256=<hex HMAC with the new secret>; the old secret no longer signs.'
    : `Until ${until}, X-P2M-Signature carries two comma-separated values: sha256=<HMAC with the new secret>,sha256=<HMAC with the old secret>. Accept a delivery if any value matches (split on ","); after that, one value.`;

export const rotateWebhookSecret = defineOperation({
  name: 'rotate_webhook_secret',
  title: 'Rotate a webhook signing secret',
  description:
    'Issues a new signing secret (returned once). For overlap_seconds (default 86400; 0 ends the old secret at once; above P2M_WEBHOOK_MAX_OVERLAP_SECONDS, 604800 by default, 400 and nothing rotated) deliveries carry two signatures in X-P2M-Signature, separated by a comma: the new secret\'s first, then the old one\'s, so a receiver still holding the old secret keeps verifying while it switches. A secret already in its overlap is replaced by the current one.',
  scope: null,
  errors: ['not_linked', 'not_found', 'bad_input'],
  actors: ['session', 'device'],
  input: z.object({
    webhook_id: WebhookId,
    overlap_seconds: z.coerce.number().int().min(0).optional().describe('How long the old secret keeps signing; at most P2M_WEBHOOK_MAX_OVERLAP_SECONDS.'),
  }),
  output: RotatedWebhook,
  async handler(ctx, { webhook_id, overlap_seconds }) {
    assertWebhooksEnabled(ctx);
    const max = ctx.config.webhooks.maxOverlapSeconds;
    if (overlap_seconds !== undefined && overlap_seconds > max) {
      throw new DomainError('bad_input', `overlap_seconds is at most ${max} (P2M_WEBHOOK_MAX_OVERLAP_SECONDS); ask for ${max} or less. Nothing was rotated.`);
    }
    const overlap = Math.min(overlap_seconds ?? DEFAULT_OVERLAP_SECONDS, max);
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
      if (rotated) {
        const view = toWebhookView(rotated);
        return { ...view, secret, signatures: signaturesNote(view.previous_secret_expires_at) };
      }
    }
  },
});
