/**
 * GET /config: what the extension shows and enforces before uploading. The
 * values are the v1 lane's (the anonymous tier), from configuration.
 */
import { z } from 'zod';
import type { Config } from '../config.ts';
import { defineOperation } from '../operation.ts';

export const ClientConfig = z.object({
  job_ttl_seconds: z.number().int().describe('How long a ready result is kept before cleanup.'),
  max_file_size: z.number().int().describe('Largest device-signed upload, bytes.'),
  max_slots: z.number().int().describe('Active jobs at once; also the length of the recent-jobs list.'),
  support_url: z.url(),
  announcement: z
    .object({ active: z.boolean(), id: z.string(), kind: z.string(), url: z.url() })
    .nullable()
    .describe('Null when there is no active announcement.'),
});
export type ClientConfig = z.infer<typeof ClientConfig>;

export function clientConfig(config: Pick<Config, 'tiers' | 'supportUrl' | 'announcement'>): ClientConfig {
  const lane = config.tiers.anonymous;
  return {
    job_ttl_seconds: lane.retentionSeconds,
    max_file_size: lane.maxFileBytes,
    max_slots: lane.slots,
    support_url: config.supportUrl,
    announcement: config.announcement?.active ? config.announcement : null,
  };
}

/** get_client_config: the unsigned v1 client configuration; open to anyone, costs no budget. */
export const getClientConfig = defineOperation({
  name: 'get_client_config',
  title: 'Client configuration',
  description: 'Limits and notices the browser extension shows and enforces before uploading (the anonymous lane).',
  scope: null,
  errors: [],
  actors: ['anonymous'],
  input: z.object({}),
  output: ClientConfig,
  handler: async (ctx) => clientConfig(ctx.config),
});
