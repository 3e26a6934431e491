/**
 * The /api/v2/webhooks rows of the route table, from the operations' own
 * schemas.
 */
import { z } from 'zod';
import { DeliveryId } from '../core/webhooks/redeliver-webhook-delivery.ts';
import { WebhookId } from '../core/webhooks/webhook-schema.ts';
import {
  createWebhook,
  deleteWebhook,
  listWebhookDeliveries,
  listWebhooks,
  redeliverWebhookDelivery,
  rotateWebhookSecret,
  sendTestWebhook,
} from '../core/webhooks/webhook-operations.ts';
import type { RouteSpec } from './route-spec.ts';

const json = (schema: z.ZodType) => ({ 'application/json': { schema } });
const WebhookIdParam = WebhookId.meta({ param: { id: 'WebhookId', description: 'The webhook_id of an endpoint.' } });
const byId = { path: z.object({ webhookId: WebhookIdParam }) };
// A session, or a linked device's signed request.
const common = { tag: 'webhooks', auth: [['Session'], ['DeviceToken']] } as const;

/** The webhook rows. */
export const WEBHOOK_ROUTES: readonly RouteSpec[] = [
  {
    ...common, method: 'get', path: '/api/v2/webhooks', operations: [listWebhooks], operationId: 'list_webhooks',
    success: 200, ok: { description: 'The endpoints, limit, used and enabled.', content: json(listWebhooks.output) }, errors: [401, 403, 429],
  },
  {
    ...common, method: 'post', path: '/api/v2/webhooks', operations: [createWebhook], operationId: 'create_webhook',
    success: 201, ok: { description: 'Registered; the secret is shown this once.', content: json(createWebhook.output) },
    errors: [400, 401, 403, 429], request: { requestBody: { required: true, content: json(createWebhook.input) } },
  },
  {
    ...common, method: 'get', path: '/api/v2/webhooks/deliveries', operations: [listWebhookDeliveries], operationId: 'list_webhook_deliveries',
    success: 200, ok: { description: 'A page of deliveries, newest first.', content: json(listWebhookDeliveries.output) },
    errors: [400, 401, 403, 429], request: { requestParams: { query: listWebhookDeliveries.input } },
  },
  {
    ...common, method: 'delete', path: '/api/v2/webhooks/{webhookId}', operations: [deleteWebhook], operationId: 'delete_webhook',
    success: 204, ok: { description: 'Deleted.' }, errors: [400, 401, 403, 404, 429], request: { requestParams: byId },
  },
  {
    ...common, method: 'post', path: '/api/v2/webhooks/{webhookId}/test', operations: [sendTestWebhook], operationId: 'send_test_webhook',
    success: 202, ok: { description: 'The queued test delivery.', content: json(sendTestWebhook.output) }, errors: [400, 401, 403, 404, 429],
    request: { requestParams: byId, requestBody: { required: false, content: json(sendTestWebhook.input.omit({ webhook_id: true })) } },
  },
  {
    ...common, method: 'post', path: '/api/v2/webhooks/{webhookId}/rotate-secret', operations: [rotateWebhookSecret],
    operationId: 'rotate_webhook_secret', success: 200, ok: { description: 'The endpoint with its new secret, shown once.', content: json(rotateWebhookSecret.output) },
    errors: [400, 401, 403, 404, 429],
    request: { requestParams: byId, requestBody: { required: false, content: json(rotateWebhookSecret.input.omit({ webhook_id: true })) } },
  },
  {
    ...common, method: 'post', path: '/api/v2/webhooks/deliveries/{deliveryId}/redeliver', operations: [redeliverWebhookDelivery],
    operationId: 'redeliver_webhook_delivery', success: 202,
    ok: { description: 'The new delivery, queued (same event_id as the failed one).', content: json(redeliverWebhookDelivery.output) },
    errors: [400, 401, 403, 404, 409, 429],
    request: { requestParams: { path: z.object({ deliveryId: DeliveryId.meta({ param: { description: 'The delivery_id of a failed delivery.' } }) }) } },
  },
];
