/**
 * get_markdown over MCP: the Markdown itself as text content, and the job
 * (with slot_usage and tier at the top level, like every other tool) as
 * structuredContent.
 */
import { z } from 'zod';
import { SlotUsage } from '../core/jobs/job-schema.ts';
import { getMarkdown } from '../core/operations.ts';
import { readMarkdown } from '../core/jobs/read-inline-markdown.ts';
import { transportLimits } from '../core/transport-limits.ts';
import { toolSpec, type ToolSpec } from './tool-spec.ts';

const MarkdownResult = getMarkdown.output.omit({ content: true }).extend({
  bytes: z.number().int().describe('Size of the Markdown in bytes (UTF-8).'),
  slot_usage: SlotUsage,
  tier: z.string(),
});

export function markdownTool(): ToolSpec {
  return toolSpec(getMarkdown, {
    outputSchema: MarkdownResult,
    async present({ job, file_name, content }, ctx) {
      const url = job.download_url ?? `/api/v2/jobs/${job.job_id}/download`;
      const text = await readMarkdown(content, url, transportLimits(ctx.config, ctx.principal.tier).inlineMarkdownBytes);
      const structured: z.output<typeof MarkdownResult> = {
        job,
        file_name,
        bytes: Buffer.byteLength(text),
        slot_usage: job.slot_usage,
        tier: job.tier,
      };
      return { content: [{ type: 'text', text }], structuredContent: structured };
    },
  });
}
