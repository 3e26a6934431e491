/**
 * The webhook records as the API shows them. These feed validation, OpenAPI
 * and tRPC alike.
 */
import { z } from 'zod';
import type { WebhookEndpointRow } from '../../db/schema.ts';
import { isPlainText } from '../text/plain-text.ts';
import { WebhookEvent } from './webhook-events.ts';

export const WebhookId = z.uuid({ message: 'webhook_id must be a UUID' });

/** A receiver URL: https, at most 2048 characters; its host must resolve to public addresses only (checked by core). */
export const WebhookUrl = z
  .url({ protocol: /^https$/, message: 'url must be an https URL' })
  .max(2048)
  .refine(isPlainText, { message: 'url must not contain control characters' });

export const Webhook = z.object({
  webhook_id: z.string(),
  url: z.string(),
  events: z.array(WebhookEvent).describe('Events delivered; empty means all.'),
  created_at: z.string(),
  enabled: z.boolean().describe('False once the endpoint was disabled after failing deliveries in a row (see disabled_reason).'),
  disabled_at: z.string().nullable(),
  disabled_reason: z.string().nullable().describe('Why deliveries stopped; a delivered test event enables the endpoint again.'),
  consecutive_failures: z.number().int().describe('Deliveries that failed in a row, each after all its retries.'),
  previous_secret_expires_at: z
    .string()
    .nullable()
    .describe('After a rotation: until when the previous secret still signs, as a second signature.'),
});
export type Webhook = z.infer<typeof Webhook>;

export const CreatedWebhook = Webhook.extend({
  secret: z.string().describe('The signing secret, whsec_…; shown once. The HMAC key is this whole string as UTF-8.'),
});

/** The API view of an endpoint row. */
export function toWebhookView(row: WebhookEndpointRow): Webhook {
  const overlap = row.previousSecretUntil && row.previousSecretSealed ? row.previousSecretUntil.toISOString() : null;
  return {
    webhook_id: row.id,
    url: row.url,
    events: row.events as WebhookEvent[],
    created_at: row.createdAt.toISOString(),
    enabled: row.disabledAt === null,
    disabled_at: row.disabledAt?.toISOString() ?? null,
    disabled_reason: row.disabledReason,
    consecutive_failures: row.consecutiveFailures,
    previous_secret_expires_at: overlap,
  };
}

export const DeliveryAttempt = z.object({
  attempt: z.number().int(),
  started_at: z.string(),
  finished_at: z.string().nullable(),
  outcome: z
    .enum(['delivered', 'retry', 'failed', 'interrupted'])
    .nullable()
    .describe('null while the attempt runs; interrupted: the sending process stopped mid-attempt (it is retried).'),
  response_code: z.number().int().nullable(),
  error: z.string().nullable(),
});

export const WebhookDelivery = z.object({
  delivery_id: z.string(),
  event_id: z.string().describe('The X-P2M-Delivery header value: the same on every attempt.'),
  webhook_id: z.string().nullable().describe('null for a per-job callback.'),
  target: z.enum(['endpoint', 'callback']),
  url: z.string().nullable(),
  event: WebhookEvent,
  job_id: z.string().nullable(),
  test: z.boolean().describe('A "send test event" delivery, not about a real job.'),
  status: z.enum(['pending', 'delivering', 'delivered', 'failed']),
  attempts: z.number().int(),
  max_attempts: z.number().int(),
  response_code: z.number().int().nullable().describe('HTTP status of the last attempt, when one answered.'),
  error: z.string().nullable().describe('What went wrong in the last attempt.'),
  created_at: z.string(),
  last_attempt_at: z.string().nullable(),
  next_attempt_at: z.string().nullable().describe('When pending: not before this time.'),
  finished_at: z.string().nullable(),
  attempt_log: z.array(DeliveryAttempt).describe('Every attempt, oldest first.'),
});
export type WebhookDelivery = z.infer<typeof WebhookDelivery>;
