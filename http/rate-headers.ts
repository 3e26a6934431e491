/**
 * The IETF RateLimit header fields (draft-ietf-httpapi-ratelimit-headers-11):
 * `RateLimit-Policy: "<tier>";q=<calls>;w=<seconds>` and
 * `RateLimit: "<tier>";r=<remaining>;t=<seconds to reset>`. The numbers are
 * core's (the charge invoke() made, or the refusal); this only writes them.
 */
import type { Response } from 'express';
import type { RateCharge } from '../core/ratelimit/consume-rate.ts';

/** The two header fields for a charge, by name. */
export function rateLimitHeaders(c: RateCharge): Record<'RateLimit-Policy' | 'RateLimit', string> {
  // Policy names are core's identifiers (tier names, register-address …), safe inside a structured-field string.
  return {
    'RateLimit-Policy': `"${c.policy}";q=${c.limit};w=${c.windowSeconds}`,
    RateLimit: `"${c.policy}";r=${c.remaining};t=${c.resetSeconds}`,
  };
}

/** Sets the RateLimit header fields on a response whose headers are not sent yet. */
export function writeRateHeaders(res: Response, c: RateCharge): void {
  if (res.headersSent) return;
  // Written on every charged call: set directly rather than through rateLimitHeaders' record.
  res.setHeader('RateLimit-Policy', `"${c.policy}";q=${c.limit};w=${c.windowSeconds}`);
  res.setHeader('RateLimit', `"${c.policy}";r=${c.remaining};t=${c.resetSeconds}`);
}
