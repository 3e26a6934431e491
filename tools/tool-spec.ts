/**
 * One MCP tool per tool a route record declares (http/mcp-binding.ts): its
 * tools/list entry and how a call's output becomes a CallToolResult. Name,
 * title, description and schemas are the operation's own, the hints and the
 * guide (appended to the description) the record's; an operation whose
 * input also takes a value JSON cannot carry (an upload's BlobSource) is
 * offered through the JSON form the record names, which the operation's own
 * input accepts as it is. get_markdown, whose output is a reference to the
 * stored Markdown, has its own presentation (markdown-tool.ts).
 */
import { MCP_TOOL_PREFIX } from '../core/operations.ts';
import type { CallToolResult, Tool } from '@modelcontextprotocol/sdk/types.js';
import type { z } from 'zod';
import type { Ctx } from '../core/context.ts';
import { invoke, type Operation } from '../core/operation.ts';
import type { McpBinding } from '../http/mcp-binding.ts';
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

/** The tool a record declares; `presenter` when its output is not sent as JSON. */
export function toolSpec<O>(binding: McpBinding, presenter?: Presenter<O>): ToolSpec {
  const op = binding.operation;
  const shown = presenter ?? (jsonPresenter(op) as Presenter<O>);
  return {
    tool: {
      name: TOOL_PREFIX + op.name,
      title: op.title,
      description: `${op.description}\n\n${binding.guide}`,
      inputSchema: toolJsonSchema(binding.jsonInput ?? op.input, 'input'),
      outputSchema: toolJsonSchema(shown.outputSchema, 'output'),
      annotations: { title: op.title, ...binding.hints },
    },
    call: async (ctx, args) => shown.present((await invoke(op, ctx, args)) as O, ctx),
  };
}
