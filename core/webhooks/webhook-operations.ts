/**
 * The webhook operations, for core/operations.ts and the transports that
 * serve sessions and linked devices (REST v2, tRPC).
 */
import { createWebhook } from './create-webhook.ts';
import { deleteWebhook } from './delete-webhook.ts';
import { listWebhookDeliveries } from './list-webhook-deliveries.ts';
import { listWebhooks } from './list-webhooks.ts';
import { rotateWebhookSecret } from './rotate-webhook-secret.ts';
import { sendTestWebhook } from './send-test-webhook.ts';

export const WEBHOOK_OPERATIONS = [
  listWebhooks,
  createWebhook,
  deleteWebhook,
  listWebhookDeliveries,
  sendTestWebhook,
  rotateWebhookSecret,
] as const;

export { createWebhook, deleteWebhook, listWebhookDeliveries, listWebhooks, rotateWebhookSecret, sendTestWebhook };
