/**
 * Domain errors: one class, one table of HTTP statuses. Every transport maps a
 * DomainError through STATUS (REST), TRPC_CODE (tRPC) or JSON-RPC error data
 * (MCP); matching on messages is never needed.
 */
import type { RateCharge } from './ratelimit/consume-rate.ts';

export const STATUS = {
  bad_input: 400,
  not_a_pdf: 400,
  fetch_failed: 400,
  unauthenticated: 401,
  forbidden: 403,
  api_key_required: 403,
  insufficient_scope: 403,
  device_blocked: 403,
  not_linked: 403,
  limit_reached: 403,
  /** The caller's tier does not include the feature (webhooks on anonymous and free). */
  not_in_plan: 403,
  not_found: 404,
  slots_full: 409,
  not_ready: 409,
  replay: 409,
  gone: 410,
  too_large: 413,
  idempotency_mismatch: 422,
  rate_limited: 429,
  internal: 500,
  not_configured: 503,
  // Paid tiers (issue 12).
  plan_required: 403,
  already_subscribed: 409,
  billing_unavailable: 502,
  billing_not_configured: 503,
  /** The identity provider answered the sign-in's token exchange with a failure (not a refused code). */
  idp_error: 502,
  /** The identity provider could not be reached or described (discovery failed). */
  idp_unavailable: 503,
  // Issue 18.
  /** An upload ticket already created its job from another file (or other fields); ask for a new ticket. */
  ticket_used: 409,
  /** The request body is not in a media type the route reads (e.g. checkout without application/json). */
  unsupported_media_type: 415,
  /** The path exists but not for this method; the answer's Allow lists the ones it has. */
  method_not_allowed: 405,
} as const;

export type ErrorCode = keyof typeof STATUS;

export class DomainError extends Error {
  readonly code: ErrorCode;
  /** Seconds to wait, for rate_limited. */
  readonly retryAfter?: number;
  /** For rate_limited: the caller's budget, for the RateLimit header fields. */
  readonly rate?: RateCharge;
  constructor(code: ErrorCode, message: string, opts?: { retryAfter?: number; rate?: RateCharge; cause?: unknown }) {
    super(message, opts?.cause === undefined ? undefined : { cause: opts.cause });
    this.name = 'DomainError';
    this.code = code;
    if (opts?.retryAfter !== undefined) this.retryAfter = opts.retryAfter;
    if (opts?.rate !== undefined) this.rate = opts.rate;
  }
}

export const isDomainError = (e: unknown): e is DomainError => e instanceof DomainError;
