/**
 * Tier values in one place. Every limit is finite; each can be overridden with
 * P2M_TIERS (JSON, deep-partial by tier name), parsed once by config.ts.
 */
import { z } from 'zod';

export const TierName = z.enum(['anonymous', 'free', 'pro']);
export type TierName = z.infer<typeof TierName>;

export const TierLimits = z.object({
  /** Active (queued + processing) jobs at once. */
  slots: z.number().int().positive(),
  maxFileBytes: z.number().int().positive(),
  /** Wall-clock limit of one conversion. */
  timeBudgetMs: z.number().int().positive(),
  /** At the limit: fail the job (v1 lane) or return the pages done, truncated. */
  onBudget: z.enum(['fail', 'truncate']),
  retentionSeconds: z.number().int().positive(),
  /** Requests per minute per key or device. */
  ratePerMinute: z.number().int().positive(),
  apiKeysLimit: z.number().int().nonnegative(),
  webhooksLimit: z.number().int().nonnegative(),
  batchEnabled: z.boolean(),
  pool: z.enum(['free', 'paid']),
  /** Base queue priority; higher runs first. */
  priority: z.number().int(),
  uploadTicketBytes: z.number().int().positive(),
});
export type TierLimits = z.infer<typeof TierLimits>;
export type Tiers = Record<TierName, TierLimits>;

const MB = 1024 * 1024;
const MIN = 60_000;

export const DEFAULT_TIERS: Tiers = {
  anonymous: {
    slots: 3, maxFileBytes: 10 * MB, timeBudgetMs: 5 * MIN, onBudget: 'fail', retentionSeconds: 3600,
    ratePerMinute: 60, apiKeysLimit: 0, webhooksLimit: 0, batchEnabled: false, pool: 'free', priority: 0,
    uploadTicketBytes: 10 * MB,
  },
  free: {
    slots: 3, maxFileBytes: 10 * MB, timeBudgetMs: 15 * MIN, onBudget: 'truncate', retentionSeconds: 3600,
    ratePerMinute: 120, apiKeysLimit: 3, webhooksLimit: 0, batchEnabled: false, pool: 'free', priority: 0,
    uploadTicketBytes: 10 * MB,
  },
  pro: {
    slots: 20, maxFileBytes: 100 * MB, timeBudgetMs: 60 * MIN, onBudget: 'truncate', retentionSeconds: 24 * 3600,
    ratePerMinute: 600, apiKeysLimit: 20, webhooksLimit: 10, batchEnabled: true, pool: 'paid', priority: 100,
    uploadTicketBytes: 100 * MB,
  },
};

/** Merges a JSON override (deep-partial by tier) over the defaults and validates the result. */
export function resolveTiers(overrideJson: string | undefined): Tiers {
  if (!overrideJson) return DEFAULT_TIERS;
  const override = z.partialRecord(TierName, TierLimits.partial()).parse(JSON.parse(overrideJson));
  const merged = Object.fromEntries(
    TierName.options.map((name) => [name, TierLimits.parse({ ...DEFAULT_TIERS[name], ...override[name] })]),
  );
  return merged as Tiers;
}
