/** POST /api/v2/jobs/batch: links only, so the body is small JSON under the tier's cap like any JSON creation. */
import { z } from 'zod';
import { BatchItem, MAX_BATCH_ITEMS } from '../../core/jobs/create-job-batch.ts';
import { SlotUsage } from '../../core/jobs/job-schema.ts';
import { createJobBatch } from '../../core/operations.ts';
import { jsonBody } from '../../http/json-body.ts';
import { RATE_NOTE } from '../../http/mcp-binding.ts';
import { IdempotencyKeyHeader, NAMED_SCHEMAS } from '../../http/openapi-components.ts';
import { rateGate } from '../../http/rate-gate.ts';
import { defineRoute } from '../define-route.ts';
import { jsonInput } from './create-job-input.ts';
import { replyBatch } from './replies.ts';

const json = (schema: z.ZodType) => ({ 'application/json': { schema } });
const Batch = z.object({ items: z.array(NAMED_SCHEMAS.Job), slot_usage: SlotUsage, tier: z.string() });

export const batchRoute = defineRoute({
  method: 'post',
  path: '/api/v2/jobs/batch',
  auth: 'ApiKey',
  operation: createJobBatch,
  statuses: [400, 401, 403, 409, 413, 422, 429],
  before: (rt) => [rateGate(rt), jsonBody(rt)],
  mapRequest: jsonInput,
  reply: replyBatch,
  rpc: 'jobs.createBatch',
  mcp: {
    hints: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true },
    guide: `Use for many links at once on a paid plan (batch_enabled); all or nothing. Takes one slot per item. ${RATE_NOTE} Next: pdf_to_markdown_list_jobs or pdf_to_markdown_get_job per job.`,
  },
  openapi: {
    operationId: 'create_job_batch',
    tag: 'jobs',
    success: 201,
    ok: { description: 'Every item created, in item order.', content: json(Batch) },
    alsoOk: { 200: { description: 'The batch created earlier with the same Idempotency-Key (same jobs).', content: json(Batch) } },
    description: `${createJobBatch.description}\n\nRequires an API key with the scope \`jobs:create\` on a plan with \`batch_enabled\` (else 403 \`plan_required\`). Body: \`{"items": [{"url", "file_name"?, "external_id"?, "tags"?, "callback_url"?, "callback_secret"?}, ...]}\`, 1 to ${MAX_BATCH_ITEMS} items. An invalid item answers 400 naming it (\`items[2].url\`); more items than free slots answers 409 \`slots_full\`; a link that cannot be fetched answers 400 naming its item. In every such case no job is created.`,
    request: {
      requestParams: { header: z.object({ 'Idempotency-Key': IdempotencyKeyHeader }) },
      requestBody: { required: true, content: json(z.object({ items: z.array(BatchItem).min(1).max(MAX_BATCH_ITEMS) })) },
    },
  },
});
