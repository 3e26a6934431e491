/**
 * get_markdown over MCP: the Markdown itself as text content (read inline
 * under the caller's cap by core), and the job (with slot_usage and tier at
 * the top level, like every other tool) as structuredContent.
 */
import { z } from 'zod';
import { SlotUsage } from '../core/jobs/job-schema.ts';
import { readInlineMarkdown } from '../core/jobs/read-inline-markdown.ts';
import { getMarkdown } from '../core/operations.ts';
import { toolSpec, type ToolSpec } from './tool-spec.ts';

const MarkdownResult = getMarkdown.output.omit({ result: true }).extend({
  bytes: z.number().int().describe('Size of the Markdown in bytes (UTF-8).'),
  slot_usage: SlotUsage,
  tier: z.string(),
});

export function markdownTool(): ToolSpec {
  return toolSpec(getMarkdown, {
    presenter: {
      outputSchema: MarkdownResult,
      async present(out, ctx) {
        const text = await readInlineMarkdown(ctx, out);
        const { job, file_name } = out;
        const structured: z.output<typeof MarkdownResult> = {
          job,
          file_name,
          bytes: Buffer.byteLength(text),
          slot_usage: job.slot_usage,
          tier: job.tier,
        };
        return { content: [{ type: 'text', text }], structuredContent: structured };
      },
    },
  });
}
