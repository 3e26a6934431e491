/**
 * Checkout: the server creates a Stripe Checkout Session (hosted payment
 * page) for a paid plan and answers with its address, where the buyer goes
 * next. The buyer is the signed-in account (operation start_checkout, session
 * only), or an anonymous buyer with an e-mail, for whom a claimable account
 * is created: the first sign-in with that verified e-mail claims it, plan
 * included. Return addresses are built on the request's own public origin.
 */
import { z } from 'zod';
import type { Services } from '../context.ts';
import type { AddressBudgets } from '../ratelimit/address-budgets.ts';
import { DomainError } from '../errors.ts';
import { defineOperation } from '../operation.ts';
import { TierName } from '../tiers.ts';
import type { AccountRow } from '../../db/schema.ts';
import { PAYING_STATUSES, accountById, billingCustomerOf, claimableAccountFor, dropUnusedClaimable, ensureCustomer } from './billing-customer.ts';
import { callProvider, requireBilling } from './billing-service.ts';

const ReturnOrigin = z.url().describe('The public origin the buyer returns to (set by the transport from the request).');

export const CheckoutRequest = z.object({
  plan: TierName.describe('A paid plan from GET /api/v2/billing/plans.'),
  email: z.email().max(254).optional().describe('Anonymous purchases only: the buyer, who signs in with it later.'),
});

export const CheckoutResult = z.object({
  checkout_url: z.url().describe("Stripe's hosted checkout page: send the buyer there."),
  checkout_session_id: z.string(),
  expires_at: z.string().nullable().describe('When the checkout page stops accepting payment.'),
  claimable: z.boolean().describe('True when the purchase went to a claimable account (anonymous buyer).'),
});
export type CheckoutResult = z.infer<typeof CheckoutResult>;

type CheckoutServices = Pick<Services, 'db' | 'config' | 'billing'>;
type Buyer = { accountId: string } | { email: string };

/** Creates the checkout session for a buyer. */
export async function startCheckout(s: CheckoutServices, buyer: Buyer, req: { plan: TierName; returnOrigin: string }): Promise<CheckoutResult> {
  const billing = requireBilling(s);
  const priceId = billing.config.prices[req.plan];
  if (!priceId) throw new DomainError('bad_input', `${req.plan} is not a plan that can be bought.`);
  if (!s.config.publicOrigins.includes(req.returnOrigin)) throw new DomainError('bad_input', 'The return origin is not a public origin of this service.');
  if (!('email' in buyer)) return checkoutFor(s, await accountById(s.db, buyer.accountId), req.plan, req.returnOrigin);
  const { account, created } = await claimableAccountFor(s.db, buyer.email);
  try {
    return await checkoutFor(s, account, req.plan, req.returnOrigin);
  } catch (err) {
    // No checkout session, no claimable account: a failure leaves nothing for anyone to claim.
    if (created) await dropUnusedClaimable(s.db, account.id);
    throw err;
  }
}

/** The checkout session of one account (after the buyer's account is known). */
async function checkoutFor(s: CheckoutServices, account: AccountRow, plan: TierName, returnOrigin: string): Promise<CheckoutResult> {
  const billing = requireBilling(s);
  const priceId = billing.config.prices[plan]!;
  const req = { plan, returnOrigin };
  const current = await billingCustomerOf(s.db, account.id);
  if (current?.subscriptionId && PAYING_STATUSES.includes(current.subscriptionStatus ?? '')) {
    throw new DomainError('already_subscribed', 'This account already has a subscription; change or cancel it in the billing portal.');
  }
  const customer = await ensureCustomer(s.db, billing, account);
  const metadata = { p2m_account_id: account.id, p2m_plan: req.plan };
  const session = await callProvider('start the checkout', () =>
    billing.stripe.checkout.sessions.create({
      mode: 'subscription',
      customer,
      client_reference_id: account.id,
      line_items: [{ price: priceId, quantity: 1 }],
      success_url: req.returnOrigin + billing.config.successPath,
      cancel_url: req.returnOrigin + billing.config.cancelPath,
      metadata,
      subscription_data: { metadata },
    }),
  );
  if (!session.url) throw new DomainError('billing_unavailable', 'The billing provider returned no checkout page.');
  return {
    checkout_url: session.url,
    checkout_session_id: session.id,
    expires_at: session.expires_at ? new Date(session.expires_at * 1000).toISOString() : null,
    claimable: account.claimable,
  };
}

/** Anonymous checkouts a minute per client address (P2M_BILLING_CHECKOUT_PER_IP), since each creates an account. */
const checkoutBudgets: AddressBudgets = (config) =>
  config.billing
    ? [{ policy: 'checkout-address', key: 'checkout:ip', per: 'address', perMinute: config.billing.checkoutPerIp, message: 'Too many checkouts from this address; try again later.' }]
    : [];

/**
 * start_checkout: for the signed-in account (no e-mail), or for an anonymous
 * buyer with an e-mail, whose purchase goes to a claimable account.
 */
export const startCheckoutOp = defineOperation({
  name: 'start_checkout',
  title: 'Start a checkout for a paid plan',
  description:
    'Creates a hosted checkout page for the signed-in account, or for an anonymous buyer with an e-mail (a claimable account); the answer says where to send the buyer.',
  scope: null,
  errors: ['bad_input', 'not_found', 'forbidden', 'already_subscribed', 'billing_unavailable', 'billing_not_configured'],
  actors: ['session', 'anonymous'],
  addressBudgets: checkoutBudgets,
  input: CheckoutRequest.extend({ return_origin: ReturnOrigin }),
  output: CheckoutResult,
  handler: (ctx, i) => {
    requireBilling(ctx);
    const order = { plan: i.plan, returnOrigin: i.return_origin };
    const p = ctx.principal;
    if (p.kind !== 'anonymous') {
      if (i.email !== undefined) throw new DomainError('bad_input', 'Signed in: the plan is for this account; send no e-mail.');
      return startCheckout(ctx, { accountId: p.accountId! }, order);
    }
    if (!i.email) throw new DomainError('bad_input', 'Sign in, or give the e-mail the plan is for.');
    return startCheckout(ctx, { email: i.email }, order);
  },
});
