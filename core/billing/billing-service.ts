/**
 * The billing provider as a service: a Stripe client (official SDK) plus the
 * cached price list, built once per process when billing is configured.
 *
 * The SDK talks to Stripe through the global fetch (its fetch HTTP client),
 * which is also what lets tests stand in for Stripe at the HTTP edge alone
 * (msw), with nothing inside p2m replaced.
 */
import type Stripe from 'stripe';
import type { Config } from '../config.ts';
import { DomainError } from '../errors.ts';
import type { BillingConfig } from './billing-config.ts';
import { PriceCache, readPlanPrices } from './price-cache.ts';

export type Billing = {
  config: BillingConfig;
  stripe: Stripe;
  prices: PriceCache;
};

/**
 * Null when billing is not configured. The SDK (about 200 modules) is loaded
 * only then: a worker or an API process without billing never reads it.
 */
export async function createBilling(config: Pick<Config, 'billing'>): Promise<Billing | null> {
  const cfg = config.billing;
  if (!cfg) return null;
  const { default: Stripe } = await import('stripe');
  const stripe = new Stripe(cfg.secretKey, {
    httpClient: Stripe.createFetchHttpClient(),
    timeout: cfg.timeoutMs,
    // One retry (the SDK's default), with Stripe idempotency keys on writes.
    maxNetworkRetries: 1,
    telemetry: false,
    appInfo: { name: 'p2m' },
  });
  const ttlMs = cfg.priceTtlSeconds * 1000;
  return { config: cfg, stripe, prices: new PriceCache(() => readPlanPrices(stripe, cfg.prices), ttlMs) };
}

/** The billing service, or 503 billing_not_configured. */
export function requireBilling(s: { billing: Billing | null }): Billing {
  if (!s.billing) throw new DomainError('billing_not_configured', 'Billing is not configured on this service.');
  return s.billing;
}

/**
 * Runs a call to the provider; its failures (network, Stripe errors) become
 * 502 billing_unavailable. Stripe's message is not passed on: it may name
 * our configuration (price or customer ids).
 */
export async function callProvider<T>(what: string, fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    if (err instanceof DomainError) throw err;
    throw new DomainError('billing_unavailable', `The billing provider failed to ${what}; try again later.`, { cause: err });
  }
}
