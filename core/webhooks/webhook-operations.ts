/**
 * The webhook operations, for core/operations.ts and the transports that
 * serve sessions and linked devices (REST v2, tRPC).
 */
import { createWebhook } from './create-webhook.ts';
import { deleteWebhook } from './delete-webhook.ts';
import { listWebhookDeliveries } from './list-webhook-deliveries.ts';
import { listWebhooks } from './list-webhooks.ts';
import { rotateWebhookSecret } from './rotate-webhook-secret.ts';
import { redeliverWebhookDelivery } from './redeliver-webhook-delivery.ts';
import { sendTestWebhook } from './send-test-webhook.ts';
import { updateWebhook } from './update-webhook.ts';

export const WEBHOOK_OPERATIONS = [
  listWebhooks,
  createWebhook,
  updateWebhook,
  deleteWebhook,
  listWebhookDeliveries,
  sendTestWebhook,
  rotateWebhookSecret,
  redeliverWebhookDelivery,
] as const;

export { createWebhook, updateWebhook, deleteWebhook, listWebhookDeliveries, listWebhooks, redeliverWebhookDelivery, rotateWebhookSecret, sendTestWebhook };
