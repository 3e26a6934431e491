/**
 * The numbers a transport enforces for a caller, read from the caller's tier
 * (core/tiers.ts). Transports ask here instead of keeping constants of their
 * own, so REST, MCP, tRPC and v1 apply the same caps to the same caller.
 */
import type { Config } from './config.ts';
import type { Principal } from './principal.ts';
import type { TierName } from './tiers.ts';

export type TransportLimits = {
  /** Largest JSON request body (REST JSON, an MCP request, a tRPC request). */
  jsonBodyBytes: number;
  /** Largest uploaded file; a multipart body may add its framing around it. */
  uploadBytes: number;
  /** Largest Markdown returned inline by the JSON transports. */
  inlineMarkdownBytes: number;
  /** Jobs listed by the v1 GET /jobs. */
  recentJobsListed: number;
};

/** The transport limits of a tier. */
export function transportLimits(config: Pick<Config, 'tiers'>, tier: TierName): TransportLimits {
  const t = config.tiers[tier];
  return {
    jsonBodyBytes: t.jsonBodyBytes,
    uploadBytes: t.maxFileBytes,
    inlineMarkdownBytes: t.inlineMarkdownBytes,
    recentJobsListed: t.recentJobsListed,
  };
}

/** Largest file this caller may upload: an upload ticket's own cap (fixed when it was minted), else its tier's. */
export function uploadBytesFor(config: Pick<Config, 'tiers'>, p: Principal): number {
  return p.kind === 'upload_ticket' ? p.maxBytes : config.tiers[p.tier].maxFileBytes;
}
