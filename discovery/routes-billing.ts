/**
 * The billing rows of the route table (rest/v2/billing.ts) and the batch
 * creation row. Request and response schemas are core's own.
 */
import { z } from 'zod';
import { CheckoutRequest, CheckoutResult } from '../core/billing/start-checkout.ts';
import { Plans } from '../core/billing/list-plans.ts';
import { PortalResult } from '../core/billing/open-portal.ts';
import { WebhookReceipt } from '../core/billing/receive-event.ts';
import { BatchItem, MAX_BATCH_ITEMS } from '../core/jobs/create-job-batch.ts';
import { SlotUsage } from '../core/jobs/job-schema.ts';
import { createJobBatch, openBillingPortal, startCheckoutOp } from '../core/operations.ts';
import { IdempotencyKeyHeader, NAMED_SCHEMAS } from './openapi-components.ts';
import type { RouteSpec } from './route-spec.ts';

const json = (schema: z.ZodType) => ({ 'application/json': { schema } });
const Batch = z.object({ items: z.array(NAMED_SCHEMAS.Job), slot_usage: SlotUsage, tier: z.string() });

const batch: RouteSpec = {
  method: 'post',
  path: '/api/v2/jobs/batch',
  operations: [createJobBatch],
  operationId: 'create_job_batch',
  tag: 'jobs',
  auth: 'ApiKey',
  success: 201,
  ok: { description: 'Every item created, in item order.', content: json(Batch) },
  alsoOk: { 200: { description: 'The batch created earlier with the same Idempotency-Key (same jobs).', content: json(Batch) } },
  errors: [400, 401, 403, 409, 413, 422, 429],
  description: `${createJobBatch.description}\n\nRequires an API key with the scope \`jobs:create\` on a plan with \`batch_enabled\` (else 403 \`plan_required\`). Body: \`{"items": [{"url", "file_name"?, "external_id"?, "tags"?, "callback_url"?, "callback_secret"?}, ...]}\`, 1 to ${MAX_BATCH_ITEMS} items. An invalid item answers 400 naming it (\`items[2].url\`); more items than free slots answers 409 \`slots_full\`; a link that cannot be fetched answers 400 naming its item. In every such case no job is created.`,
  request: {
    requestParams: { header: z.object({ 'Idempotency-Key': IdempotencyKeyHeader }) },
    requestBody: { required: true, content: json(z.object({ items: z.array(BatchItem).min(1).max(MAX_BATCH_ITEMS) })) },
  },
};

/** The billing routes. */
export const BILLING_ROUTES: readonly RouteSpec[] = [
  batch,
  {
    method: 'get', path: '/api/v2/billing/plans', operations: [], operationId: 'list_plans', tag: 'billing', auth: 'none',
    summary: 'Plans and prices',
    description:
      'Every plan with its entitlements (the live tier table) and, for paid plans, the price from the billing provider (best effort: cached; when the provider cannot be read and nothing is cached, `price` is null and `purchase_availability` is false on both channels). With a session cookie or an API key, the caller\'s plan has `current: true`.',
    success: 200, ok: { description: 'The plans.', content: json(Plans) }, errors: [503],
  },
  {
    method: 'post', path: '/api/v2/billing/checkout', operations: [startCheckoutOp], operationId: 'start_checkout', tag: 'billing', auth: 'none',
    summary: 'Start a checkout',
    description:
      'Creates a hosted checkout page (Stripe Checkout, subscription) on the server and answers with its address; send the buyer there. Signed in (session cookie; a state change needs an allowed Origin): `{"plan": "pro"}` buys for the signed-in account. Anonymous: `{"plan": "pro", "email": "buyer@example.org"}` creates a claimable account for the e-mail (claimed, plan included, by the first sign-in with that verified e-mail); an e-mail of an existing account is refused (403: sign in instead); limited per client address. The buyer returns to the request\'s own public origin (success and cancel paths from configuration). 409 `already_subscribed` when the account already pays: use the portal.',
    success: 200, ok: { description: 'The checkout page.', content: json(CheckoutResult) },
    errors: [400, 401, 403, 409, 413, 429, 502, 503],
    request: { requestBody: { required: true, content: json(CheckoutRequest) } },
  },
  {
    method: 'post', path: '/api/v2/billing/portal', operations: [openBillingPortal], operationId: 'open_billing_portal', tag: 'billing',
    auth: 'Session', success: 200, ok: { description: 'The portal link.', content: json(PortalResult) },
    description: `${openBillingPortal.description} Signed-in session only; the customer returns to the request's public origin. 404 before any purchase.`,
    errors: [401, 403, 404, 429, 502, 503],
  },
  {
    method: 'post', path: '/api/v2/billing/webhook', operations: [], operationId: 'receive_billing_event', tag: 'billing', auth: 'none',
    summary: 'Billing provider events (Stripe)',
    description:
      'For Stripe only: events signed with the endpoint\'s secret (`Stripe-Signature`, checked over the raw body; timestamps outside the replay window are refused). Idempotent by event id. customer.subscription.created/updated/deleted move the account between plans; invoice.payment_failed starts the grace period, invoice.paid ends it.',
    success: 200, ok: { description: 'Received (also for an event processed before).', content: json(WebhookReceipt) },
    errors: [400, 413, 503],
  },
];
