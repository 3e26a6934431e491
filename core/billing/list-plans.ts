/**
 * GET /api/v2/billing/plans: every plan a person can be on (free and the paid
 * ones), each with its entitlements from the tier table and, for paid plans,
 * the price as Stripe has it. Prices are best-effort (price-cache.ts): when
 * Stripe cannot be read and nothing is cached, plans come without prices and
 * purchase_availability is false on both channels.
 */
import { defineOperation } from '../operation.ts';
import { z } from 'zod';
import type { Services } from '../context.ts';
import type { Principal } from '../principal.ts';
import { TierName, type TierLimits } from '../tiers.ts';
import { requireBilling } from './billing-service.ts';
import type { PlanPrice } from './price-cache.ts';

export const Entitlements = z
  .object({
    slots: z.number().int().describe('Active (queued + processing) jobs at once.'),
    max_file_size: z.number().int().describe('Largest PDF, bytes.'),
    time_budget_seconds: z.number().int().describe('Longest conversion of one document; beyond it the pages done are returned, truncated.'),
    retention_seconds: z.number().int().describe('How long a ready result is kept.'),
    rate_limit_per_minute: z.number().int(),
    api_keys_limit: z.number().int(),
    webhooks_limit: z.number().int(),
    webhooks_enabled: z.boolean(),
    batch_enabled: z.boolean().describe('POST /api/v2/jobs/batch.'),
    upload_ticket_bytes: z.number().int().describe('Byte cap of a ticketed upload.'),
    queue: z.enum(['free', 'paid']).describe('Conversion pool: paid plans have dedicated workers.'),
    queue_priority: z.number().int().describe('Base queue priority; higher runs first.'),
  })
  .describe('What the plan allows: the tier table (core/tiers.ts), live.');

export const PlanPriceView = z.object({
  price_id: z.string(),
  amount: z.number().int().nullable().describe("In the currency's minor unit (cents)."),
  currency: z.string(),
  interval: z.string().nullable().describe('month, year, …'),
  interval_count: z.number().int().nullable(),
});

export const Plan = z.object({
  id: TierName.describe('The plan (tier) name; pass it to checkout.'),
  paid: z.boolean(),
  current: z.boolean().describe("True for the signed-in caller's plan."),
  price: PlanPriceView.nullable().describe('Paid plans: the price from the billing provider; null when it cannot be read.'),
  entitlements: Entitlements,
});

export const Plans = z.object({
  plans: z.array(Plan),
  purchase_availability: z
    .object({ extension: z.boolean(), website: z.boolean() })
    .describe('Whether a purchase can be started from the extension and from the website; both false when prices cannot be read.'),
});
export type Plans = z.infer<typeof Plans>;

/** The entitlements of one tier, as the plans and limits views show them. */
export function entitlementsOf(t: TierLimits): z.infer<typeof Entitlements> {
  return {
    slots: t.slots,
    max_file_size: t.maxFileBytes,
    time_budget_seconds: Math.round(t.timeBudgetMs / 1000),
    retention_seconds: t.retentionSeconds,
    rate_limit_per_minute: t.ratePerMinute,
    api_keys_limit: t.apiKeysLimit,
    webhooks_limit: t.webhooksLimit,
    webhooks_enabled: t.webhooksEnabled,
    batch_enabled: t.batchEnabled,
    upload_ticket_bytes: t.uploadTicketBytes,
    queue: t.pool,
    queue_priority: t.priority,
  };
}

const priceView = (p: PlanPrice | undefined) =>
  p ? { price_id: p.priceId, amount: p.amount, currency: p.currency, interval: p.interval, interval_count: p.intervalCount } : null;

/** The plans, with the caller's flagged when there is one (any credential; anonymous otherwise). */
export async function listPlans(s: Pick<Services, 'config' | 'billing'>, caller: Principal | null): Promise<Plans> {
  const billing = requireBilling(s);
  const { prices } = await billing.prices.get();
  const paidTiers = Object.keys(billing.config.prices) as TierName[];
  const shown: TierName[] = ['free', ...paidTiers];
  const plans = shown.map((id) => ({
    id,
    paid: id !== 'free',
    current: caller?.tier === id,
    price: id === 'free' ? null : priceView(prices?.[id]),
    entitlements: entitlementsOf(s.config.tiers[id]),
  }));
  // A purchase can start when every paid plan has a known, active price.
  const sellable = prices !== null && paidTiers.every((t) => prices[t]?.active === true);
  const channels = billing.config.purchaseChannels;
  return {
    plans,
    purchase_availability: { extension: sellable && channels.includes('extension'), website: sellable && channels.includes('website') },
  };
}

/** list_plans: open to anyone; a caller with a credential sees its plan flagged. Costs an anonymous caller nothing. */
export const listPlansOp = defineOperation({
  name: 'list_plans',
  title: 'Plans and prices',
  description: 'Every plan with its entitlements and, for paid plans, the price from the billing provider.',
  scope: null,
  errors: ['billing_not_configured'],
  actors: ['anonymous', 'api_key', 'session', 'device'],
  input: z.object({}),
  output: Plans,
  handler: (ctx) => listPlans(ctx, ctx.principal.kind === 'anonymous' ? null : ctx.principal),
});
