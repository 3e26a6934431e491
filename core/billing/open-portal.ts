/**
 * The customer portal (Stripe-hosted): where a signed-in customer changes
 * payment details, switches plan or cancels. Changes come back as provider
 * events (receive-event.ts).
 */
import { z } from 'zod';
import { DomainError } from '../errors.ts';
import { defineOperation } from '../operation.ts';
import { billingCustomerOf } from './billing-customer.ts';
import { callProvider, requireBilling } from './billing-service.ts';

export const PortalResult = z.object({ url: z.url().describe("Stripe's customer portal: send the customer there.") });

export const openBillingPortal = defineOperation({
  name: 'open_billing_portal',
  title: 'Open the billing portal',
  description: 'A link to the billing provider’s portal, where the signed-in customer manages or cancels the plan.',
  scope: null,
  errors: ['bad_input', 'not_found', 'billing_unavailable', 'billing_not_configured'],
  actors: ['session'],
  input: z.object({ return_origin: z.url() }),
  output: PortalResult,
  async handler(ctx, { return_origin }) {
    const billing = requireBilling(ctx);
    if (!ctx.config.publicOrigins.includes(return_origin)) throw new DomainError('bad_input', 'The return origin is not a public origin of this service.');
    const customer = await billingCustomerOf(ctx.db, ctx.principal.accountId!);
    if (!customer) throw new DomainError('not_found', 'This account has no billing record yet: buy a plan first.');
    const session = await callProvider('open the portal', () =>
      billing.stripe.billingPortal.sessions.create({ customer: customer.customerId, return_url: return_origin + billing.config.portalReturnPath }),
    );
    return { url: session.url };
  },
});
