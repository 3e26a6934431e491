/**
 * The billing routes (core/billing/): plans (open; the caller's plan is
 * flagged), checkout (a session, or anonymous with an e-mail), the customer
 * portal (session) and Stripe's webhook (signed by Stripe, raw body).
 * Return addresses are built on the request's own public origin. A session
 * cookie's CSRF rule is the gateway's (http/credentials/session-cookie.ts).
 */
import { Router, type Request } from 'express';
import type { Services } from '../../core/context.ts';
import { DomainError } from '../../core/errors.ts';
import { listPlans } from '../../core/billing/list-plans.ts';
import { receiveBillingEvent } from '../../core/billing/receive-event.ts';
import { startAnonymousCheckout } from '../../core/billing/start-checkout.ts';
import { openBillingPortal, startCheckoutOp } from '../../core/operations.ts';
import { invoke } from '../../core/operation.ts';
import { authenticate } from '../../http/credentials/authenticate.ts';
import { optionalPrincipal } from '../../http/credentials/optional-principal.ts';
import { publicOriginOf } from '../../http/public-origin.ts';
import { parseJsonBody, readRawBody } from '../../http/read-raw-body.ts';
import { ctxOf } from '../rest-handler.ts';

/** A checkout request is a plan and maybe an e-mail. */
const CHECKOUT_BODY_BYTES = 16 * 1024;
/** Stripe events carry whole objects (a subscription with its items); 1 MiB is far above any. */
const WEBHOOK_BODY_BYTES = 1024 * 1024;

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

export function createBillingRouter(services: Services): Router {
  const r = Router();
  const origin = (req: Request) => publicOriginOf(req, services.config);

  r.get('/api/v2/billing/plans', async (req, res) => {
    res.set('Cache-Control', 'private, no-store').json(await listPlans(services, await optionalPrincipal(req, services, 'anonymous')));
  });

  r.post('/api/v2/billing/checkout', async (req, res) => {
    const principal = await optionalPrincipal(req, services, 'refuse');
    const body = parseJsonBody(await readRawBody(req, CHECKOUT_BODY_BYTES));
    const input = isRecord(body) ? body : {};
    if (principal) {
      req.principal = principal;
      if ('email' in input) throw new DomainError('bad_input', 'Signed in: the plan is for this account; send no e-mail.');
      res.json(await invoke(startCheckoutOp, ctxOf(services, req), { ...input, return_origin: origin(req) }));
      return;
    }
    const ip = req.ip ?? req.socket.remoteAddress ?? 'unknown';
    res.json(await startAnonymousCheckout(services, input, { returnOrigin: origin(req), ip }));
  });

  r.post('/api/v2/billing/portal', authenticate(services), async (req, res) => {
    res.json(await invoke(openBillingPortal, ctxOf(services, req), { return_origin: origin(req) }));
  });

  r.post('/api/v2/billing/webhook', async (req, res) => {
    const raw = await readRawBody(req, WEBHOOK_BODY_BYTES);
    res.json(await receiveBillingEvent(services, raw, req.get('stripe-signature')));
  });
  return r;
}
