/**
 * Tier values in one place: every limit core enforces and every number a
 * transport applies (body caps, inline caps, list lengths) comes from this
 * table, so no transport has a limit of its own to get around. Every limit is
 * finite; each can be overridden with P2M_TIERS (JSON, deep-partial by tier
 * name), and the two body/inline caps for all tiers at once with
 * P2M_JSON_BODY_BYTES / P2M_INLINE_MARKDOWN_BYTES; parsed once by config.ts.
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
  /** Webhooks exist on this tier: registered endpoints and per-job callback_url (the spec's webhooks_enabled). */
  webhooksEnabled: z.boolean(),
  batchEnabled: z.boolean(),
  pool: z.enum(['free', 'paid']),
  /** Base queue priority; higher runs first. */
  priority: z.number().int(),
  uploadTicketBytes: z.number().int().positive(),
  /**
   * Largest JSON request body: REST JSON creations, an MCP request, a tRPC
   * request. Large enough for a base64 upload of maxFileBytes (4/3 of it);
   * bigger files go multipart.
   */
  jsonBodyBytes: z.number().int().positive(),
  /** Largest Markdown returned inline (MCP get_markdown, tRPC); bigger results are for the REST download. */
  inlineMarkdownBytes: z.number().int().positive(),
  /** Images returned inline by MCP get_markdown (image content blocks), bytes of PNG together; the rest are listed, not sent. */
  inlineImageBytes: z.number().int().positive(),
  /** Largest result of one job: its Markdown plus its images (images: files). Images past it are left out, said so in the Markdown. */
  resultBytes: z.number().int().positive(),
  /** How many recent jobs the v1 GET /jobs lists. */
  recentJobsListed: z.number().int().positive().max(100),
  /** Fair-use allowance of one calendar month (UTC), shown by GET /api/v2/usage: jobs created. */
  fairUseJobsPerMonth: z.number().int().positive(),
  /** Fair-use allowance of one calendar month (UTC): pages converted. */
  fairUsePagesPerMonth: z.number().int().positive(),
});
export type TierLimits = z.infer<typeof TierLimits>;
export type Tiers = Record<TierName, TierLimits>;

const MB = 1024 * 1024;
const MIN = 60_000;
/** Room for the JSON around a base64 upload. */
const JSON_ENVELOPE_BYTES = 64 * 1024;
/** The JSON body that carries a base64 upload of maxFileBytes. */
export const base64BodyLimit = (maxFileBytes: number): number => Math.ceil(maxFileBytes / 3) * 4 + JSON_ENVELOPE_BYTES;
/**
 * Largest PDF a JSON body (REST JSON, MCP, tRPC) carries by default. A JSON
 * body is decoded whole in memory, base64 and bytes together, so it stays
 * well below the multipart cap (streamed to storage): larger files go
 * multipart, or through an upload ticket.
 */
export const JSON_UPLOAD_FILE_BYTES = 4 * MB;
/** What jsonBodyBytes defaults to: a base64 upload of the tier's largest PDF, at most JSON_UPLOAD_FILE_BYTES. */
export const jsonBodyDefault = (maxFileBytes: number): number => base64BodyLimit(Math.min(maxFileBytes, JSON_UPLOAD_FILE_BYTES));
const base64Of = jsonBodyDefault;
const TRANSPORT = { inlineMarkdownBytes: 8 * MB, inlineImageBytes: 4 * MB, recentJobsListed: 3 };

export const DEFAULT_TIERS: Tiers = {
  anonymous: {
    slots: 3, maxFileBytes: 10 * MB, timeBudgetMs: 5 * MIN, onBudget: 'fail', retentionSeconds: 3600,
    ratePerMinute: 60, apiKeysLimit: 0, webhooksLimit: 0, webhooksEnabled: false, batchEnabled: false, pool: 'free', priority: 0,
    uploadTicketBytes: 10 * MB, jsonBodyBytes: base64Of(10 * MB), ...TRANSPORT,
    fairUseJobsPerMonth: 300, fairUsePagesPerMonth: 3_000, resultBytes: 50 * MB,
  },
  free: {
    slots: 3, maxFileBytes: 10 * MB, timeBudgetMs: 15 * MIN, onBudget: 'truncate', retentionSeconds: 3600,
    ratePerMinute: 120, apiKeysLimit: 3, webhooksLimit: 0, webhooksEnabled: false, batchEnabled: false, pool: 'free', priority: 0,
    uploadTicketBytes: 10 * MB, jsonBodyBytes: base64Of(10 * MB), ...TRANSPORT,
    fairUseJobsPerMonth: 500, fairUsePagesPerMonth: 10_000, resultBytes: 50 * MB,
  },
  pro: {
    slots: 20, maxFileBytes: 100 * MB, timeBudgetMs: 60 * MIN, onBudget: 'truncate', retentionSeconds: 24 * 3600,
    ratePerMinute: 600, apiKeysLimit: 20, webhooksLimit: 10, webhooksEnabled: true, batchEnabled: true, pool: 'paid', priority: 100,
    uploadTicketBytes: 100 * MB, jsonBodyBytes: base64Of(100 * MB), ...TRANSPORT,
    fairUseJobsPerMonth: 10_000, fairUsePagesPerMonth: 500_000, resultBytes: 500 * MB,
  },
};

/** Limits set for every tier at once (P2M_JSON_BODY_BYTES, P2M_INLINE_MARKDOWN_BYTES). */
export type AllTiersOverride = Partial<Pick<TierLimits, 'jsonBodyBytes' | 'inlineMarkdownBytes'>>;

/**
 * Merges the all-tiers values, then a JSON override (deep-partial by tier),
 * over the defaults and validates the result; the per-tier JSON wins.
 */
export function resolveTiers(overrideJson: string | undefined, allTiers: AllTiersOverride = {}): Tiers {
  const override = overrideJson ? z.partialRecord(TierName, TierLimits.partial()).parse(JSON.parse(overrideJson)) : {};
  const defined = Object.fromEntries(Object.entries(allTiers).filter(([, v]) => v !== undefined));
  const merged = Object.fromEntries(
    TierName.options.map((name) => {
      const tier = { ...DEFAULT_TIERS[name], ...defined, ...override[name] };
      // A file cap raised or lowered without a JSON cap of its own: the JSON cap follows it.
      const followsFile = override[name]?.maxFileBytes !== undefined && override[name]?.jsonBodyBytes === undefined && defined.jsonBodyBytes === undefined;
      if (followsFile) tier.jsonBodyBytes = jsonBodyDefault(tier.maxFileBytes);
      return [name, TierLimits.parse(tier)];
    }),
  );
  return merged as Tiers;
}
