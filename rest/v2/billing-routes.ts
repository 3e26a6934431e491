/**
 * The billing routes (core/billing/): plans (open; the caller's plan is
 * flagged), checkout (a session, or anonymous with an e-mail: core's
 * start_checkout decides which), the customer portal (session) and Stripe's
 * webhook (signed by Stripe, raw body). Return addresses are built on the
 * request's own public origin. A session cookie's CSRF rule is the gateway's
 * (http/credentials/session-cookie.ts).
 */
import { z } from 'zod';
import { listPlansOp, Plans } from '../../core/billing/list-plans.ts';
import { PortalResult } from '../../core/billing/open-portal.ts';
import { receiveBillingEvent, WebhookReceipt } from '../../core/billing/receive-event.ts';
import { CheckoutRequest, CheckoutResult } from '../../core/billing/start-checkout.ts';
import { openBillingPortal, startCheckoutOp } from '../../core/operations.ts';
import { jsonBodyUpTo } from '../../http/json-body.ts';
import { publicOriginOf } from '../../http/public-origin.ts';
import { readRawBody } from '../../http/read-raw-body.ts';
import type { Route } from '../../http/route.ts';
import { DomainError } from '../../core/errors.ts';
import type { RequestHandler } from 'express';
import { defineHandlerRoute, defineRoute } from '../define-route.ts';

/** A checkout request is a plan and maybe an e-mail. */
const CHECKOUT_BODY_BYTES = 16 * 1024;
/** Stripe events carry whole objects (a subscription with its items); 1 MiB is far above any. */
const WEBHOOK_BODY_BYTES = 1024 * 1024;

const json = (schema: z.ZodType) => ({ 'application/json': { schema } });
/** A form post or text/plain is not read as JSON: a page elsewhere could send those without a preflight. */
const onlyJson: RequestHandler = (req, _res, next) => {
  if (!req.is('application/json')) {
    throw new DomainError('unsupported_media_type', 'Send the checkout as JSON with Content-Type: application/json, e.g. {"plan":"pro"}.');
  }
  next();
};
const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The billing routes. */
export const BILLING_ROUTES: readonly Route[] = [
  defineRoute({
    method: 'get', path: '/api/v2/billing/plans', auth: 'none', optionalCredential: 'lenient', operation: listPlansOp, statuses: [429, 503],
    mapRequest: () => ({}),
    reply: (res, out) => void res.set('Cache-Control', 'private, no-store').json(out),
    openapi: {
      operationId: 'list_plans', tag: 'billing',
      summary: 'Plans and prices',
      description:
        'Every plan with its entitlements (the live tier table) and, for paid plans, the price from the billing provider (best effort: cached; when the provider cannot be read and nothing is cached, `price` is null and `purchase_availability` is false on both channels). With a session cookie or an API key, the caller\'s plan has `current: true`.',
      success: 200, ok: { description: 'The plans.', content: json(Plans) },
    },
  }),
  defineRoute({
    method: 'post', path: '/api/v2/billing/checkout', auth: 'none', optionalCredential: 'strict', operation: startCheckoutOp,
    statuses: [400, 401, 403, 404, 409, 413, 415, 429, 502, 503],
    before: () => [onlyJson, jsonBodyUpTo(CHECKOUT_BODY_BYTES)],
    mapRequest: (req, services) => ({ ...(isRecord(req.body) ? req.body : {}), return_origin: publicOriginOf(req, services.config) }),
    openapi: {
      operationId: 'start_checkout', tag: 'billing',
      summary: 'Start a checkout',
      description:
        'Creates a hosted checkout page (Stripe Checkout, subscription) on the server and answers with its address; send the buyer there. Signed in (session cookie; a state change needs an allowed Origin): `{"plan": "pro"}` buys for the signed-in account. Anonymous: `{"plan": "pro", "email": "buyer@example.org"}` creates a claimable account for the e-mail (claimed, plan included, by the first sign-in with that verified e-mail); an e-mail of an existing account is refused (403: sign in instead); limited per client address. The buyer returns to the request\'s own public origin (success and cancel paths from configuration). 409 `already_subscribed` when the account already pays: use the portal.',
      success: 200, ok: { description: 'The checkout page.', content: json(CheckoutResult) },
      request: { requestBody: { required: true, content: json(CheckoutRequest) } },
    },
  }),
  defineRoute({
    method: 'post', path: '/api/v2/billing/portal', auth: 'Session', operation: openBillingPortal, statuses: [400, 401, 403, 404, 429, 502, 503],
    mapRequest: (req, services) => ({ return_origin: publicOriginOf(req, services.config) }),
    openapi: {
      operationId: 'open_billing_portal', tag: 'billing', success: 200, ok: { description: 'The portal link.', content: json(PortalResult) },
      description: `${openBillingPortal.description} Signed-in session only; the customer returns to the request's public origin. 404 before any purchase.`,
    },
  }),
  defineHandlerRoute({
    method: 'post', path: '/api/v2/billing/webhook', auth: 'none', operations: [], statuses: [400, 413, 503],
    handler: (rt) => async (req, res) => {
      const raw = await readRawBody(req, WEBHOOK_BODY_BYTES);
      res.json(await receiveBillingEvent(rt, raw, req.get('stripe-signature')));
    },
    openapi: {
      operationId: 'receive_billing_event', tag: 'billing',
      summary: 'Billing provider events (Stripe)',
      description:
        'For Stripe only: events signed with the endpoint\'s secret (`Stripe-Signature`, checked over the raw body; timestamps outside the replay window are refused). Idempotent by event id. customer.subscription.created/updated/deleted move the account between plans; invoice.payment_failed starts the grace period, invoice.paid ends it.',
      success: 200, ok: { description: 'Received (also for an event processed before).', content: json(WebhookReceipt) },
    },
  }),
];
