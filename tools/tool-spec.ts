/**
 * One MCP tool per core operation: its tools/list entry and how a call's
 * output becomes a CallToolResult. Input and output schemas are the
 * operation's own; an operation whose input also takes a value JSON cannot
 * carry (an upload's BlobSource) is offered through the JSON form core
 * defines beside it, which the operation's own input accepts as it is.
 * get_markdown, whose output is a reference to the stored Markdown, has its
 * own presentation (markdown-tool.ts).
 */
import { MCP_TOOL_PREFIX } from '../core/operations.ts';
import type { CallToolResult, Tool } from '@modelcontextprotocol/sdk/types.js';
import type { z } from 'zod';
import type { Ctx } from '../core/context.ts';
import { invoke, type Operation } from '../core/operation.ts';
import { TOOL_ANNOTATIONS } from './tool-annotations.ts';
import { toolDescription } from './tool-guide.ts';
import { toolJsonSchema } from './tool-json-schema.ts';

export const TOOL_PREFIX = MCP_TOOL_PREFIX;

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
  opts: { presenter?: Presenter<z.output<O>>; jsonInput?: z.ZodType } = {},
): ToolSpec {
  const annotations = TOOL_ANNOTATIONS[op.name];
  if (!annotations) throw new Error(`tools/tool-annotations.ts has no entry for ${op.name}`);
  const presenter = opts.presenter ?? jsonPresenter(op);
  return {
    tool: {
      name: TOOL_PREFIX + op.name,
      title: op.title,
      description: toolDescription(op.name, op.description),
      inputSchema: toolJsonSchema(opts.jsonInput ?? op.input, 'input'),
      outputSchema: toolJsonSchema(presenter.outputSchema, 'output'),
      annotations: { title: op.title, ...annotations },
    },
    call: async (ctx, args) => presenter.present(await invoke(op, ctx, args), ctx),
  };
}
