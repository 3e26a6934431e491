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
