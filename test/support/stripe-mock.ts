/**
 * Stripe at its HTTP edge, for tests: an msw server answering the few Stripe
 * API calls p2m makes (prices, customers, Checkout Sessions, Billing Portal
 * Sessions) with bodies shaped like Stripe's documented objects, keeping
 * what it was sent. Nothing of p2m is replaced: the official SDK makes its
 * real requests, which msw answers before any socket opens. Requests to
 * loopback (the test's own servers) pass through; any other request fails the
 * test (onUnhandledFrame: 'error'), so nothing can leave the machine.
 *
 * Also builds provider events (Event, Subscription, Invoice) and signs them as
 * Stripe does, with the SDK's generateTestHeaderString.
 */
import { randomBytes } from 'node:crypto';
import { http, HttpResponse, passthrough } from 'msw';
import { setupServer } from 'msw/node';
import Stripe from 'stripe';

export const STRIPE_ENV = {
  P2M_STRIPE_SECRET_KEY: 'sk_test_p2m',
  P2M_STRIPE_WEBHOOK_SECRET: 'whsec_test_p2m',
  P2M_STRIPE_PRICES: 'pro=price_pro_monthly',
};
export const PRO_PRICE = 'price_pro_monthly';

const API = 'https://api.stripe.com/v1';
const rid = (prefix: string) => `${prefix}_test_${randomBytes(8).toString('hex')}`;
const now = () => Math.floor(Date.now() / 1000);

/** A Stripe Price (recurring, 9.00 EUR a month). */
export function priceObject(id: string, over: Record<string, unknown> = {}) {
  return {
    id, object: 'price', active: true, billing_scheme: 'per_unit', created: 1_700_000_000, currency: 'eur', custom_unit_amount: null,
    livemode: false, lookup_key: null, metadata: {}, nickname: 'Pro monthly', product: 'prod_test_pro',
    recurring: { interval: 'month', interval_count: 1, meter: null, usage_type: 'licensed' },
    tax_behavior: 'unspecified', tiers_mode: null, transform_quantity: null, type: 'recurring', unit_amount: 900, unit_amount_decimal: '900',
    ...over,
  };
}

type Sent = { path: string; form: Record<string, string>; idempotencyKey: string | null };

/** The fake provider's state: what exists, what it was sent, whether it is reachable. */
export type StripeMock = {
  sent: Sent[];
  customers: Map<string, { id: string; email: string | null; metadata: Record<string, string> }>;
  /** Answer every call with a network error (the provider is down). */
  down: boolean;
  prices: Map<string, ReturnType<typeof priceObject>>;
  close(): void;
};

const metadataOf = (form: Record<string, string>, prefix = 'metadata') =>
  Object.fromEntries(Object.entries(form).flatMap(([k, v]) => (k.startsWith(`${prefix}[`) ? [[k.slice(prefix.length + 1, -1), v]] : [])));

