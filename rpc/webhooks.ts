/**
 * The webhook operations over tRPC, one procedure each. Like the REST routes
 * they are for sessions and linked devices: core answers an API key with 403.
 */
import {
  createWebhook,
  deleteWebhook,
  listWebhookDeliveries,
  listWebhooks,
  redeliverWebhookDelivery,
  rotateWebhookSecret,
  sendTestWebhook,
} from '../core/webhooks/webhook-operations.ts';
import { procedure } from './procedure.ts';
import { router } from './trpc.ts';

export const webhooksRouter = router({
  list: procedure(listWebhooks).query(),
  create: procedure(createWebhook).mutation(),
  delete: procedure(deleteWebhook).mutation(),
  deliveries: procedure(listWebhookDeliveries).query(),
  sendTest: procedure(sendTestWebhook).mutation(),
  rotateSecret: procedure(rotateWebhookSecret).mutation(),
  redeliver: procedure(redeliverWebhookDelivery).mutation(),
});

/** Which operation each webhooks procedure runs. */
export const WEBHOOK_RPC_PROCEDURES = {
  list_webhooks: 'webhooks.list',
  create_webhook: 'webhooks.create',
  delete_webhook: 'webhooks.delete',
  list_webhook_deliveries: 'webhooks.deliveries',
  send_test_webhook: 'webhooks.sendTest',
  rotate_webhook_secret: 'webhooks.rotateSecret',
  redeliver_webhook_delivery: 'webhooks.redeliver',
} as const;
