/**
 * The /api/v2/webhooks routes: a session (cookie p2m_session; the gateway
 * refuses a cross-origin state change) or a linked device's signed request
 * (sessionOrLinkedDevice, which also reads the JSON body). Core decides who
 * may act (accountIdOf: an unlinked device is 403 not_linked) and what the
 * tier allows. Schemas are the operations' own.
 */
import { z } from 'zod';
import type { Request } from 'express';
import { DeliveryId } from '../../core/webhooks/redeliver-webhook-delivery.ts';
import { WebhookId } from '../../core/webhooks/webhook-schema.ts';
import {
  createWebhook,
  deleteWebhook,
  listWebhookDeliveries,
  listWebhooks,
  redeliverWebhookDelivery,
  rotateWebhookSecret,
  sendTestWebhook,
  updateWebhook,
} from '../../core/webhooks/webhook-operations.ts';
import type { Route } from '../../http/route.ts';
import { defineRoute } from '../define-route.ts';
import { SESSION_OR_DEVICE } from '../route-auth.ts';

// A body-less POST (test event, rotation with the defaults) has no JSON to read.
const body = (req: Request): Record<string, unknown> => (req.body && typeof req.body === 'object' ? (req.body as Record<string, unknown>) : {});
const json = (schema: z.ZodType) => ({ 'application/json': { schema } });
const WebhookIdParam = WebhookId.meta({ param: { id: 'WebhookId', description: 'The webhook_id of an endpoint.' } });
const byId = { path: z.object({ webhookId: WebhookIdParam }) };
const auth = SESSION_OR_DEVICE;

/** The webhook routes. */
export const WEBHOOK_ROUTES = [
  defineRoute({
    method: 'get', path: '/api/v2/webhooks', auth, operation: listWebhooks, rpc: 'webhooks.list', statuses: [401, 403, 429], mapRequest: () => ({}),
    openapi: { operationId: 'list_webhooks', tag: 'webhooks', success: 200, ok: { description: 'The endpoints, limit, used and enabled.', content: json(listWebhooks.output) } },
  }),
  defineRoute({
    method: 'post', path: '/api/v2/webhooks', auth, operation: createWebhook, rpc: 'webhooks.create', statuses: [400, 401, 403, 429], mapRequest: body,
    reply: (res, out) => void res.status(201).location(`/api/v2/webhooks/${out.webhook_id}`).json(out),
    openapi: {
      operationId: 'create_webhook', tag: 'webhooks', success: 201,
      ok: { description: 'Registered; the secret is shown this once.', content: json(createWebhook.output) },
      request: { requestBody: { required: true, content: json(createWebhook.input) } },
    },
  }),
  defineRoute({
    method: 'get', path: '/api/v2/webhooks/deliveries', auth, operation: listWebhookDeliveries, rpc: 'webhooks.deliveries', statuses: [400, 401, 403, 429],
    mapRequest: (req) => ({ webhook_id: req.query.webhook_id, limit: req.query.limit, cursor: req.query.cursor }),
    openapi: {
      operationId: 'list_webhook_deliveries', tag: 'webhooks', success: 200,
      ok: { description: 'A page of deliveries, newest first.', content: json(listWebhookDeliveries.output) },
      request: { requestParams: { query: listWebhookDeliveries.input } },
    },
  }),
  defineRoute({
    method: 'patch', path: '/api/v2/webhooks/{webhookId}', auth, operation: updateWebhook, rpc: 'webhooks.update', statuses: [400, 401, 403, 404, 429],
    mapRequest: (req) => ({ ...body(req), webhook_id: req.params.webhookId }),
    openapi: {
      operationId: 'update_webhook', tag: 'webhooks', success: 200, ok: { description: 'The endpoint as changed (no secret: it is unchanged).', content: json(updateWebhook.output) },
      request: { requestParams: byId, requestBody: { required: true, content: json(updateWebhook.input.omit({ webhook_id: true })) } },
    },
  }),
  defineRoute({
    method: 'delete', path: '/api/v2/webhooks/{webhookId}', auth, operation: deleteWebhook, rpc: 'webhooks.delete', statuses: [400, 401, 403, 404, 429],
    mapRequest: (req) => ({ webhook_id: req.params.webhookId }),
    reply: (res) => void res.status(204).end(),
    openapi: { operationId: 'delete_webhook', tag: 'webhooks', success: 204, ok: { description: 'Deleted.' }, request: { requestParams: byId } },
  }),
  defineRoute({
    method: 'post', path: '/api/v2/webhooks/{webhookId}/test', auth, operation: sendTestWebhook, rpc: 'webhooks.sendTest', statuses: [400, 401, 403, 404, 429],
    mapRequest: (req) => ({ ...body(req), webhook_id: req.params.webhookId }),
    reply: (res, out) => void res.status(202).json(out),
    openapi: {
      operationId: 'send_test_webhook', tag: 'webhooks', success: 202, ok: { description: 'The queued test delivery.', content: json(sendTestWebhook.output) },
      request: { requestParams: byId, requestBody: { required: false, content: json(sendTestWebhook.input.omit({ webhook_id: true })) } },
    },
  }),
  defineRoute({
    method: 'post', path: '/api/v2/webhooks/{webhookId}/rotate-secret', auth, operation: rotateWebhookSecret, rpc: 'webhooks.rotateSecret', statuses: [400, 401, 403, 404, 429],
    mapRequest: (req) => ({ ...body(req), webhook_id: req.params.webhookId }),
    openapi: {
      operationId: 'rotate_webhook_secret', tag: 'webhooks', success: 200,
      ok: { description: 'The endpoint with its new secret, shown once.', content: json(rotateWebhookSecret.output) },
      request: { requestParams: byId, requestBody: { required: false, content: json(rotateWebhookSecret.input.omit({ webhook_id: true })) } },
    },
  }),
  defineRoute({
    method: 'post', path: '/api/v2/webhooks/deliveries/{deliveryId}/redeliver', auth, operation: redeliverWebhookDelivery, rpc: 'webhooks.redeliver',
    statuses: [400, 401, 403, 404, 409, 429],
    mapRequest: (req) => ({ delivery_id: req.params.deliveryId }),
    reply: (res, out) => void res.status(202).json(out),
    openapi: {
      operationId: 'redeliver_webhook_delivery', tag: 'webhooks', success: 202,
      ok: { description: 'The new delivery, queued (same event_id as the failed one).', content: json(redeliverWebhookDelivery.output) },
      request: { requestParams: { path: z.object({ deliveryId: DeliveryId.meta({ param: { description: 'The delivery_id of a failed delivery.' } }) }) } },
    },
  }),
] as const satisfies readonly Route[];