/** Starts the fake Stripe for one test file (call close() in afterAll). */
export function startStripeMock(): StripeMock {
  const state: StripeMock = { sent: [], customers: new Map(), down: false, prices: new Map([[PRO_PRICE, priceObject(PRO_PRICE)]]), close: () => server.close() };
  const received = async (request: Request, path: string) => {
    const form = Object.fromEntries(new URLSearchParams(await request.text()));
    state.sent.push({ path, form, idempotencyKey: request.headers.get('idempotency-key') });
    return form;
  };
  const gate = () => (state.down ? HttpResponse.error() : null);
  const server = setupServer(
    http.all(/^http:\/\/(127\.0\.0\.1|localhost|\[::1\])(:\d+)?\//, () => passthrough()),
    http.get(`${API}/prices/:id`, ({ params }) => {
      state.sent.push({ path: `/v1/prices/${String(params.id)}`, form: {}, idempotencyKey: null });
      const price = state.prices.get(String(params.id));
      if (!price) return HttpResponse.json({ error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such price: '${String(params.id)}'` } }, { status: 404 });
      return gate() ?? HttpResponse.json(price);
    }),
    http.post(`${API}/customers`, async ({ request }) => {
      if (state.down) return HttpResponse.error();
      const form = await received(request, '/v1/customers');
      const customer = { id: rid('cus'), email: form.email ?? null, metadata: metadataOf(form) };
      state.customers.set(customer.id, customer);
      return HttpResponse.json({ object: 'customer', created: now(), livemode: false, balance: 0, currency: null, delinquent: false, description: null, invoice_prefix: 'P2M', name: null, phone: null, preferred_locales: [], ...customer });
    }),
    http.post(`${API}/checkout/sessions`, async ({ request }) => {
      if (state.down) return HttpResponse.error();
      const form = await received(request, '/v1/checkout/sessions');
      const id = rid('cs');
      return HttpResponse.json({
        id, object: 'checkout.session', mode: form.mode, status: 'open', payment_status: 'unpaid', customer: form.customer ?? null,
        client_reference_id: form.client_reference_id ?? null, success_url: form.success_url, cancel_url: form.cancel_url,
        metadata: metadataOf(form), created: now(), expires_at: now() + 24 * 3600, livemode: false, currency: 'eur',
        url: `https://checkout.stripe.com/c/pay/${id}`,
      });
    }),
    http.post(`${API}/billing_portal/sessions`, async ({ request }) => {
      if (state.down) return HttpResponse.error();
      const form = await received(request, '/v1/billing_portal/sessions');
      const id = rid('bps');
      return HttpResponse.json({
        id, object: 'billing_portal.session', configuration: 'bpc_test_default', created: now(), customer: form.customer,
        flow: null, livemode: false, locale: null, on_behalf_of: null, return_url: form.return_url,
        url: `https://billing.stripe.com/p/session/${id}`,
      });
    }),
  );
  server.listen({ onUnhandledFrame: 'error' });
  return state;
}

/** A Stripe Subscription of one item at `price`. */
export function subscriptionObject(o: { id?: string; customer: string; status: string; price?: string; metadata?: Record<string, string> }) {
  const id = o.id ?? rid('sub');
  const start = now();
  return {
    id, object: 'subscription', customer: o.customer, status: o.status, metadata: o.metadata ?? {}, cancel_at_period_end: false,
    canceled_at: o.status === 'canceled' ? start : null, collection_method: 'charge_automatically', created: start, currency: 'eur',
    livemode: false, start_date: start,
    items: {
      object: 'list', has_more: false, url: `/v1/subscription_items?subscription=${id}`,
      data: [{ id: rid('si'), object: 'subscription_item', quantity: 1, subscription: id, current_period_start: start, current_period_end: start + 30 * 86400, price: priceObject(o.price ?? PRO_PRICE) }],
    },
  };
}

/** A Stripe Invoice of a customer. */
export function invoiceObject(o: { customer: string; status?: string }) {
  return { id: rid('in'), object: 'invoice', customer: o.customer, status: o.status ?? 'open', amount_due: 900, amount_paid: 0, currency: 'eur', livemode: false, created: now(), attempt_count: 1 };
}

/** A Stripe Event wrapping an object, as the webhook endpoint receives it. */
export function eventOf(type: string, object: unknown, o: { id?: string; created?: number } = {}) {
  return {
    id: o.id ?? rid('evt'), object: 'event', api_version: Stripe.API_VERSION, created: o.created ?? now(),
    data: { object }, livemode: false, pending_webhooks: 1, request: { id: null, idempotency_key: null }, type,
  };
}

/** The event's body and its Stripe-Signature header, signed with the test webhook secret (or another one). */
export function signed(event: unknown, o: { secret?: string; timestamp?: number } = {}): { body: string; signature: string } {
  const body = JSON.stringify(event);
  const signature = Stripe.webhooks.generateTestHeaderString({
    payload: body,
    secret: o.secret ?? STRIPE_ENV.P2M_STRIPE_WEBHOOK_SECRET,
    ...(o.timestamp !== undefined ? { timestamp: o.timestamp } : {}),
  });
  return { body, signature };
}
