/**
 * One MCP tool per core operation: its tools/list entry and how a call's
 * output becomes a CallToolResult. Outputs are JSON and go out as text plus
 * structuredContent; get_markdown, whose output is a stream, has its own
 * presentation (markdown-tool.ts).
 */
import type { CallToolResult, Tool } from '@modelcontextprotocol/sdk/types.js';
import type { z } from 'zod';
import type { Ctx } from '../core/context.ts';
import { invoke, type Operation } from '../core/operation.ts';
import { TOOL_ANNOTATIONS } from './tool-annotations.ts';
import { toolJsonSchema } from './tool-json-schema.ts';

export const TOOL_PREFIX = 'pdf_to_markdown_';

export type ToolSpec = {
  tool: Tool;
  call(ctx: Ctx, args: unknown): Promise<CallToolResult>;
};

/** How an operation's output is shown to the model, and the schema of its structuredContent. */
export type Presenter<O> = {
  outputSchema: z.ZodType;
  present(out: O, ctx: Ctx): Promise<CallToolResult>;
};

/** JSON outputs: the JSON as text (for clients that ignore structuredContent) and as structuredContent. */
export function jsonPresenter<O extends z.ZodType>(op: Operation<z.ZodType, O>): Presenter<z.output<O>> {
  return {
    outputSchema: op.output,
    present: async (out) => ({
      content: [{ type: 'text', text: JSON.stringify(out) }],
      structuredContent: out as Record<string, unknown>,
    }),
  };
}

export function toolSpec<I extends z.ZodType, O extends z.ZodType>(
  op: Operation<I, O>,
  presenter: Presenter<z.output<O>> = jsonPresenter(op),
): ToolSpec {
  const annotations = TOOL_ANNOTATIONS[op.name];
  if (!annotations) throw new Error(`tools/tool-annotations.ts has no entry for ${op.name}`);
  return {
    tool: {
      name: TOOL_PREFIX + op.name,
      title: op.title,
      description: op.description,
      inputSchema: toolJsonSchema(op.input, 'input'),
      outputSchema: toolJsonSchema(presenter.outputSchema, 'output'),
      annotations: { title: op.title, ...annotations },
    },
    call: async (ctx, args) => presenter.present(await invoke(op, ctx, args), ctx),
  };
}
