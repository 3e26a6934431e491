/**
 * Billing configuration (Stripe), part of Config. Billing is off unless the
 * secret key, the webhook signing secret and at least one price are set;
 * then the billing endpoints answer 503 billing_not_configured and
 * everything else works. Half a configuration is refused at start, so a typo
 * cannot silently turn billing off.
 */
import { z } from 'zod';
import { TierName } from '../tiers.ts';

const int = (def: number, min: number) => z.coerce.number().int().min(min).default(def);

/** The environment variables of billing, merged into config.ts's Env. */
export const BILLING_ENV = {
  /** Stripe secret key (sk_live_… / sk_test_… or a restricted rk_… key). */
  P2M_STRIPE_SECRET_KEY: z.string().min(1).optional(),
  /** Signing secret of the Stripe webhook endpoint (whsec_…). */
  P2M_STRIPE_WEBHOOK_SECRET: z.string().min(1).optional(),
  /** Price per paid plan: `pro=price_123[,team=price_456]`. */
  P2M_STRIPE_PRICES: z.string().optional(),
  /** Where Checkout sends the buyer back, as paths under the request's public origin. */
  P2M_BILLING_SUCCESS_PATH: z.string().startsWith('/').default('/billing/success?session_id={CHECKOUT_SESSION_ID}'),
  P2M_BILLING_CANCEL_PATH: z.string().startsWith('/').default('/billing/canceled'),
  P2M_BILLING_PORTAL_RETURN_PATH: z.string().startsWith('/').default('/account'),
  /** How long prices read from Stripe are kept, seconds. */
  P2M_BILLING_PRICE_TTL_SECONDS: int(300, 1),
  /** Timeout of one call to Stripe, ms. */
  P2M_BILLING_TIMEOUT_MS: int(10_000, 100),
  /** Oldest accepted webhook signature timestamp, seconds (the replay window). */
  P2M_BILLING_WEBHOOK_TOLERANCE_SECONDS: int(300, 1),
  /** Days a paid plan is kept after a failed payment while Stripe retries. */
  P2M_BILLING_GRACE_DAYS: int(7, 0),
  /** Anonymous checkouts per minute from one address. */
  P2M_BILLING_CHECKOUT_PER_IP: int(10, 1),
  /** Where new purchases may start: `extension,website` (either, both or none). */
  P2M_BILLING_PURCHASE_CHANNELS: z.string().default('extension,website'),
};

export type PurchaseChannel = 'extension' | 'website';

export type BillingConfig = Readonly<{
  secretKey: string;
  webhookSecret: string;
  /** Stripe price id by paid tier. */
  prices: Readonly<Partial<Record<TierName, string>>>;
  successPath: string;
  cancelPath: string;
  portalReturnPath: string;
  priceTtlSeconds: number;
  timeoutMs: number;
  webhookToleranceSeconds: number;
  graceDays: number;
  checkoutPerIp: number;
  purchaseChannels: readonly PurchaseChannel[];
}>;

type BillingEnv = z.output<z.ZodObject<typeof BILLING_ENV>>;

/** The billing part of Config: null when billing is not configured at all. */
export function billingConfigOf(e: BillingEnv): BillingConfig | null {
  const { P2M_STRIPE_SECRET_KEY: key, P2M_STRIPE_WEBHOOK_SECRET: hook, P2M_STRIPE_PRICES: prices } = e;
  if (!key && !hook && !prices) return null;
  if (!key || !hook || !prices) {
    throw new Error('Billing needs P2M_STRIPE_SECRET_KEY, P2M_STRIPE_WEBHOOK_SECRET and P2M_STRIPE_PRICES together (or none of them).');
  }
  return Object.freeze({
    secretKey: key,
    webhookSecret: hook,
    prices: Object.freeze(parsePrices(prices)),
    successPath: e.P2M_BILLING_SUCCESS_PATH,
    cancelPath: e.P2M_BILLING_CANCEL_PATH,
    portalReturnPath: e.P2M_BILLING_PORTAL_RETURN_PATH,
    priceTtlSeconds: e.P2M_BILLING_PRICE_TTL_SECONDS,
    timeoutMs: e.P2M_BILLING_TIMEOUT_MS,
    webhookToleranceSeconds: e.P2M_BILLING_WEBHOOK_TOLERANCE_SECONDS,
    graceDays: e.P2M_BILLING_GRACE_DAYS,
    checkoutPerIp: e.P2M_BILLING_CHECKOUT_PER_IP,
    purchaseChannels: Object.freeze(
      e.P2M_BILLING_PURCHASE_CHANNELS.split(',')
        .map((c) => c.trim())
        .filter(Boolean)
        .map((c) => z.enum(['extension', 'website']).parse(c)),
    ),
  });
}

/** `pro=price_123,team=price_456` → {pro: 'price_123', …}; only tiers that can be sold. */
function parsePrices(spec: string): Partial<Record<TierName, string>> {
  const out: Partial<Record<TierName, string>> = {};
  for (const part of spec.split(',').map((p) => p.trim()).filter(Boolean)) {
    const [tier, price] = part.split('=').map((s) => s.trim());
    const name = TierName.parse(tier);
    if (name === 'anonymous' || name === 'free') throw new Error(`P2M_STRIPE_PRICES: ${name} is not a paid plan`);
    if (!price) throw new Error(`P2M_STRIPE_PRICES: no price id for ${name}`);
    out[name] = price;
  }
  if (Object.keys(out).length === 0) throw new Error('P2M_STRIPE_PRICES names no plan');
  return out;
}
