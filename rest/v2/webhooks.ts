import { Router, type Request } from 'express';
import {
  createWebhook,
  deleteWebhook,
  listWebhookDeliveries,
  listWebhooks,
  redeliverWebhookDelivery,
  rotateWebhookSecret,
  sendTestWebhook,
} from '../../core/webhooks/webhook-operations.ts';
import { sessionOrLinkedDevice } from '../../http/credentials/session-or-device.ts';
import type { Runtime } from '../../core/runtime.ts';
import { restAdapter } from '../rest-handler.ts';

// A body-less POST (test event, rotation with the defaults) has no JSON to read.
const body = (req: Request): Record<string, unknown> => (req.body && typeof req.body === 'object' ? (req.body as Record<string, unknown>) : {});

/**
 * The /api/v2/webhooks routes: a session (cookie p2m_session; the gateway
 * refuses a cross-origin state change) or a linked device's signed request
 * (sessionOrLinkedDevice, which also reads the JSON body). Core decides who
 * may act (accountIdOf: an unlinked device is 403 not_linked) and what the
 * tier allows.
 */
export function createWebhooksRouter(runtime: Runtime): Router {
  const rest = restAdapter(runtime);
  const r = Router();
  r.use('/api/v2/webhooks', sessionOrLinkedDevice(runtime));
  r.get('/api/v2/webhooks', rest(listWebhooks, () => ({})));
  r.post('/api/v2/webhooks', rest(createWebhook, body, (res, out) => void res.status(201).location(`/api/v2/webhooks/${out.webhook_id}`).json(out)));
  r.get(
    '/api/v2/webhooks/deliveries',
    rest(listWebhookDeliveries, (req) => ({ webhook_id: req.query.webhook_id, limit: req.query.limit, cursor: req.query.cursor })),
  );
  r.post(
    '/api/v2/webhooks/deliveries/:id/redeliver',
    rest(redeliverWebhookDelivery, (req) => ({ delivery_id: req.params.id }), (res, out) => void res.status(202).json(out)),
  );
  r.delete('/api/v2/webhooks/:id', rest(deleteWebhook, (req) => ({ webhook_id: req.params.id }), (res) => void res.status(204).end()));
  r.post('/api/v2/webhooks/:id/test', rest(sendTestWebhook, (req) => ({ ...body(req), webhook_id: req.params.id }), (res, out) => void res.status(202).json(out)));
  r.post('/api/v2/webhooks/:id/rotate-secret', rest(rotateWebhookSecret, (req) => ({ ...body(req), webhook_id: req.params.id })));
  return r;
}
