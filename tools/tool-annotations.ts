/**
 * Behaviour hints per operation for MCP clients (tools/list annotations).
 * Creating is not idempotent by itself (only with an idempotency_key);
 * delete cancels or removes, and repeating it answers the same.
 */
import type { ToolAnnotations } from '@modelcontextprotocol/sdk/types.js';

const READ: ToolAnnotations = { readOnlyHint: true, idempotentHint: true, openWorldHint: false };

export const TOOL_ANNOTATIONS: Readonly<Record<string, ToolAnnotations>> = {
  create_job_from_url: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true },
  create_job_from_upload: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
  list_jobs: READ,
  get_job: READ,
  get_markdown: READ,
  delete_job: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: false },
  get_limits: READ,
  create_job_batch: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true },
};
