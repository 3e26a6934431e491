/**
 * The v2 Job object and the small schemas around it. These feed validation,
 * OpenAPI, MCP tool schemas and tRPC alike.
 */
import { z } from 'zod';
import { isPlainText, plainText } from '../text/plain-text.ts';
import { JobErrorCode } from './job-error-code.ts';
import { JobOptions } from './job-options.ts';
import { JobStatus } from './job-status.ts';

export { JobStatus };

export const JobId = z.uuid({ message: 'job_id must be a UUID' });

export const Tags = z
  .array(plainText(64))
  .max(20)
  .describe('Free-form labels, echoed back. At most 20 of at most 64 characters.');

export const SlotUsage = z
  .object({
    used: z.number().int().describe('Active (queued or processing) jobs of this owner.'),
    limit: z.number().int().describe('Active jobs allowed at once on this tier.'),
    free: z.number().int(),
  })
  .describe('Quota context: how many conversion slots are in use.');

/** Why a page was read by OCR (engine OcrPage). */
export const OcrReason = z.enum(['forced', 'no_text_layer', 'unusable_glyphs', 'few_letters', 'unmapped_glyphs']);

export const OcrPages = z.array(z.object({ page: z.number().int(), reason: OcrReason }));

/** What hidden_text: drop removed (engine HiddenTextReport). */
export const HiddenTextReport = z.object({
  spans: z.number().int().describe('Text spans dropped.'),
  pages: z.array(z.number().int()).describe('Pages they were on.'),
  kinds: z
    .array(z.enum(['render_mode_3', 'background_colour', 'transparent', 'tiny', 'outside_crop_box', 'hidden_layer', 'covered']))
    .describe('Why they counted as hidden.'),
});

export const Job = z.object({
  job_id: z.string(),
  status: JobStatus,
  status_since: z.string().describe('ISO 8601 time the job entered its status.'),
  created_at: z.string(),
  owner_type: z.enum(['device', 'account_device', 'api_key']),
  file_name: z.string(),
  source_url: z.string().nullable(),
  pages: z.number().int().nullable().describe('Pages in the document, once known.'),
  progress: z.object({ pages_done: z.number().int(), pages_total: z.number().int().nullable() }),
  output_size: z.number().int().nullable().describe('Size of the Markdown in bytes, when ready.'),
  truncated: z.boolean().describe('True when only part of the document was converted within the time budget.'),
  ocr_pages: OcrPages.optional().describe(
    'Present once converted: the pages read by OCR instead of their text layer, and why ' +
      '(forced: converter ocr; no_text_layer: a scan or outlined text; unusable_glyphs, few_letters: a text layer that does not decode to words; ' +
      'unmapped_glyphs: only the regions of the page set in glyphs without text were read by OCR).',
  ),
  error_code: JobErrorCode.optional(),
  error_message: z.string().optional(),
  download_url: z.string().optional().describe('Present when ready: /api/v2/jobs/{id}/download.'),
  expires_at: z.string().optional().describe('When status is ready: when the result is deleted (retention). When expired: when it was.'),
  external_id: z.string().nullable(),
  tags: Tags.nullable(),
  created_by: z
    .object({ api_key_id: z.string().nullable(), device_id: z.string().nullable() })
    .describe('What made the job: one of the account\'s API keys or a device (both null: the account page, signed in).'),
  options: JobOptions.describe('The conversion options the job was created with, defaults filled in.'),
  hidden_text: HiddenTextReport.optional().describe(
    'Present once converted, when the engine reports it: the text that was never visibly painted and was dropped (hidden_text: drop).',
  ),
  structure: z
    .enum(['tags', 'layout'])
    .optional()
    .describe('Present once converted, when the engine reports it: `tags` when the PDF\'s structure tree was used, `layout` when the page layout was.'),
  slot_usage: SlotUsage,
  tier: z.string(),
});
export type Job = z.infer<typeof Job>;

export const JobFields = {
  file_name: plainText(255).optional(),
  external_id: plainText(255).optional(),
  tags: Tags.optional(),
  callback_url: z
    .url({ protocol: /^https$/, message: 'callback_url must be an https URL' })
    .max(2048)
    .refine(isPlainText, { message: 'callback_url must not contain control characters' })
    .optional(),
  callback_secret: plainText(256).min(16).optional(),
  idempotency_key: plainText(255).optional().describe('Same key again in the same account: the existing job, no duplicate.'),
  options: JobOptions.optional(),
};
