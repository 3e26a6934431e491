/**
 * Plan prices, read from Stripe best-effort and kept for a TTL. The plans
 * endpoint must answer even when Stripe does not: a failed read falls back to
 * the last good one (however old), or to no prices at all; and after a
 * failure the provider is not asked again for a short while, so a Stripe
 * outage does not make every plans request wait for a timeout.
 */
import type Stripe from 'stripe';
import type { TierName } from '../tiers.ts';

export type PlanPrice = {
  priceId: string;
  /** In the currency's minor unit (cents); null for prices that are not a fixed amount. */
  amount: number | null;
  currency: string;
  interval: string | null;
  intervalCount: number | null;
  active: boolean;
};

export type PlanPrices = Partial<Record<TierName, PlanPrice>>;

/** What a plans request gets: prices and where they came from. */
export type PriceLookup = { prices: PlanPrices | null; source: 'provider' | 'cache' | 'none' };

/** Longest pause after a failed read before the provider is asked again. */
const MAX_RETRY_PAUSE_MS = 30_000;

export class PriceCache {
  #read: () => Promise<PlanPrices>;
  #ttlMs: number;
  #last: { prices: PlanPrices; atMs: number } | null = null;
  #failedAtMs = -Infinity;
  #inFlight: Promise<PlanPrices | null> | null = null;

  constructor(read: () => Promise<PlanPrices>, ttlMs: number) {
    this.#read = read;
    this.#ttlMs = ttlMs;
  }

  async get(now = Date.now()): Promise<PriceLookup> {
    const last = this.#last;
    if (last && now - last.atMs < this.#ttlMs) return { prices: last.prices, source: 'cache' };
    const paused = now - this.#failedAtMs < Math.min(this.#ttlMs, MAX_RETRY_PAUSE_MS);
    const fresh = paused ? null : await this.#refresh(now);
    if (fresh) return { prices: fresh, source: 'provider' };
    return this.#last ? { prices: this.#last.prices, source: 'cache' } : { prices: null, source: 'none' };
  }

  /** One read at a time; concurrent requests share it. */
  #refresh(now: number): Promise<PlanPrices | null> {
    this.#inFlight ??= this.#read()
      .then((prices) => {
        this.#last = { prices, atMs: now };
        return prices;
      })
      .catch(() => {
        this.#failedAtMs = now;
        return null;
      })
      .finally(() => (this.#inFlight = null));
    return this.#inFlight;
  }
}

/** Reads every configured price from Stripe; fails as a whole if any read fails. */
export async function readPlanPrices(stripe: Stripe, ids: Partial<Record<TierName, string>>): Promise<PlanPrices> {
  const entries = await Promise.all(
    Object.entries(ids).map(async ([tier, id]) => {
      const p = await stripe.prices.retrieve(id!);
      const price: PlanPrice = {
        priceId: p.id,
        amount: p.unit_amount ?? null,
        currency: p.currency,
        interval: p.recurring?.interval ?? null,
        intervalCount: p.recurring?.interval_count ?? null,
        active: p.active,
      };
      return [tier, price] as const;
    }),
  );
  return Object.fromEntries(entries) as PlanPrices;
}
