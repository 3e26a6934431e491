/**
 * get_markdown over MCP: the Markdown itself (or the part asked for) as text
 * content, the pictures it links as image content (up to the caller's image
 * cap; core reads both), and the job (with slot_usage and tier at the top
 * level, like every other tool) with where the part stands as
 * structuredContent.
 */
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import { SlotUsage } from '../core/jobs/job-schema.ts';
import { PartInfo } from '../core/jobs/markdown-part.ts';
import { PartImage, readMarkdownPart } from '../core/jobs/read-markdown-part.ts';
import { getMarkdown } from '../core/operations.ts';
import type { McpBinding } from '../http/mcp-binding.ts';
import { toolSpec, type ToolSpec } from './tool-spec.ts';

const MarkdownResult = getMarkdown.output.pick({ job: true, file_name: true }).extend({
  bytes: z.number().int().describe('Size in bytes (UTF-8) of the Markdown in this answer.'),
  ...PartInfo.shape,
  images: z.array(PartImage).describe('The pictures this Markdown links, in order; those with inline: true follow the text as image content, in this order.'),
  slot_usage: SlotUsage,
  tier: z.string(),
});

/** The tool of a record that declares get_markdown with `output: 'markdown'` (its input then has no `format`). */
export function markdownTool(binding: McpBinding): ToolSpec {
  if (binding.operation.name !== getMarkdown.name) throw new Error(`${binding.operation.name}: only get_markdown's output is stored Markdown`);
  return toolSpec<z.output<typeof getMarkdown.output>>(binding, {
    outputSchema: MarkdownResult,
    async present(out, ctx) {
      const part = await readMarkdownPart(ctx, out);
      const { job, file_name } = out;
      const structured: z.output<typeof MarkdownResult> = {
        job,
        file_name,
        bytes: Buffer.byteLength(part.text),
        ...part.info,
        images: part.images,
        slot_usage: job.slot_usage,
        tier: job.tier,
      };
      const pictures: CallToolResult['content'] = part.images
        .filter((i) => i.inline)
        .map((i) => ({ type: 'image', data: part.png.get(i.name)!.toString('base64'), mimeType: 'image/png' }));
      return { content: [{ type: 'text', text: part.text }, ...pictures], structuredContent: structured };
    },
  });
}
