import { z } from 'zod';
import { defineOperation } from '../operation.ts';
import { usageOf } from './job-access.ts';
import { SlotUsage } from './job-schema.ts';

export const Limits = z.object({
  tier: z.string(),
  slot_usage: SlotUsage,
  max_file_size: z.number().int().describe('Largest PDF accepted, bytes.'),
  time_budget_seconds: z.number().int().describe('Longest conversion of one document.'),
  on_time_budget: z.enum(['fail', 'truncate']).describe('What happens at the time budget.'),
  retention_seconds: z.number().int().describe('How long a ready result is kept.'),
  rate_limit_per_minute: z.number().int().describe('Operation calls a minute, on every transport together.'),
  max_json_body_size: z.number().int().describe('Largest JSON request body (REST, MCP, tRPC), bytes. A base64 upload (content_base64) must fit in it: about 3/4 of it in PDF bytes, well below max_file_size. Send larger PDFs as multipart/form-data (POST /api/v2/jobs with a file part, streamed, up to max_file_size) or, from a linked device, with an upload ticket.'),
  max_inline_markdown_size: z.number().int().describe('Largest Markdown returned inline by MCP and tRPC, bytes.'),
  max_inline_images_size: z.number().int().describe('Largest total of pictures (PNG bytes) MCP get_markdown returns as image content in one answer; the rest are listed, and come with the zip download.'),
  max_result_size: z.number().int().describe('Largest result of one job, bytes: its Markdown plus its pictures (images: files). Pictures past it are left out, and the Markdown says so.'),
  batch_enabled: z.boolean(),
});

export const getLimits = defineOperation({
  name: 'get_limits',
  title: 'Get limits and slot usage',
  description: 'The caller\'s tier, its limits, and how many conversion slots are in use.',
  scope: null,
  errors: [],
  actors: ['api_key', 'session', 'device'],
  input: z.object({}),
  output: Limits,
  async handler(ctx) {
    const t = ctx.config.tiers[ctx.principal.tier];
    return {
      tier: ctx.principal.tier,
      slot_usage: await usageOf(ctx),
      max_file_size: t.maxFileBytes,
      time_budget_seconds: Math.round(t.timeBudgetMs / 1000),
      on_time_budget: t.onBudget,
      retention_seconds: t.retentionSeconds,
      rate_limit_per_minute: t.ratePerMinute,
      max_json_body_size: t.jsonBodyBytes,
      max_inline_markdown_size: t.inlineMarkdownBytes,
      max_inline_images_size: t.inlineImageBytes,
      max_result_size: t.resultBytes,
      batch_enabled: t.batchEnabled,
    };
  },
});
